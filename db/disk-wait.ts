import { type Kysely, SqliteAdapter, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Runs `work` in a transaction whose commit does not wait for the disk (decision 0056): for
 * writes a power cut may lose without harming anyone — rate-limit counters, which at worst let a
 * few more attempts through after a crash. Every other commit waits for its fsync (a crash loses
 * nothing acknowledged), and on this machine that wait is over a millisecond of a blocked event
 * loop: each write paid it two or three times, once for its data and once per counter.
 *
 * SQLite: the connection's `synchronous` setting is NORMAL for this transaction only (in WAL mode
 * its frames are written but not synced; the next full commit syncs them with its own), the
 * one connection held throughout so that no other commit runs meanwhile. PostgreSQL: the
 * transaction's `synchronous_commit` is off. Inside a transaction already, `work` simply joins it.
 */
export async function withoutWaitingForDisk<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    return db.transaction().execute(async (trx: Transaction<Database>) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql`pragma synchronous = full`.execute(connection);
    }
  });
}
