import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";
import {
  appliedMigrations,
  BackupFileError,
  type BackupRecord,
  type DatabaseCatalogue,
  openBackup,
  readCatalogue,
  SQLITE_INDEX_REBUILDS,
} from "./backup.ts";
import { CONTENT_CHANGES_CHANNEL, EVERYTHING } from "./content-changes.ts";
import type { DB, Engine } from "./index.ts";
import { migrateTo, migrateToLatest, migrationNames } from "./migrate.ts";
import type { Database } from "./schema.ts";

export { BackupFileError };

/**
 * The database is not one to replace: it has accounts (and the restore was not told to replace
 * them), or migrations of a newer version of the site.
 */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

export interface RestoreSummary {
  /** The engine the backup was made on. */
  engine: Engine;
  /** The backup's last migration, and those applied after its rows were loaded. */
  migration: string;
  migratedForward: string[];
  tables: number;
  rows: number;
}

/**
 * Replaces everything in the database with the backup's rows, in one transaction: a refusal, a
 * damaged file or any failure leaves the database as it was. The database is first emptied and
 * brought to the backup's migration, the rows are loaded with the triggers off (the backup holds
 * what they keep: tallies, counts), and then the later migrations run over them, so an older
 * backup ends on the current schema. A database with accounts is replaced only with `force`.
 */
export async function restoreBackup(
  { db, engine }: { db: DB; engine: Engine },
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const backup = await openBackup(file);
  try {
    const level = checkMigrations(backup.header.migrations, file);
    return await db.transaction().execute((trx) =>
      trx.getExecutor().provideConnection(async (connection) => {
        const inside = kyselyInside(connection, engine);
        try {
          return await restoreInside(inside, engine, {
            records: backup.records,
            engine: backup.header.engine,
            level,
            force,
          });
        } finally {
          await inside.destroy();
        }
      }),
    );
  } finally {
    await backup.close();
  }
}

/** The backup's last migration, once its migrations are known to be this code's first ones. */
function checkMigrations(names: string[], file: string): string {
  const known = migrationNames();
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new BackupFileError(
      `${file} was made by a newer version of the site: this one does not know its migration${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}. Restore it with that version or a later one.`,
    );
  }
  if (names.some((name, index) => known[index] !== name)) {
    throw new BackupFileError(
      `${file} lists migrations this version applies in another order or with gaps: ${names.join(", ")}.`,
    );
  }
  return names.at(-1) as string;
}

async function restoreInside(
  db: DB,
  engine: Engine,
  backup: { records: AsyncGenerator<BackupRecord>; engine: Engine; level: string; force: boolean },
): Promise<RestoreSummary> {
  const accounts = await countAccounts(db, engine);
  if (accounts > 0 && !backup.force) {
    throw new RestoreRefused(
      `The database has ${accounts} account${accounts === 1 ? "" : "s"}: a restore would replace ${accounts === 1 ? "it" : "them"} and everything else in it. Nothing was changed. To replace it all the same, run the restore again with --force.`,
    );
  }
  const unknown = (await appliedMigrations(db, engine)).filter(
    (name) => !migrationNames().includes(name),
  );
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `The database has migrations this version of the site does not know (${unknown.join(", ")}): restore with the version that made them. Nothing was changed.`,
    );
  }
  if (engine === "sqlite") {
    // Checked at the commit instead of row by row: the emptying and the load go in any order.
    await sql`pragma defer_foreign_keys = on`.execute(db);
  }
  // Emptied first, so that going back to the backup's migration meets no rows it cannot keep.
  let catalogue = await readCatalogue(db, engine);
  await withoutTriggers(db, engine, catalogue, () => emptyTables(db, engine, catalogue));
  await migrateTo(db, backup.level);
  catalogue = await readCatalogue(db, engine);
  const loaded = await withoutTriggers(db, engine, catalogue, async () => {
    // Whatever the migrations put in goes too: the backup holds those rows as they were.
    await emptyTables(db, engine, catalogue);
    const counts = await loadRows(db, engine, catalogue, backup.records, backup.level);
    for (const index of catalogue.virtual) {
      const rebuild = SQLITE_INDEX_REBUILDS[index];
      if (!rebuild) throw new Error(`db/backup.ts does not say how to rebuild ${index}.`);
      await sql.raw(rebuild).execute(db);
    }
    return counts;
  });
  if (engine === "sqlite") {
    const { rows } = await sql<{ table: string; parent: string }>`
      select "table", parent from pragma_foreign_key_check`.execute(db);
    if (rows[0]) {
      throw new BackupFileError(
        `The backup's rows of ${rows[0].table} refer to rows of ${rows[0].parent} it does not hold (${rows.length} such rows). Nothing was restored.`,
      );
    }
  } else {
    await resetSequences(db);
  }
  const { results } = await migrateToLatest(db);
  if (engine === "postgres") {
    // With the triggers off nothing announced the new rows: every process drops what it kept.
    await sql`select pg_notify(${CONTENT_CHANGES_CHANNEL}, ${EVERYTHING})`.execute(db);
  }
  return {
    engine: backup.engine,
    tables: loaded.tables,
    rows: loaded.rows,
    migration: backup.level,
    migratedForward: (results ?? []).map((result) => result.migrationName),
  };
}

