import { hash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { type ContentChanges, EVERYTHING } from "../db/content-changes.ts";
import { isAnonymous } from "./anonymous-request.ts";
import { clientHolds } from "./http-caching.ts";

/**
 * Anonymous answers of public pages and public API reads, kept in memory and answered again until
 * a write changes them (decision 0035). The same for every visitor until someone writes, which is
 * what a CDN would exploit; the site does it itself, correct across processes.
 *
 * - Only GET and HEAD of the paths `tagsOf` knows, and only for a request with no session,
 *   token or toast: a signed-in person is never answered from here, and their answers are never
 *   kept. An answer is kept only when it is a 200 with no Set-Cookie and not marked private.
 * - Each answer carries the tags of what it shows (`catalogue`, `course:<id>`); the database
 *   announces the tags each write changes (db/content-changes.ts), which makes exactly those
 *   answers stale. `site` makes every answer stale.
 * - An answer rendered while a write committed is kept only as a copy already stale: the
 *   versions of its tags are read before it is made and compared whenever it is found.
 * - Kept answers carry an ETag; a request with it in If-None-Match gets 304. An answer from the
 *   cache says so with `X-Cache: hit` (for operators and the tests).
 * - One render per changed page (decision 0056): when a write makes a kept answer stale, the first
 *   request for it renders it again; the others meanwhile get the previous copy (`X-Cache:
 *   stale`) while the write is less than `STALE_FOR_AT_MOST_MS` old, and otherwise wait for that
 *   render. A crowd never renders the same page at once, and nobody sees a copy a second older
 *   than a write.
 */
export interface ResponseCache {
  /**
   * Answers a request straight from node:http when it can, with its X-Request-Id, and says how
   * (`hit`, or `stale` while the page renders again); false to let the app answer.
   */
  answerDirectly(
    request: IncomingMessage,
    response: ServerResponse,
    requestId: string,
  ): false | "hit" | "stale";
  /** The app's outermost middleware: answers from the cache or keeps what the app answered. */
  middleware: MiddlewareHandler;
}

/** The epoch and the versions of an answer's tags when it was read from the database. */
interface Seen {
  epoch: number;
  versions: number[];
}

interface KeptAnswer extends Seen {
  status: number;
  /** The key it is kept under. */
  key: string;
  /** Header names and values, flat, as node:http's writeHead takes them. */
  headers: string[];
  /** The 304's headers: the same without the body's length and encoding. */
  notModifiedHeaders: string[];
  /**
   * Each list again with a last slot for the request's id, for answerDirectly (the middleware's
   * answers get their id from the app).
   */
  headersWithId: string[];
  notModifiedHeadersWithId: string[];
  /** The same four lists saying `X-Cache: stale`, for the previous copy served during a render. */
  stale: {
    headers: string[];
    notModifiedHeaders: string[];
    headersWithId: string[];
    notModifiedHeadersWithId: string[];
  };
  body: Buffer;
  etag: string;
  tags: string[];
}

const MAX_BYTES = 64 * 1024 * 1024;
/**
 * How long after a write the previous copy may still be served while the page renders again. A
 * write is heard at once in its own process, within 100 ms from another SQLite process (the
 * poll) and within a few ms from another PostgreSQL one (NOTIFY), and the time counted is the
 * earliest it can have been committed: so no copy is served a second after the write.
 */
export const STALE_FOR_AT_MOST_MS = 800;
/** A reader waits for at most this many renders that come out too old before rendering itself. */
const MAX_RENDERS_WAITED_FOR = 3;
/** Changes are remembered this long with their times; an older one is too old to serve across. */
const CHANGE_TIMES_KEPT_MS = 5000;
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * The tags of what a public path shows, or undefined when its answers are not kept. React Router
 * asks for a page's data on client-side navigation as `<path>.data` (`/_root.data` for `/`).
 */
export function tagsOf(path: string): string[] | undefined {
  const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -5) : path;
  if (CATALOGUE_PATHS.has(page)) return ["catalogue"];
  const course = COURSE_PATH.exec(page);
  if (course) {
    try {
      return [`course:${decodeURIComponent(course[1] ?? "")}`];
    } catch {
      return undefined; // Not a course id anyone could have written.
    }
  }
  if (WRITING_PATH.test(page)) return ["writing"];
  if (FIXED_PAGE.test(page)) return [];
  return undefined;
}

