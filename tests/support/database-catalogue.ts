import { sql } from "kysely";
import type { DB, Engine } from "../../db/index.ts";

/** A table as the database itself describes it (not as db/schema.ts says it should be). */
export interface CatalogueTable {
  name: string;
  columns: string[];
  /** Its columns with a foreign key to `users`. */
  referencesToUsers: string[];
}

/**
 * Every table of the database, read from its own catalogue (`sqlite_master` and its pragmas, or
 * PostgreSQL's `information_schema`): a table added by a later migration is listed without
 * anyone remembering to add it to a test.
 */
export async function listTables(db: DB, engine: Engine): Promise<CatalogueTable[]> {
  if (engine === "sqlite") {
    const tables = await sql<{ name: string }>`
      select name from sqlite_master
      where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`.execute(db);
    return Promise.all(
      tables.rows.map(async ({ name }) => {
        const columns = await sql<{ name: string }>`
          select name from pragma_table_info(${name})`.execute(db);
        const keys = await sql<{ from: string; table: string }>`
          select "from", "table" from pragma_foreign_key_list(${name})`.execute(db);
        return {
          name,
          columns: columns.rows.map((column) => column.name),
          referencesToUsers: keys.rows
            .filter((key) => key.table === "users")
            .map((key) => key.from),
        };
      }),
    );
  }
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const keys = await sql<{ table_name: string; column_name: string }>`
    select kcu.table_name, kcu.column_name
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.table_constraints target
      on target.constraint_name = rc.unique_constraint_name
        and target.constraint_schema = rc.unique_constraint_schema
    where rc.constraint_schema = current_schema() and target.table_name = 'users'`.execute(db);
  return tables.rows.map(({ table_name: name }) => ({
    name,
    columns: columns.rows.filter((c) => c.table_name === name).map((c) => c.column_name),
    referencesToUsers: keys.rows.filter((k) => k.table_name === name).map((k) => k.column_name),
  }));
}

/**
 * The columns of a table that point at a person: a foreign key to `users`, a user id, who made
 * or wrote a row (`*_by`, `author_id`, `reporter_id`), an e-mail address or a mail's recipient.
 */
export function personColumns(table: CatalogueTable): string[] {
  return table.columns.filter(
    (column) =>
      table.referencesToUsers.includes(column) ||
      /(^|_)user_id$|_by$|^author_id$|^reporter_id$|email|^recipient$/.test(column),
  );
}

/** Every row of a table, every column as the driver returns it. */
export async function allRows(db: DB, table: string): Promise<Record<string, unknown>[]> {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
}

/** Where in the database any of `needles` appears in a text value (case-insensitive). */
export async function findText(
  db: DB,
  engine: Engine,
  needles: string[],
): Promise<{ table: string; column: string; needle: string; value: string }[]> {
  const found: { table: string; column: string; needle: string; value: string }[] = [];
  const wanted = needles.filter(Boolean).map((needle) => needle.toLowerCase());
  for (const table of await listTables(db, engine)) {
    for (const row of await allRows(db, table.name)) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== "string") continue;
        const text = value.toLowerCase();
        for (const needle of wanted)
          if (text.includes(needle)) found.push({ table: table.name, column, needle, value });
      }
    }
  }
  return found;
}
