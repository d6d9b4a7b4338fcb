import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  mkdtempSync,
  renameSync,
  rmSync,
} from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from "kysely/migration";
import { type DB, type Engine, openDatabase } from "./index.ts";

/**
 * A backup is the same file on both engines (decision 0044): gzipped lines of JSON, written from
 * one consistent snapshot and read back a line at a time, so neither side holds a large table in
 * memory. The first line names the format, the engine and the migrations applied; then each
 * table's line (its name and columns) is followed by one line per row, a JSON array in the
 * columns' order; the last line counts what came before it, so a file cut short is refused.
 */
export const BACKUP_FORMAT = "ielts-hub-backup";
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  engine: Engine;
  createdAt: string;
  /** The migrations the database had applied, oldest first: the schema its rows fit. */
  migrations: string[];
}

export type BackupRecord =
  | { kind: "table"; table: string; columns: string[] }
  | { kind: "row"; values: unknown[] }
  | { kind: "end"; tables: number; rows: number };

/** The database holds nothing of the site's to back up. */
export class NothingToBackUp extends Error {
  override name = "NothingToBackUp";
}

/** The file is no backup, is damaged, or was made by a newer version of the site. */
export class BackupFileError extends Error {
  override name = "BackupFileError";
}

/**
 * SQLite keeps tables beside the site's data that only it has: the response cache's change stamps
 * (migration 2026-11-24T12-00), and the catalogue's full-text index, a virtual table (migration
 * 2026-11-23T16-00). A backup carries neither, so that it fits either engine; a restore starts the
 * stamps afresh and rebuilds each index from the rows it indexes, with the statement here.
 */
const SQLITE_OWN_TABLES = ["content_changes"];
export const SQLITE_INDEX_REBUILDS: Record<string, string> = {
  services_search: `insert into services_search (service_id, name, description)
    select id, name, description from services`,
};
const MIGRATION_TABLES = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];

export interface CatalogueColumn {
  name: string;
  /** PostgreSQL's data type, or SQLite's declared type. */
  type: string;
}

export interface DatabaseCatalogue {
  /** The tables a backup carries, each after every table it refers to. */
  data: { name: string; columns: CatalogueColumn[] }[];
  /** Every table a restore empties: the data's and SQLite's own (not Kysely's migration tables). */
  all: string[];
  /** SQLite's full-text indexes (virtual tables), rebuilt by a restore. */
  virtual: string[];
}

