import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Newsletter issues and their deliveries. An issue is a draft until the owner sends it; then a
 * background job writes one delivery per confirmed subscriber (with its outbox row, in the same
 * transaction) until every subscriber has one, so a restart resumes where the job stopped and
 * the unique (issue, subscriber) pair keeps anyone from being queued twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("newsletter_issues")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subject", "text", (c) => c.notNull())
    /** Plain text or Markdown, as the owner wrote it. */
    .addColumn("body", "text", (c) => c.notNull())
    /** draft | sending | sent */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .addColumn("send_started_at", type.timestamp)
    .addColumn("sent_at", type.timestamp)
    .execute();
  await db.schema
    .createTable("newsletter_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("issue_id", "text", (c) =>
      c.notNull().references("newsletter_issues.id").onDelete("cascade"),
    )
    .addColumn("subscriber_id", "text", (c) =>
      c.notNull().references("newsletter_subscribers.id").onDelete("cascade"),
    )
    /** queued | sent | failed | skipped (unsubscribed before its turn) */
    .addColumn("status", "text", (c) => c.notNull())
    /** Why it failed, for the owner. */
    .addColumn("failure", "text")
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("finished_at", type.timestamp)
    .addUniqueConstraint("newsletter_deliveries_once", ["issue_id", "subscriber_id"])
    .execute();
  await db.schema
    .createIndex("newsletter_deliveries_progress")
    .on("newsletter_deliveries")
    .columns(["issue_id", "status"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("newsletter_deliveries").execute();
  await db.schema.dropTable("newsletter_issues").execute();
}
