import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Newsletter subscribers, with double opt-in: an address is `pending` until the link mailed to
 * it is followed, then `confirmed`; `unsubscribed` once it asks to stop. The token in the links
 * (confirm, unsubscribe) is random and proves the reader holds the mailbox.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("newsletter_subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("confirmed_at", type.timestamp)
    .addColumn("unsubscribed_at", type.timestamp)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("newsletter_subscribers").execute();
}
