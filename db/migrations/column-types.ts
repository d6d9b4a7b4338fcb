import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * The few column types that differ between the engines. SQLite keeps timestamps as ISO-8601
 * text, which sorts in time order; PostgreSQL uses real `timestamptz`.
 */
export function columnTypes(db: Kysely<unknown>) {
  const sqlite = isSqlite(db);
  return {
    timestamp: sqlite ? sql`text` : sql`timestamptz`,
    boolean: sqlite ? sql`integer` : sql`boolean`,
    falseValue: sqlite ? sql`0` : sql`false`,
  };
}

/** Whether a migration runs on SQLite (else PostgreSQL), for what the engines write differently. */
export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}