const CATALOGUE_PATHS = new Set(["/", "/services", "/api/", "/api/services", "/sitemap.xml"]);
const COURSE_PATH = /^\/(?:services|api\/services|api\/reviews)\/([^/]+)$/;
// The Writing tasks students read: their writes announce `writing` (migration 2026-11-28T10-10).
// A student's own answers are only ever shown to them signed in, never from here.
const WRITING_PATH = /^\/(?:writing|writing\/tasks\/[^/]+|api\/writing\/tasks(?:\/[^/]+)?)$/;
// The blog's answers change with posts, whose writes announce `site` (migration 2026-11-25T17-00).
// The API's reference changes only with the code, and names the site in its footer.
const FIXED_PAGE =
  /^\/(?:blog(?:\/tag)?(?:\/[^/]+)?|api\/posts(?:\/[^/]+)?|api\/docs|about|privacy|terms|robots\.txt)$/;

function keyOf(pathAndQuery: string, acceptEncoding: string | null | undefined): string {
  return `${pathAndQuery}\n${acceptEncoding ?? ""}`;
}

const WITHOUT_BODY_HEADERS = new Set(["content-length", "content-encoding", "content-type"]);

/**
 * Told of every cacheable read, for the metrics (server/metrics.ts) and the request's line:
 * answered from a kept copy (`hit`), rendered (`miss`), given the previous copy while another
 * request renders the page again (`stale`), or given the answer another request rendered
 * (`shared`).
 */
export interface CacheCounts {
  hit: () => void;
  miss: () => void;
  stale: () => void;
  shared: () => void;
}

const NO_COUNTS: CacheCounts = { hit() {}, miss() {}, stale() {}, shared() {} };