/** The database's tables as its own catalogue lists them: a table a migration adds is never missed. */
export async function readCatalogue(db: DB, engine: Engine): Promise<DatabaseCatalogue> {
  if (engine === "sqlite") {
    // Shadow tables hold a virtual table's insides, which the virtual table rebuilds.
    const { rows: tables } = await sql<{ name: string; type: string }>`
      select name, type from pragma_table_list
      where schema = 'main' and type in ('table', 'virtual')
        and name not like 'sqlite\\_%' escape '\\'`.execute(db);
    const ordinary = tables
      .filter((table) => table.type === "table" && !MIGRATION_TABLES.includes(table.name))
      .map((table) => table.name);
    const virtual = tables.filter((table) => table.type === "virtual").map((table) => table.name);
    const data = ordinary.filter((name) => !SQLITE_OWN_TABLES.includes(name));
    const columns = new Map<string, CatalogueColumn[]>();
    const references = new Map<string, string[]>();
    for (const name of data) {
      const info = await sql<CatalogueColumn>`
        select name, type from pragma_table_info(${name}) order by cid`.execute(db);
      columns.set(name, info.rows);
      const keys = await sql<{ table: string }>`
        select "table" from pragma_foreign_key_list(${name})`.execute(db);
      references.set(
        name,
        keys.rows.map((key) => key.table),
      );
    }
    return {
      data: dependencyOrder(data, references).map((name) => ({
        name,
        columns: columns.get(name) ?? [],
      })),
      all: [...ordinary, ...virtual],
      virtual,
    };
  }
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  const { rows: columnRows } = await sql<{ table: string; name: string; type: string }>`
    select table_name as "table", column_name as name, data_type as type
    from information_schema.columns where table_schema = current_schema()
    order by table_name, ordinal_position`.execute(db);
  const { rows: keyRows } = await sql<{ table: string; referenced: string }>`
    select source.relname as "table", target.relname as referenced
    from pg_constraint c
    join pg_class source on source.oid = c.conrelid
    join pg_class target on target.oid = c.confrelid
    join pg_namespace n on n.oid = source.relnamespace
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  const all = tables.map((table) => table.name).filter((name) => !MIGRATION_TABLES.includes(name));
  const references = new Map<string, string[]>();
  for (const key of keyRows)
    references.set(key.table, [...(references.get(key.table) ?? []), key.referenced]);
  return {
    data: dependencyOrder(all, references).map((name) => ({
      name,
      columns: columnRows
        .filter((column) => column.table === name)
        .map(({ name, type }) => ({ name, type })),
    })),
    all,
    virtual: [],
  };
}

/**
 * Parents before the tables that refer to them (then by name): PostgreSQL checks a foreign key as
 * each row goes in, so a restore inserts in the order the backup lists its tables.
 */
function dependencyOrder(tables: string[], references: Map<string, string[]>): string[] {
  const ordered: string[] = [];
  const remaining = [...tables].sort();
  while (remaining.length > 0) {
    const next = remaining.find((table) =>
      (references.get(table) ?? []).every(
        (parent) => parent === table || ordered.includes(parent) || !tables.includes(parent),
      ),
    );
    if (next === undefined) {
      throw new Error(
        `Tables refer to each other in a circle (${remaining.join(", ")}): a restore could not insert their rows in order.`,
      );
    }
    ordered.push(next);
    remaining.splice(remaining.indexOf(next), 1);
  }
  return ordered;
}

/** The migrations a database has applied, oldest first; none when it was never migrated. */
export async function appliedMigrations(db: DB, engine: Engine): Promise<string[]> {
  const exists =
    engine === "sqlite"
      ? sql<{ found: number }>`select count(*) as found from sqlite_master
          where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`
      : sql<{ found: number }>`select count(*)::int as found from information_schema.tables
          where table_schema = current_schema() and table_name = ${DEFAULT_MIGRATION_TABLE}`;
  if (Number((await exists.execute(db)).rows[0]?.found) === 0) return [];
  const { rows } = await sql<{ name: string }>`
    select name from ${sql.table(DEFAULT_MIGRATION_TABLE)} order by name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Every table's rows, read from `db` as it stands: the caller holds the snapshot (one read
 * transaction), so the rows of all tables are of one moment.
 */
export async function readDatabase(
  db: DB,
  engine: Engine,
): Promise<{ header: BackupHeader; records: AsyncGenerator<BackupRecord> }> {
  const migrations = await appliedMigrations(db, engine);
  const catalogue = await readCatalogue(db, engine);
  async function* records(): AsyncGenerator<BackupRecord> {
    let rows = 0;
    for (const table of catalogue.data) {
      yield { kind: "table", table: table.name, columns: table.columns.map((c) => c.name) };
      const read = engine === "sqlite" ? sqliteRows(db, table) : postgresRows(db, table);
      for await (const values of read) {
        rows++;
        yield { kind: "row", values };
      }
    }
    yield { kind: "end", tables: catalogue.data.length, rows };
  }
  return {
    header: {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      engine,
      createdAt: new Date().toISOString(),
      migrations,
    },
    records: records(),
  };
}

