import { type Kysely, SqliteAdapter, sql } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Uploaded pictures (a course's image, the teacher's photo), each kept as a few WebP widths in
 * the database, so every server process serves the same bytes (decision 0028). A row's bytes
 * never change: a new upload is a new id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const types = columnTypes(db);
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("image_variants")
    .addColumn("image_id", "text", (column) => column.notNull())
    .addColumn("width", "integer", (column) => column.notNull())
    .addColumn("height", "integer", (column) => column.notNull())
    .addColumn("bytes", sqlite ? sql`blob` : sql`bytea`, (column) => column.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", types.timestamp, (column) => column.notNull())
    .addPrimaryKeyConstraint("image_variants_pk", ["image_id", "width"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("image_variants").execute();
}
