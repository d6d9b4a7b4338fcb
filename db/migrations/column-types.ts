import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * The few column types that differ between the engines. SQLite keeps timestamps as ISO-8601
 * text, which sorts in time order; PostgreSQL uses real `timestamptz`.
 */
export function columnTypes(db: Kysely<unknown>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  return {
    timestamp: sqlite ? sql`text` : sql`timestamptz`,
    boolean: sqlite ? sql`integer` : sql`boolean`,
    falseValue: sqlite ? sql`0` : sql`false`,
  };
}
