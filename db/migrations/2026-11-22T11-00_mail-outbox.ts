import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * The durable mail outbox: a request only writes a row here; a background worker
 * sends it after the answer, retrying with backoff, so a failing mail server neither loses a
 * message nor slows a request. A row is either a ready message (`mail`) or work that produces
 * one (`password-reset`: ask Better Auth for a reset link for that address, if it has an account).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    /** JSON: `{subject, text}` for a mail, `{redirectTo}` for a password reset. */
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", type.timestamp, (c) => c.notNull())
    /** Set while a worker holds the row; another may take it over once this time has passed. */
    .addColumn("claimed_until", type.timestamp)
    /** Set when the worker gave up; such rows are kept a while for the operator, never retried. */
    .addColumn("failed_at", type.timestamp)
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("mail_outbox_due")
    .on("mail_outbox")
    .columns(["failed_at", "next_attempt_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail_outbox").execute();
}