async function countAccounts(db: DB, engine: Engine): Promise<number> {
  const { data } = await readCatalogue(db, engine);
  if (!data.some((table) => table.name === "users")) return 0;
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function emptyTables(db: DB, engine: Engine, catalogue: DatabaseCatalogue): Promise<void> {
  if (catalogue.all.length === 0) return;
  if (engine === "postgres") {
    await sql`truncate table ${sql.join(catalogue.all.map((table) => sql.table(table)))}
      restart identity`.execute(db);
    return;
  }
  for (const table of catalogue.all) await sql`delete from ${sql.table(table)}`.execute(db);
}

/**
 * Runs `work` with no trigger firing, so that loading the rows neither counts a review twice nor
 * stamps a change per row. PostgreSQL switches the site's triggers off table by table (foreign
 * keys stay checked); SQLite cannot, so its triggers are dropped and made again from their own
 * text. Both are undone by a rollback.
 */
async function withoutTriggers<T>(
  db: DB,
  engine: Engine,
  catalogue: DatabaseCatalogue,
  work: () => Promise<T>,
): Promise<T> {
  if (engine === "postgres") {
    for (const table of catalogue.all) {
      await sql`alter table ${sql.table(table)} disable trigger user`.execute(db);
    }
    const result = await work();
    for (const table of catalogue.all) {
      await sql`alter table ${sql.table(table)} enable trigger user`.execute(db);
    }
    return result;
  }
  const { rows: triggers } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master where type = 'trigger'`.execute(db);
  for (const trigger of triggers) await sql`drop trigger ${sql.id(trigger.name)}`.execute(db);
  const result = await work();
  for (const trigger of triggers) await sql.raw(trigger.sql).execute(db);
  return result;
}

/** Parameters in one insert: within both PostgreSQL's limit (65,535) and SQLite's (32,766). */
const MAX_PARAMETERS = 30_000;
/** Rows of pictures are inserted a few at a time, to keep memory bounded. */
const MAX_BATCH_BYTES = 8 * 1024 * 1024;

async function loadRows(
  db: DB,
  engine: Engine,
  catalogue: DatabaseCatalogue,
  records: AsyncGenerator<BackupRecord>,
  level: string,
): Promise<{ tables: number; rows: number }> {
  const columnsOf = new Map(
    catalogue.data.map((table) => [table.name, table.columns.map((column) => column.name)]),
  );
  const loaded = new Set<string>();
  let current: { table: string; columns: string[]; rows: unknown[][]; bytes: number } | undefined;
  let rows = 0;
  let ended = false;
  const flush = async () => {
    if (!current || current.rows.length === 0) return;
    const columns = sql.join(current.columns.map((column) => sql.ref(column)));
    const values = sql.join(current.rows.map((row) => sql`(${sql.join(row)})`));
    // Identity columns, should a table ever have one, take the backup's values as they are.
    const overriding = engine === "postgres" ? sql`overriding system value` : sql``;
    try {
      await sql`insert into ${sql.table(current.table)} (${columns}) ${overriding}
        values ${values}`.execute(db);
    } catch (error) {
      throw new BackupFileError(
        `The backup's rows of ${current.table} do not fit the database at migration ${level} (${(error as Error).message}). Nothing was restored.`,
      );
    }
    current.rows = [];
    current.bytes = 0;
  };
  for await (const record of records) {
    if (record.kind === "table") {
      await flush();
      const columns = columnsOf.get(record.table);
      if (!columns) {
        throw new BackupFileError(
          `The backup has a table ${record.table}, which the database does not have at migration ${level}. Nothing was restored.`,
        );
      }
      const missing = record.columns.filter((column) => !columns.includes(column));
      if (missing.length > 0) {
        throw new BackupFileError(
          `The backup's table ${record.table} has columns the database does not have at migration ${level} (${missing.join(", ")}). Nothing was restored.`,
        );
      }
      if (loaded.has(record.table)) {
        throw new BackupFileError(`The backup holds table ${record.table} twice.`);
      }
      loaded.add(record.table);
      current = { table: record.table, columns: record.columns, rows: [], bytes: 0 };
    } else if (record.kind === "row") {
      if (!current) throw new BackupFileError("The backup has a row before any table.");
      current.rows.push(record.values);
      current.bytes += rowBytes(record.values);
      rows++;
      if (
        (current.rows.length + 1) * current.columns.length > MAX_PARAMETERS ||
        current.bytes > MAX_BATCH_BYTES
      ) {
        await flush();
      }
    } else {
      await flush();
      ended = true;
    }
  }
  if (!ended) throw new BackupFileError("The backup ends before its last line.");
  const absent = [...columnsOf.keys()].filter((table) => !loaded.has(table));
  if (absent.length > 0) {
    throw new BackupFileError(
      `The backup has no rows section for ${absent.join(", ")}, which the database has at migration ${level}. Nothing was restored.`,
    );
  }
  return { tables: loaded.size, rows };
}

