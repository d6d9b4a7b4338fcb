import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/** Messages sent through the contact form, kept for the owner's inbox in /admin. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    /** Set when an owner marked it handled. */
    .addColumn("handled_at", type.timestamp)
    .execute();
  await db.schema
    .createIndex("contact_messages_newest_first")
    .on("contact_messages")
    .columns(["created_at desc", "id desc"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
}
