import { performance } from "node:perf_hooks";
import type { Driver } from "kysely";

/**
 * Where a request's time went in the database (decision 0056): told as it happens, so that the
 * server can put it on the request's log line. Every method is optional for the caller's sake.
 */
export interface DatabaseTimings {
  /** Waited this long for a connection: SQLite's one connection busy, PostgreSQL's pool lent out. */
  connectionWaited(ms: number): void;
  /**
   * A transaction ended: `lockWaitMs` waiting for the write lock as it began (SQLite's
   * `begin immediate`), `workMs` from then to the commit, and `commitMs` the commit itself (the
   * write-ahead log's fsync).
   */
  transactionEnded(lockWaitMs: number, workMs: number, commitMs: number): void;
}

/** The driver again, telling `timings` how long each step took. */
export function timeDriver(driver: Driver, timings: DatabaseTimings): Driver {
  const begun = new WeakMap<object, { lockWaitMs: number; at: number }>();
  const acquire = driver.acquireConnection.bind(driver);
  const begin = driver.beginTransaction.bind(driver);
  const commit = driver.commitTransaction.bind(driver);
  const rollback = driver.rollbackTransaction.bind(driver);
  driver.acquireConnection = async (options) => {
    const asked = performance.now();
    const connection = await acquire(options);
    timings.connectionWaited(performance.now() - asked);
    return connection;
  };
  driver.beginTransaction = async (connection, settings) => {
    const asked = performance.now();
    await begin(connection, settings);
    const at = performance.now();
    begun.set(connection, { lockWaitMs: at - asked, at });
  };
  driver.commitTransaction = async (connection) => {
    const committing = performance.now();
    await commit(connection);
    const transaction = begun.get(connection);
    begun.delete(connection);
    if (transaction) {
      const end = performance.now();
      timings.transactionEnded(
        transaction.lockWaitMs,
        committing - transaction.at,
        end - committing,
      );
    }
  };
  driver.rollbackTransaction = async (connection) => {
    begun.delete(connection);
    await rollback(connection as never);
  };
  return driver;
}
