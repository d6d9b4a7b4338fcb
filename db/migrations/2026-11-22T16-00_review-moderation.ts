import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Review moderation: students report other students' reviews (one report per user per review);
 * the owner hides a review with a reason (its author still sees it, marked), restores it, or
 * dismisses the reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("review_reports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("review_id", "text", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    .addColumn("reporter_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    /** Set when the owner acted on it (hid the review or dismissed the reports). */
    .addColumn("resolved_at", type.timestamp)
    .addUniqueConstraint("review_reports_one_per_user", ["review_id", "reporter_id"])
    .execute();
  await db.schema
    .createIndex("review_reports_open")
    .on("review_reports")
    .columns(["resolved_at", "created_at"])
    .execute();
  await db.schema.alterTable("reviews").addColumn("hidden_reason", "text").execute();
  await db.schema.alterTable("reviews").addColumn("hidden_at", type.timestamp).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("reviews").dropColumn("hidden_at").execute();
  await db.schema.alterTable("reviews").dropColumn("hidden_reason").execute();
  await db.schema.dropTable("review_reports").execute();
}
