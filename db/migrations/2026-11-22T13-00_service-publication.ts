import { type Kysely, sql } from "kysely";

/**
 * Courses can be held for approval or unpublished (a deleted course with reviews is kept, out of
 * sight, for the owner to restore), and the owner's settings have a table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("services")
    // published | pending (waiting for the owner's approval) | unpublished
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .execute();
  await db.schema.dropIndex("services_newest_first").execute();
  await db.schema
    .createIndex("services_newest_first")
    .on("services")
    .columns(["status", "created_at desc", "id desc"])
    .execute();
  await db.schema
    .createTable("site_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Going back would put courses held or unpublished by the owner into the catalogue: refuse.
  const { rows } = await sql<{ count: number | string }>`
    select count(*) as count from services where status <> 'published'`.execute(db);
  const hidden = Number(rows[0]?.count ?? 0);
  if (hidden > 0)
    throw new Error(
      `${hidden} course(s) are pending or unpublished: publish or delete them first.`,
    );
  await db.schema.dropTable("site_settings").execute();
  await db.schema.dropIndex("services_newest_first").execute();
  await db.schema.alterTable("services").dropColumn("status").execute();
  await db.schema
    .createIndex("services_newest_first")
    .on("services")
    .columns(["created_at desc", "id desc"])
    .execute();
}