/** node:sqlite steps through the rows one at a time, whatever the table's size. */
async function* sqliteRows(
  db: DB,
  table: { name: string; columns: CatalogueColumn[] },
): AsyncGenerator<unknown[]> {
  const names = table.columns.map((column) => column.name);
  const rows = (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(table.name)
    .select(names)
    .stream();
  for await (const row of rows) yield names.map((name) => row[name]);
}

/** Rows fetched from a cursor in batches of about this many bytes: a table of pictures too. */
const BATCH_BYTES = 4 * 1024 * 1024;

async function* postgresRows(
  db: DB,
  table: { name: string; columns: CatalogueColumn[] },
): AsyncGenerator<unknown[]> {
  const columns = sql.join(
    table.columns.map((column) => sql`${postgresColumn(column)} as ${sql.id(column.name)}`),
  );
  await sql`declare backup_rows no scroll cursor for
    select ${columns} from ${sql.table(table.name)}`.execute(db);
  let batch = 20;
  for (;;) {
    const { rows } = await sql<Record<string, unknown>>`fetch forward ${sql.raw(String(batch))}
      from backup_rows`.execute(db);
    if (rows.length === 0) break;
    let bytes = 0;
    for (const row of rows) {
      const values = table.columns.map((column) => fromPostgres(column, row[column.name]));
      bytes += approximateBytes(values);
      yield values;
    }
    batch = Math.max(1, Math.min(1000, Math.floor(BATCH_BYTES / Math.max(1, bytes / rows.length))));
  }
  await sql`close backup_rows`.execute(db);
}

/**
 * Times as text with every digit PostgreSQL keeps (pg would round them to milliseconds in a Date),
 * in the ISO form SQLite holds them in; types pg would turn into objects, as their text.
 */
function postgresColumn({ name, type }: CatalogueColumn): RawBuilder<unknown> {
  const column = sql.ref(name);
  if (type === "timestamp with time zone") {
    return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  }
  if (type === "timestamp without time zone") {
    return sql`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
  }
  if (["date", "json", "jsonb", "interval", "time without time zone"].includes(type)) {
    return sql`${column}::text`;
  }
  return sql`${column}`;
}

function fromPostgres({ type }: CatalogueColumn, value: unknown): unknown {
  if (typeof value !== "string") return value;
  // Whole milliseconds, as JavaScript writes them: the same text on both engines.
  if (type.startsWith("timestamp")) return value.replace(/(\.\d{3})000(Z?)$/, "$1$2");
  // pg reads a bigint as text, since it may not fit a number; most do.
  if (type === "bigint" && Number.isSafeInteger(Number(value))) return Number(value);
  return value;
}

function approximateBytes(values: unknown[]): number {
  let bytes = 0;
  for (const value of values) {
    if (typeof value === "string") bytes += value.length;
    else if (value instanceof Uint8Array) bytes += value.byteLength * 1.34;
    else bytes += 8;
  }
  return bytes;
}

/** A value as JSON: bytes as base64 and numbers JSON cannot hold by name, each in an object. */
export function encodeValue(value: unknown): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : { float: String(value) };
  if (typeof value === "bigint") {
    return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  }
  if (value instanceof Uint8Array) {
    return {
      base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64"),
    };
  }
  if (value instanceof Date) return value.toISOString();
  throw new Error(`A value of type ${typeof value} cannot be backed up.`);
}

function decodeValue(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if ("base64" in value && typeof value.base64 === "string") {
    return Buffer.from(value.base64, "base64");
  }
  if ("float" in value && typeof value.float === "string") return Number(value.float);
  throw new BackupFileError(
    `a value is neither text, a number nor bytes: ${JSON.stringify(value)}`,
  );
}

/** The file's lines, in chunks: one write to gzip per row would cost more than the row. */
async function* fileText(
  header: BackupHeader,
  records: AsyncIterable<BackupRecord>,
  counted: { tables: number; rows: number },
): AsyncGenerator<string> {
  let chunk = `${JSON.stringify(header)}\n`;
  for await (const record of records) {
    if (record.kind === "row") chunk += JSON.stringify(record.values.map(encodeValue));
    else if (record.kind === "table") {
      chunk += JSON.stringify({ table: record.table, columns: record.columns });
    } else {
      chunk += JSON.stringify({ end: { tables: record.tables, rows: record.rows } });
      Object.assign(counted, { tables: record.tables, rows: record.rows });
    }
    chunk += "\n";
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  yield chunk;
}

export interface BackupSummary {
  engine: Engine;
  /** The last migration the database had applied. */
  migration: string;
  tables: number;
  rows: number;
}

/**
 * Writes a backup of the whole database to `destination`, read inside one transaction that sees
 * one moment (PostgreSQL: repeatable read, read only; SQLite: a read transaction, which never
 * blocks the site's writers). The file appears under its name only once complete, readable by
 * its owner alone: it holds password hashes and sessions.
 */
export async function writeBackup(
  { db, engine }: { db: DB; engine: Engine },
  destination: string,
): Promise<BackupSummary> {
  const partial = `${destination}.partial`;
  try {
    const summary = await db.connection().execute(async (connection) => {
      await sql
        .raw(engine === "postgres" ? "begin isolation level repeatable read, read only" : "begin")
        .execute(connection);
      try {
        const { header, records } = await readDatabase(connection, engine);
        if (header.migrations.length === 0) {
          throw new NothingToBackUp(
            "The database was never migrated: it holds nothing of the site's to back up.",
          );
        }
        const counted = { tables: 0, rows: 0 };
        await pipeline(
          Readable.from(fileText(header, records, counted)),
          createGzip(),
          createWriteStream(partial, { mode: 0o600 }),
        );
        return {
          engine,
          migration: header.migrations.at(-1) ?? "(none)",
          tables: counted.tables,
          rows: counted.rows,
        };
      } finally {
        await sql`rollback`.execute(connection);
      }
    });
    renameSync(partial, destination);
    return summary;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

export interface OpenedBackup {
  header: BackupHeader;
  records: AsyncGenerator<BackupRecord>;
  close(): Promise<void>;
}

const GZIP_MAGIC = [0x1f, 0x8b];
const SQLITE_MAGIC = "SQLite format 3\0";

/**
 * Opens a backup to read: the file `npm run backup` writes, or a SQLite database file (what it
 * wrote on SQLite before decision 0044, still restorable). Refuses anything else before a single
 * row is read; damage further in is found as the rows are read, before a restore commits.
 */
export async function openBackup(path: string): Promise<OpenedBackup> {
  let start: Buffer;
  try {
    const file = await open(path);
    try {
      start = Buffer.alloc(16);
      const { bytesRead } = await file.read(start, 0, 16, 0);
      start = start.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new BackupFileError(`${path} cannot be read: ${(error as Error).message}`);
  }
  if (start.toString("latin1") === SQLITE_MAGIC) return openSqliteFile(path);
  if (start[0] !== GZIP_MAGIC[0] || start[1] !== GZIP_MAGIC[1]) throw notABackup(path);
  const lines = fileLines(path);
  let header: BackupHeader;
  try {
    const first = await lines.next();
    header = parseHeader(first.done ? "" : first.value, path);
  } catch (error) {
    await lines.return(undefined);
    throw error;
  }
  const records = parseRecords(lines, path);
  return { header, records, close: async () => void (await records.return(undefined)) };
}

function notABackup(path: string): BackupFileError {
  return new BackupFileError(
    `${path} is not a backup made by npm run backup (neither its gzipped file nor a SQLite database).`,
  );
}

function damaged(path: string, why: string): BackupFileError {
  return new BackupFileError(`${path} is damaged: ${why}. Nothing was restored from it.`);
}

function parseHeader(line: string, path: string): BackupHeader {
  let header: unknown;
  try {
    header = JSON.parse(line);
  } catch {
    throw notABackup(path);
  }
  if (typeof header !== "object" || header === null || !("format" in header))
    throw notABackup(path);
  const { format, version, engine, migrations } = header as Partial<BackupHeader>;
  if (format !== BACKUP_FORMAT) throw notABackup(path);
  if (typeof version !== "number" || version > BACKUP_VERSION) {
    throw new BackupFileError(
      `${path} was written by a newer version of the site (backup format ${version}; this one reads ${BACKUP_VERSION}): restore it with that version.`,
    );
  }
  if (
    (engine !== "sqlite" && engine !== "postgres") ||
    !Array.isArray(migrations) ||
    migrations.length === 0 ||
    !migrations.every((name) => typeof name === "string")
  ) {
    throw damaged(path, "its first line does not say which engine and migrations it holds");
  }
  return header as BackupHeader;
}

/** The file's lines, unzipped as they are read. */
async function* fileLines(path: string): AsyncGenerator<string> {
  const file = createReadStream(path);
  const gunzip = createGunzip();
  file.on("error", (error) => gunzip.destroy(error));
  file.pipe(gunzip).setEncoding("utf8");
  let pending = "";
  try {
    for await (const chunk of gunzip as AsyncIterable<string>) {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      yield* lines;
    }
  } catch (error) {
    throw damaged(path, `it does not unzip (${(error as Error).message})`);
  } finally {
    file.destroy();
    gunzip.destroy();
  }
  if (pending) yield pending;
}

async function* parseRecords(
  lines: AsyncGenerator<string>,
  path: string,
): AsyncGenerator<BackupRecord> {
  let lineNumber = 1;
  let columns: number | undefined;
  let tables = 0;
  let rows = 0;
  let ended = false;
  for await (const line of lines) {
    lineNumber++;
    if (ended) throw damaged(path, `line ${lineNumber} follows the last line`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      throw damaged(path, `line ${lineNumber} is not JSON`);
    }
    if (Array.isArray(parsed)) {
      if (columns !== parsed.length) {
        throw damaged(path, `line ${lineNumber} is a row that fits no table's columns`);
      }
      rows++;
      yield { kind: "row", values: parsed.map(decodeValue) };
    } else if (isTableLine(parsed)) {
      tables++;
      columns = parsed.columns.length;
      yield { kind: "table", table: parsed.table, columns: parsed.columns };
    } else if (isEndLine(parsed)) {
      if (parsed.end.tables !== tables || parsed.end.rows !== rows) {
        throw damaged(
          path,
          `its last line counts ${parsed.end.tables} tables and ${parsed.end.rows} rows, the file holds ${tables} and ${rows}`,
        );
      }
      ended = true;
      yield { kind: "end", tables, rows };
    } else {
      throw damaged(path, `line ${lineNumber} is neither a table, a row nor the last line`);
    }
  }
  if (!ended) throw damaged(path, `it ends after line ${lineNumber}, before its last line`);
}

