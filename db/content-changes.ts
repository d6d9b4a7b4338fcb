import { DatabaseSync, type StatementSync } from "node:sqlite";
import pg from "pg";

/**
 * What the database says about changes to public content (migration 2026-11-24T12-00): tags
 * such as `catalogue`, `course:<id>` or `site`, from every process and tool that writes. The
 * response cache subscribes; nothing is watched until something does.
 */
export interface ContentChanges {
  /**
   * Calls `onTags` with the tags of each change committed from now on, in any process, and the
   * moment (`performance.now()`) they were committed after at the earliest, as far as this
   * process can tell: the response cache serves a copy older than a change for a bounded time
   * only (decision 0056). `-Infinity` when unknown (the listener was down meanwhile).
   */
  subscribe(onTags: (tags: string[], committedAfter: number) => void): void;
  /**
   * Delivers the changes committed so far, at once. SQLite reads its stamps here (microseconds,
   * no round trip); PostgreSQL's arrive by themselves, so this does nothing there.
   */
  catchUp(): void;
  /** False while changes may go unseen (PostgreSQL's listener is down): answer from nothing kept. */
  readonly watching: boolean;
  /**
   * This process committed a write to public content (db/index.ts calls it): resolves once every
   * change committed so far has reached the subscribers, or will before the next `catchUp`.
   */
  written(): Promise<void>;
  close(): void;
}

export const CONTENT_CHANGES_CHANNEL = "content_changes";
/**
 * The tables whose writes may change what anonymous visitors see: those with triggers (migrations
 * 2026-11-24T12-00, 2026-11-25T17-00 and 2026-11-28T10-10), and those whose triggers or use cases move one of them (a tally moves its
 * course's counts; a helpful vote its review's count).
 */
export const CONTENT_TABLES = [
  "services",
  "reviews",
  "review_replies",
  "review_tallies",
  "review_votes",
  "enrollments",
  "users",
  "site_settings",
  "owners",
  "posts",
  "post_tags",
  "tags",
  "writing_tasks",
] as const;
/** The tag that changes every answer. */
export const EVERYTHING = "site";

/** How often SQLite's stamps are read when this process wrote nothing: other processes' writes. */
const SQLITE_POLL_MS = 100;

/**
 * SQLite: the triggers stamp each tag with a rising number; a second connection reads them. A
 * write by this process is read before the next answer; another process's (a second server, a
 * script) within `SQLITE_POLL_MS`: reading on every request would cost a quarter of a cached
 * answer's time. (A writer is signed in, and a signed-in person is never answered from the
 * cache, so nobody sees their own write missing.)
 */
export function sqliteContentChanges(path: string): ContentChanges {
  const subscribers: ((tags: string[], committedAfter: number) => void)[] = [];
  let reader: { database: DatabaseSync; newest: StatementSync; since: StatementSync } | undefined;
  let seen = 0;
  let watching = false;
  let wrote = false;
  let readAt = 0;

  function start() {
    // An in-memory database is private to its connection: nothing else can see its changes.
    if (path === ":memory:") return;
    try {
      const database = new DatabaseSync(path, { readOnly: true, timeout: 5000 });
      reader = {
        database,
        newest: database.prepare("select coalesce(max(seq), 0) as seq from content_changes"),
        since: database.prepare("select tag, seq from content_changes where seq > ? order by seq"),
      };
      seen = Number((reader.newest.get() as { seq: number }).seq);
      watching = true;
    } catch (error) {
      console.error("Content changes cannot be watched; nothing is cached:", error);
    }
  }

  return {
    subscribe(onTags) {
      subscribers.push(onTags);
      if (!reader) start();
    },
    catchUp() {
      if (!reader) return;
      const now = performance.now();
      if (!wrote && now - readAt < SQLITE_POLL_MS) return;
      wrote = false;
      // What is found now was committed after the previous look found nothing newer.
      const committedAfter = readAt;
      readAt = now;
      const newest = Number((reader.newest.get() as { seq: number }).seq);
      if (newest <= seen) return;
      const rows = reader.since.all(seen) as { tag: string; seq: number }[];
      seen = newest;
      const tags = rows.map((row) => row.tag);
      for (const subscriber of subscribers) subscriber(tags, committedAfter);
    },
    get watching() {
      return watching;
    },
    async written() {
      wrote = true;
    },
    close() {
      reader?.database.close();
      reader = undefined;
      watching = false;
    },
  };
}

