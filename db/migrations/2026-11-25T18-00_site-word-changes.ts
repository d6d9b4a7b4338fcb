import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Who changed the site's words on /admin/site, when, and what the section read afterwards
 * (decision 0040). The words themselves stay in `site_settings`, whose triggers already tell the
 * response cache; this history is shown to owners only, so it needs no trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("site_word_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** hero, about, faq, contact or social. */
    .addColumn("section", "text", (c) => c.notNull())
    /** The section as saved, as JSON. */
    .addColumn("snapshot", "text", (c) => c.notNull())
    .addColumn("changed_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("changed_at", type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("site_word_changes_by_section")
    .on("site_word_changes")
    .columns(["section", "changed_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("site_word_changes").execute();
}