function isTableLine(value: unknown): value is { table: string; columns: string[] } {
  if (typeof value !== "object" || value === null || !("table" in value)) return false;
  const { table, columns } = value as { table: unknown; columns: unknown };
  return (
    typeof table === "string" &&
    Array.isArray(columns) &&
    columns.length > 0 &&
    columns.every((column) => typeof column === "string")
  );
}

function isEndLine(value: unknown): value is { end: { tables: number; rows: number } } {
  if (typeof value !== "object" || value === null || !("end" in value)) return false;
  const { end } = value as { end: unknown };
  return typeof end === "object" && end !== null && "tables" in end && "rows" in end;
}

/**
 * A SQLite database file as a backup, read through a private copy (opening a file sets its
 * journal mode, and the backup itself stays as it was).
 */
async function openSqliteFile(path: string): Promise<OpenedBackup> {
  const directory = mkdtempSync(join(tmpdir(), "ielts-hub-restore-"));
  const copy = join(directory, "backup.db");
  copyFileSync(path, copy);
  const source = openDatabase(`file:${copy}`);
  const close = async () => {
    await source.db.destroy();
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    const { header, records } = await readDatabase(source.db, "sqlite");
    if (header.migrations.length === 0) throw notABackup(path);
    async function* readable(): AsyncGenerator<BackupRecord> {
      try {
        yield* records;
      } catch (error) {
        throw damaged(path, `the SQLite file cannot be read (${(error as Error).message})`);
      }
    }
    return { header, records: readable(), close };
  } catch (error) {
    await close();
    if (error instanceof BackupFileError) throw error;
    throw damaged(path, `the SQLite file cannot be read (${(error as Error).message})`);
  }
}