export function createResponseCache(
  changes: ContentChanges,
  counts: CacheCounts = NO_COUNTS,
): ResponseCache {
  const answers = new LRUCache<string, KeptAnswer>({
    maxSize: MAX_BYTES,
    sizeCalculation: (answer) => answer.body.length + 512,
  });
  const versions = new Map<string, number>();
  let epoch = 0;
  /**
   * When each recent version of a tag (and of the epoch, under "") came to be: the earliest its
   * write can have been committed. A copy is stale since the first change after the one it saw.
   */
  const changeTimes = new Map<string, { version: number; at: number }[]>();
  const remember = (tag: string, version: number, at: number) => {
    const times = changeTimes.get(tag) ?? [];
    const now = performance.now();
    while (times.length > 0 && now - (times[0]?.at ?? now) > CHANGE_TIMES_KEPT_MS) times.shift();
    times.push({ version, at });
    changeTimes.set(tag, times);
  };
  /** When `version` of `tag` came to be; -Infinity when that is too long ago to know. */
  const timeOf = (tag: string, version: number) =>
    changeTimes.get(tag)?.find((change) => change.version === version)?.at ??
    Number.NEGATIVE_INFINITY;
  changes.subscribe((tags, committedAfter) => {
    for (const tag of tags) {
      if (tag === EVERYTHING) {
        epoch++;
        remember("", epoch, committedAfter);
      } else {
        const version = (versions.get(tag) ?? 0) + 1;
        versions.set(tag, version);
        remember(tag, version, committedAfter);
      }
    }
  });
  /** Renders in progress, by key: what they keep, or undefined when they keep nothing. */
  const rendering = new Map<string, Promise<KeptAnswer | undefined>>();

  /** The versions of these tags now, to compare with once the answer is made. */
  const seenNow = (tags: string[]): Seen => {
    changes.catchUp();
    return { epoch, versions: tags.map((tag) => versions.get(tag) ?? 0) };
  };
  /** Since when an answer is stale (a `performance.now()` time), or undefined while it is not. */
  const staleSince = (answer: KeptAnswer): number | undefined => {
    let since = Number.POSITIVE_INFINITY;
    if (answer.epoch !== epoch) since = timeOf("", answer.epoch + 1);
    answer.tags.forEach((tag, i) => {
      const seen = answer.versions[i] ?? 0;
      if ((versions.get(tag) ?? 0) !== seen) since = Math.min(since, timeOf(tag, seen + 1));
    });
    return since === Number.POSITIVE_INFINITY ? undefined : since;
  };
  /** Whether an answer stale since `since` is still recent enough to be served. */
  const servableStale = (since: number) => performance.now() - since <= STALE_FOR_AT_MOST_MS;
  /**
   * Whether a stale answer may be served instead of rendering the page: only while another
   * request renders it again, and only while the write is recent enough. With nobody rendering
   * it, the request renders it, so a visitor who comes after a write sees it.
   */
  const mayServeStale = (answer: KeptAnswer, since: number | undefined) =>
    since !== undefined && servableStale(since) && rendering.has(answer.key);
  /** Whether `seen` saw at least what `other` saw: it may replace it. */
  const atLeastAsNew = (seen: Seen, other: Seen) =>
    seen.epoch > other.epoch ||
    (seen.epoch === other.epoch &&
      seen.versions.every((version, i) => version >= (other.versions[i] ?? 0)));

  /** The tags of a request the cache may answer or keep, or undefined when it must not. */
  function tagsIfCacheable(
    method: string,
    path: string,
    headers: IncomingHttpHeaders | Headers,
  ): string[] | undefined {
    if ((method !== "GET" && method !== "HEAD") || !changes.watching) return undefined;
    const tags = tagsOf(path);
    return tags && isAnonymous(headers) ? tags : undefined;
  }

  /**
   * The kept answer for this key: fresh, or stale since a moment (kept as the previous copy for
   * the requests that come while the page renders again).
   */
  function find(key: string): { answer: KeptAnswer; staleSince: number | undefined } | undefined {
    changes.catchUp();
    const answer = answers.get(key);
    return answer && { answer, staleSince: staleSince(answer) };
  }

  async function keep(
    key: string,
    tags: string[],
    seen: Seen,
    response: Response,
  ): Promise<{ response: Response; answer?: KeptAnswer }> {
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      /private|no-store/.test(cacheControl) ||
      !response.body
    ) {
      return { response };
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    let etag = headers.get("etag");
    if (!etag) {
      etag = `W/"${hash("sha1", body, "base64url")}"`;
      headers.set("ETag", etag);
    }
    headers.set("Content-Length", String(body.length));
    const kept = new Response(body, { status: response.status, headers });
    changes.catchUp();
    if (!changes.watching || body.length > MAX_ANSWER_BYTES) return { response: kept };
    // Changed while it was made, it is kept all the same, as a copy already stale: served only
    // within the bound, while the page renders again. A copy that saw more is not replaced.
    const previous = answers.get(key);
    if (previous && !atLeastAsNew(seen, previous)) return { response: kept };
    const flat: string[] = [];
    const notModified: string[] = [];
    for (const [name, value] of headers) {
      flat.push(name, value);
      if (!WITHOUT_BODY_HEADERS.has(name)) notModified.push(name, value);
    }
    const staleFlat = [...flat, "X-Cache", "stale"];
    const staleNotModified = [...notModified, "X-Cache", "stale"];
    flat.push("X-Cache", "hit");
    notModified.push("X-Cache", "hit");
    // Set-Cookie is absent (checked above), so the joined header list loses nothing.
    const answer: KeptAnswer = {
      status: response.status,
      key,
      headers: flat,
      notModifiedHeaders: notModified,
      headersWithId: [...flat, "X-Request-Id", ""],
      notModifiedHeadersWithId: [...notModified, "X-Request-Id", ""],
      stale: {
        headers: staleFlat,
        notModifiedHeaders: staleNotModified,
        headersWithId: [...staleFlat, "X-Request-Id", ""],
        notModifiedHeadersWithId: [...staleNotModified, "X-Request-Id", ""],
      },
      body,
      etag,
      tags,
      ...seen,
    };
    answers.set(key, answer);
    return { response: kept, answer };
  }

  /** A kept answer as a Response of the middleware, fresh (`hit`) or the previous copy. */
  function answerFrom(
    answer: KeptAnswer,
    method: string,
    ifNoneMatch: string | null,
    stale: boolean,
  ): Response {
    const lists = stale ? answer.stale : answer;
    if (clientHolds(ifNoneMatch, answer.etag)) {
      return new Response(null, { status: 304, headers: pairs(lists.notModifiedHeaders) });
    }
    return new Response(method === "HEAD" ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: pairs(lists.headers),
    });
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const tags = tagsIfCacheable(request.method, url.pathname, request.headers);
    if (!tags) return next();
    const key = keyOf(url.pathname + url.search, request.headers.get("accept-encoding"));
    const ifNoneMatch = request.headers.get("if-none-match");
    const found = find(key);
    if (found && found.staleSince === undefined) {
      counts.hit();
      return answerFrom(found.answer, request.method, ifNoneMatch, false);
    }
    if (request.method !== "GET") return next();
    // The previous copy while the page renders again (or was rendered a moment ago), if the
    // write is recent enough…
    if (found && mayServeStale(found.answer, found.staleSince)) {
      counts.stale();
      return answerFrom(found.answer, request.method, ifNoneMatch, true);
    }
    // …or what the render in progress makes, if it is current enough for this request. One
    // that comes out already too old (a write during a slow render) is followed by the next
    // render, which the first of its waiters starts and the others wait for again.
    for (let round = 0; round < MAX_RENDERS_WAITED_FOR; round++) {
      const inProgress = rendering.get(key);
      if (!inProgress) break;
      const shared = await inProgress;
      const since = shared && staleSince(shared);
      if (shared && (since === undefined || servableStale(since))) {
        counts.shared();
        return answerFrom(shared, request.method, ifNoneMatch, since !== undefined);
      }
    }
    counts.miss();
    let settle: (answer: KeptAnswer | undefined) => void = () => {};
    const render = new Promise<KeptAnswer | undefined>((resolve) => {
      settle = resolve;
    });
    if (!rendering.has(key)) rendering.set(key, render);
    let keptAnswer: KeptAnswer | undefined;
    try {
      const seen = seenNow(tags);
      await next();
      const { response, answer } = await keep(key, tags, seen, c.res);
      keptAnswer = answer;
      // A validator the client already holds: nothing to send again.
      const etag = response.headers.get("etag");
      if (response.status === 200 && etag && clientHolds(ifNoneMatch, etag)) {
        const headers = new Headers(response.headers);
        for (const name of WITHOUT_BODY_HEADERS) headers.delete(name);
        c.res = new Response(null, { status: 304, headers });
        return;
      }
      c.res = response;
    } finally {
      if (rendering.get(key) === render) rendering.delete(key);
      settle(keptAnswer);
    }
  };

  return {
    answerDirectly(request, response, requestId) {
      const target = request.url ?? "/";
      const queryAt = target.indexOf("?");
      const path = queryAt === -1 ? target : target.slice(0, queryAt);
      const tags = tagsIfCacheable(request.method ?? "GET", path, request.headers);
      const key = tags && keyOf(target, request.headers["accept-encoding"]);
      const found = key === undefined ? undefined : find(key);
      if (!found) return false;
      const { answer } = found;
      // A stale copy only while its page renders again and within the bound; otherwise the app
      // renders it (or waits for the render in progress).
      const stale = found.staleSince !== undefined;
      if (stale && !mayServeStale(answer, found.staleSince)) return false;
      if (stale) counts.stale();
      else counts.hit();
      const lists = stale ? answer.stale : answer;
      // The id goes in the last slot of the list kept with one: node:http reads the list within
      // writeHead and keeps none of it, and a copy per answer cost a kept answer 2 % (measured).
      const withId = (headers: string[]) => {
        headers[headers.length - 1] = requestId;
        return headers;
      };
      if (clientHolds(request.headers["if-none-match"], answer.etag)) {
        response.writeHead(304, withId(lists.notModifiedHeadersWithId));
        response.end();
      } else {
        response.writeHead(answer.status, withId(lists.headersWithId));
        response.end(request.method === "HEAD" ? undefined : answer.body);
      }
      return stale ? "stale" : "hit";
    },
    middleware,
  };
}

function pairs(flat: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) result.push([flat[i] ?? "", flat[i + 1] ?? ""]);
  return result;
}