const RECONNECT_AFTER_MS = 1000;
const SETTLE_TIMEOUT_MS = 2000;

/**
 * PostgreSQL: one connection LISTENs on `content_changes`; NOTIFY delivers each committed change
 * to every listening process. While the connection is down nothing counts as watched, and when it
 * is back every subscriber hears `site` (what happened meanwhile is unknown).
 */
export function postgresContentChanges(connectionString: string): ContentChanges {
  const subscribers: ((tags: string[], committedAfter: number) => void)[] = [];
  let client: pg.Client | undefined;
  let watching = false;
  let closed = false;
  let markers = 0;
  const waiting = new Map<string, () => void>();
  const marker = `settled:${process.pid}:${Math.random().toString(36).slice(2)}:`;
  /**
   * A NOTIFY arrives a moment after its commit (well under a millisecond on one machine, unless
   * this process is busy): its arrival is taken for its commit. What happened while the listener
   * was down is unknown (`-Infinity`).
   */
  const deliver = (tags: string[], committedAfter = performance.now()) => {
    for (const subscriber of subscribers) subscriber(tags, committedAfter);
  };

  async function connect() {
    if (closed || client) return;
    const listener = new pg.Client({ connectionString });
    client = listener;
    const lost = () => {
      if (client !== listener) return;
      client = undefined;
      watching = false;
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      listener.end().catch(() => {});
      if (!closed) setTimeout(() => void connect(), RECONNECT_AFTER_MS).unref();
    };
    listener.on("error", (error) => {
      if (!closed) console.error("The content-changes listener failed:", error.message);
      lost();
    });
    listener.on("end", lost);
    listener.on("notification", ({ payload }) => {
      if (payload === undefined) return;
      if (payload.startsWith(marker)) {
        waiting.get(payload)?.();
        waiting.delete(payload);
      } else if (!payload.startsWith("settled:")) {
        deliver([payload]);
      }
    });
    try {
      await listener.connect();
      await listener.query(`listen ${CONTENT_CHANGES_CHANNEL}`);
      if (client !== listener || closed) return;
      deliver([EVERYTHING], Number.NEGATIVE_INFINITY);
      watching = true;
    } catch (error) {
      if (!closed) console.error("The content-changes listener cannot connect:", String(error));
      lost();
    }
  }

  return {
    subscribe(onTags) {
      subscribers.push(onTags);
      void connect();
    },
    catchUp() {},
    get watching() {
      return watching;
    },
    async written() {
      const listener = client;
      if (!watching || !listener) return;
      // Notifications arrive in commit order: once this one is back, every change committed
      // before it has been delivered.
      const payload = `${marker}${++markers}`;
      const back = new Promise<void>((resolve) => {
        waiting.set(payload, resolve);
        setTimeout(() => {
          if (!waiting.delete(payload)) return;
          // Not back in time: forget everything rather than risk an old answer.
          deliver([EVERYTHING], Number.NEGATIVE_INFINITY);
          resolve();
        }, SETTLE_TIMEOUT_MS).unref();
      });
      await listener
        .query("select pg_notify($1, $2)", [CONTENT_CHANGES_CHANNEL, payload])
        .catch(() => waiting.get(payload)?.());
      await back;
    },
    close() {
      closed = true;
      watching = false;
      const listener = client;
      client = undefined;
      for (const resolve of waiting.values()) resolve();
      waiting.clear();
      void listener?.end().catch(() => {});
    },
  };
}
