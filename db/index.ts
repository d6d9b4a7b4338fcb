import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";
import { NodeSqliteDialect } from "./sqlite-dialect.ts";

export type DB = Kysely<Database>;
export type Engine = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: DB;
  engine: Engine;
}

/** `file:` URLs (or bare paths) open SQLite; `postgres://` and `postgresql://` open PostgreSQL. */
export function openDatabase(url: string): DatabaseHandle {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // A connection the server ends while it sits idle in the pool (a restart, a failover, an
    // administrator) is reported here; pg drops it and connects again when next needed. With no
    // listener, Node would take the event for an uncaught error and stop the whole process.
    pool.on("error", (error) =>
      console.error(
        JSON.stringify({ at: new Date().toISOString(), log: "database", message: error.message }),
      ),
    );
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      engine: "postgres",
    };
  }
  const path = sqlitePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  return { db: new Kysely<Database>({ dialect: new NodeSqliteDialect(path) }), engine: "sqlite" };
}

export function sqlitePath(url: string): string {
  const path = url.startsWith("file:") ? url.slice("file:".length) : url;
  return path === ":memory:" ? path : resolve(path);
}
