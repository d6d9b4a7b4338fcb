import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";

/**
 * Kysely ships a SQLite dialect written against better-sqlite3. Node's built-in `node:sqlite`
 * differs in two small ways (parameters are spread, and a statement tells whether it returns rows
 * through `columns()`), so this adapter bridges them: no native addon to compile on install.
 */
function adapt(database: DatabaseSync): SqliteDatabase {
  // Kysely asks for a statement per query; preparing is a good part of a small query's cost, so
  // statements are kept by their SQL text (the text holds no values: queries are parameterised).
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) return cached;
      const statement = database.prepare(sql);
      const params = (values: ReadonlyArray<unknown>) => values.map(toSqlite);
      const adapted: SqliteStatement = {
        reader: statement.columns().length > 0,
        all: (values) => statement.all(...params(values)),
        run: (values) => statement.run(...params(values)),
        iterate: (values) => statement.iterate(...params(values)),
      };
      if (statements.size >= MAX_CACHED_STATEMENTS) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, adapted);
      return adapted;
    },
  };
}

const MAX_CACHED_STATEMENTS = 500;

function toSqlite(value: unknown): SQLInputValue {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value as SQLInputValue;
}

/** Write transactions take the write lock up front, so two writers never deadlock on upgrade. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

export class NodeSqliteDialect extends SqliteDialect {
  readonly #path: string;
  readonly #wrapDriver: (driver: Driver) => Driver;

  /** `wrapDriver` may add to the driver (db/index.ts: telling the writes to the response cache). */
  constructor(path: string, wrapDriver: (driver: Driver) => Driver = (driver) => driver) {
    super({ database: async () => adapt(openSqlite(path)) });
    this.#path = path;
    this.#wrapDriver = wrapDriver;
  }

  override createDriver(): Driver {
    return this.#wrapDriver(
      new ImmediateSqliteDriver({ database: async () => adapt(openSqlite(this.#path)) }),
    );
  }
}

/** An acknowledged write survives power loss; readers never block the writer. */
export function openSqlite(path: string): DatabaseSync {
  const database = new DatabaseSync(path, { timeout: 5000 });
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA synchronous = FULL");
  database.exec("PRAGMA foreign_keys = ON");
  database.exec("PRAGMA busy_timeout = 5000");
  return database;
}
