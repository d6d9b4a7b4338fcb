import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/**
 * What one request leaves for its log line: its id, and what is learnt while it is answered (who
 * asked, whether the response cache answered). Held in an AsyncLocalStorage so that the security
 * log, the session reader and the error pages reach it wherever they run in the request, without
 * passing it through every function between.
 */
export interface RequestRecord {
  readonly id: string;
  /** The signed-in user, once a session or token was read. */
  userId: string | undefined;
  /**
   * Whether the response cache answered (`hit`), was asked and did not hold it (`miss`), gave
   * the previous copy while the page rendered again (`stale`), or another request's render
   * (`shared`).
   */
  cache: CacheOutcome | undefined;
  /** Whether it writes (any method but GET, HEAD and OPTIONS): its queries come first. */
  writes: boolean;
  /** Where a request that used the database waited (db/driver-timings.ts); undefined until then. */
  waits: RequestWaits | undefined;
}

export type CacheOutcome = "hit" | "miss" | "stale" | "shared";

/** Milliseconds, summed over the request's queries and transactions. */
export interface RequestWaits {
  /** Waiting for a database connection (SQLite's one, PostgreSQL's pool). */
  connectionMs: number;
  /** Waiting for the write lock as a transaction began. */
  lockMs: number;
  /** Inside transactions, up to their commit. */
  transactionMs: number;
  /** Committing (the fsync, and hearing the change announced). */
  commitMs: number;
}

/**
 * A request's record with every member there from the start: a record that gained `cache` or
 * `userId` later would change shape, and the line's reads of them would meet four shapes.
 */
export function newRequestRecord(id: string): RequestRecord {
  return { id, userId: undefined, cache: undefined, writes: false, waits: undefined };
}

const scope = new AsyncLocalStorage<RequestRecord>();

/** The request being answered, or undefined outside one (start-up, the mail worker). */
export function currentRequest(): RequestRecord | undefined {
  return scope.getStore();
}

export function inRequest<T>(record: RequestRecord, work: () => T): T {
  return scope.run(record, work);
}

/** Ids a proxy may pass on: short, and nothing that could break a log line or a header. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the proxy's, when the proxy is trusted (TRUST_PROXY) and the id is well
 * formed, so one id follows the request through the proxy's log and ours; otherwise a new one.
 */
export function requestIdFor(incoming: string | string[] | undefined, trustProxy: boolean): string {
  if (trustProxy && typeof incoming === "string" && WELL_FORMED_ID.test(incoming)) return incoming;
  return randomUUID();
}

export function noteUser(userId: string | undefined) {
  const record = scope.getStore();
  if (record && userId) record.userId = userId;
}

export function noteCache(outcome: CacheOutcome) {
  const record = scope.getStore();
  if (record) record.cache = outcome;
}

/** The waits of the request being answered, made on first use; undefined outside a request. */
export function currentWaits(): RequestWaits | undefined {
  const record = scope.getStore();
  if (!record) return undefined;
  record.waits ??= { connectionMs: 0, lockMs: 0, transactionMs: 0, commitMs: 0 };
  return record.waits;
}

/** Tells the database's timings (db/driver-timings.ts) to the request being answered. */
export const requestDatabaseTimings = {
  connectionWaited(ms: number) {
    const waits = currentWaits();
    if (waits) waits.connectionMs += ms;
  },
  transactionEnded(lockWaitMs: number, workMs: number, commitMs: number) {
    const waits = currentWaits();
    if (!waits) return;
    waits.lockMs += lockWaitMs;
    waits.transactionMs += workMs;
    waits.commitMs += commitMs;
  },
};

/** Whether the request being answered writes (db/index.ts gives its queries their own connections). */
export function answeringAWrite(): boolean {
  return scope.getStore()?.writes === true;
}
