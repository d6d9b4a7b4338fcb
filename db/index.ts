import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type PostgresPool,
} from "kysely";
import pg from "pg";
import {
  CONTENT_TABLES,
  type ContentChanges,
  postgresContentChanges,
  sqliteContentChanges,
} from "./content-changes.ts";
import { type DatabaseTimings, timeDriver } from "./driver-timings.ts";
import type { Database } from "./schema.ts";
import { NodeSqliteDialect, openSqlite } from "./sqlite-dialect.ts";

export type { DatabaseTimings } from "./driver-timings.ts";

export type DB = Kysely<Database>;
export type Engine = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: DB;
  engine: Engine;
  /** Changes to public content, from any process (db/content-changes.ts); closed with `db`. */
  changes: ContentChanges;
  /** PostgreSQL only: the pool's connections lent out and queries waiting for one (for /metrics). */
  poolUsage?: () => { inUse: number; waiting: number };
}

/**
 * `file:` URLs (or bare paths) open SQLite; `postgres://` and `postgresql://` open PostgreSQL.
 * `timings`, when given, hears where queries wait (db/driver-timings.ts).
 */
export function openDatabase(
  url: string,
  {
    timings,
    writing,
  }: {
    timings?: DatabaseTimings;
    /**
     * Whether the work asking for a connection is a write (the server: the request being
     * answered is): PostgreSQL keeps connections for writes apart, so that a crowd of reads
     * waiting for the pool never keeps a write waiting (decision 0056).
     */
    writing?: () => boolean;
  } = {},
): DatabaseHandle {
  const wrap = (changes: ContentChanges) => (driver: Driver) => {
    const announcing = announceWrites(driver, changes);
    return timings ? timeDriver(announcing, timings) : announcing;
  };
  if (/^postgres(ql)?:\/\//.test(url)) {
    const readPool = new pg.Pool({ connectionString: url, max: 10 });
    const writePool = new pg.Pool({ connectionString: url, max: WRITE_CONNECTIONS });
    for (const pool of [readPool, writePool]) {
      // A connection the server ends while it sits idle in the pool (a restart, a failover, an
      // administrator) is reported here; pg drops it and connects again when next needed. With
      // no listener, Node would take the event for an uncaught error and stop the whole process.
      pool.on("error", (error) =>
        console.error(
          JSON.stringify({ at: new Date().toISOString(), log: "database", message: error.message }),
        ),
      );
    }
    const pool: PostgresPool = {
      // Both pools are made alike: the options Kysely reads are the same.
      options: readPool.options,
      connect: () => (writing?.() ? writePool : readPool).connect(),
      end: async () => {
        await Promise.all([readPool.end(), writePool.end()]);
      },
    };
    const changes = postgresContentChanges(url);
    return {
      db: new Kysely<Database>({ dialect: new WrappedPostgresDialect(pool, wrap(changes)) }),
      engine: "postgres",
      changes,
      poolUsage: () => ({
        inUse:
          readPool.totalCount - readPool.idleCount + writePool.totalCount - writePool.idleCount,
        waiting: readPool.waitingCount + writePool.waitingCount,
      }),
    };
  }
  const path = sqlitePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const changes = sqliteContentChanges(path);
  return {
    db: new Kysely<Database>({
      dialect: new NodeSqliteDialect(path, wrap(changes)),
    }),
    engine: "sqlite",
    changes,
  };
}

/**
 * Opens the database once and reads from it, so that one that cannot be opened is found before
 * anything is done with it, and throws the driver's own error: a SQLite path where no file can be
 * (or where something else than a database is), a PostgreSQL server not there, refusing the user
 * or without the database. PostgreSQL gets `timeoutMs` to connect and answer: a host that drops
 * the packets would otherwise hold the start for minutes. The connection is closed again.
 */
export async function reachDatabase(url: string, timeoutMs = 10_000): Promise<void> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
    // A failure is thrown by connect() or query(); one after them would stop the process.
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("select 1");
    } finally {
      await client.end().catch(() => {});
    }
    return;
  }
  const path = sqlitePath(url);
  if (path === ":memory:") return;
  mkdirSync(dirname(path), { recursive: true });
  // As the site opens it (write-ahead log on); the schema's first page is read.
  const database = openSqlite(path);
  try {
    database.prepare("select count(*) from sqlite_master").get();
  } finally {
    database.close();
  }
}

/** A statement writing one of the tables anonymous visitors see. */
const CONTENT_TABLE = new RegExp(
  `^\\s*(?:insert\\s+into|update|delete\\s+from)\\s+"?(?:${CONTENT_TABLES.join("|")})"?\\s`,
  "i",
);
const MAYBE_WRITING = /^\s*with\b[\s\S]*\b(?:insert|update|delete)\b/i;

/**
 * A write to public content tells `changes` once it is committed (after the statement, or after
 * the commit of its transaction). PostgreSQL delivers a change's NOTIFY to this process's listener
 * a moment after the commit, so there the write returns only once the listener has heard
 * everything committed so far; SQLite reads its stamps before the next cached answer. Either way
 * this process's very next answer shows its own write.
 */
function announceWrites(driver: Driver, changes: ContentChanges): Driver {
  /** Connections in a transaction, and whether it wrote public content. */
  const transactions = new WeakMap<DatabaseConnection, { wrote: boolean }>();
  const wrapped = new WeakSet<DatabaseConnection>();
  const acquire = driver.acquireConnection.bind(driver);
  const begin = driver.beginTransaction.bind(driver);
  const commit = driver.commitTransaction.bind(driver);
  const rollback = driver.rollbackTransaction.bind(driver);
  const destroy = driver.destroy.bind(driver);
  driver.acquireConnection = async (options) => {
    const connection = await acquire(options);
    if (wrapped.has(connection)) return connection;
    wrapped.add(connection);
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = async <R>(query: CompiledQuery, options?: never) => {
      const result = await execute<R>(query, options);
      if (CONTENT_TABLE.test(query.sql) || MAYBE_WRITING.test(query.sql)) {
        const transaction = transactions.get(connection);
        if (transaction) transaction.wrote = true;
        else await changes.written();
      }
      return result;
    };
    return connection;
  };
  driver.beginTransaction = async (connection, settings) => {
    await begin(connection, settings);
    transactions.set(connection, { wrote: false });
  };
  driver.commitTransaction = async (connection) => {
    const wrote = transactions.get(connection)?.wrote;
    transactions.delete(connection);
    await commit(connection);
    if (wrote) await changes.written();
  };
  driver.rollbackTransaction = async (connection) => {
    transactions.delete(connection);
    await rollback(connection as never);
  };
  driver.destroy = async () => {
    changes.close();
    await destroy();
  };
  return driver;
}

/** PostgreSQL connections kept for writes, beside the pool of ten everything else shares. */
const WRITE_CONNECTIONS = 5;

class WrappedPostgresDialect extends PostgresDialect {
  readonly #wrapDriver: (driver: Driver) => Driver;

  constructor(pool: PostgresPool, wrapDriver: (driver: Driver) => Driver) {
    super({ pool });
    this.#wrapDriver = wrapDriver;
  }

  override createDriver(): Driver {
    return this.#wrapDriver(super.createDriver());
  }
}

export function sqlitePath(url: string): string {
  const path = url.startsWith("file:") ? url.slice("file:".length) : url;
  return path === ":memory:" ? path : resolve(path);
}