function rowBytes(values: unknown[]): number {
  let bytes = 0;
  for (const value of values) {
    bytes +=
      typeof value === "string" ? value.length : value instanceof Uint8Array ? value.byteLength : 8;
  }
  return bytes;
}

/**
 * A column's sequence continues after the highest value restored (no table has one today; a
 * table that gets one later is covered without anyone remembering to).
 */
export async function resetSequences(db: DB): Promise<void> {
  const { rows } = await sql<{ table: string; column: string; sequence: string }>`
    select table_name as "table", column_name as "column",
      pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
    from information_schema.columns
    where table_schema = current_schema()
      and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(db);
  for (const { table, column, sequence } of rows) {
    await sql`select setval(${sequence},
      (select coalesce(max(${sql.ref(column)}), 0) + 1 from ${sql.table(table)}), false)`.execute(
      db,
    );
  }
}

/**
 * A Kysely on the restore's one connection, already inside its transaction, whose own
 * transactions are savepoints: the migrator (which opens one on PostgreSQL) and a migration that
 * opens one (SQLite's table rebuilds) run inside the restore, and a failure in any of them undoes
 * the whole restore.
 */
function kyselyInside(connection: DatabaseConnection, engine: Engine): DB {
  let depth = 0;
  const run = async (text: string) => {
    await connection.executeQuery(CompiledQuery.raw(text));
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: () => run(`savepoint nested_${++depth}`),
    commitTransaction: () => run(`release savepoint nested_${depth--}`),
    rollbackTransaction: async () => {
      await run(`rollback to savepoint nested_${depth}`);
      await run(`release savepoint nested_${depth--}`);
    },
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const sqlite = engine === "sqlite";
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => driver,
      createIntrospector: (db) =>
        sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}
