import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * What a review can say beyond its stars — the student's IELTS outcome (module, overall band
 * before the course and achieved, month of the test; all optional) — and helpful votes: one per
 * user per review, their number kept on the review so the list can be sorted by it from an index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  /** academic | general */
  await db.schema.alterTable("reviews").addColumn("ielts_module", "text").execute();
  /** Overall bands 0–9 in steps of 0.5 (exact in binary floating point). */
  await db.schema.alterTable("reviews").addColumn("band_before", "real").execute();
  await db.schema.alterTable("reviews").addColumn("band_achieved", "real").execute();
  /** YYYY-MM */
  await db.schema.alterTable("reviews").addColumn("test_month", "text").execute();
  await db.schema
    .alterTable("reviews")
    .addColumn("helpful_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("review_votes")
    .addColumn("review_id", "text", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("review_votes_one_per_user", ["review_id", "user_id"])
    .execute();
  // The course page's sorts and star filter, each read in order from an index.
  await db.schema
    .createIndex("reviews_by_service_rating")
    .on("reviews")
    .columns(["service_id", "rating", "created_at"])
    .execute();
  await db.schema
    .createIndex("reviews_by_service_helpful")
    .on("reviews")
    .columns(["service_id", "helpful_count", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("reviews_by_service_helpful").execute();
  await db.schema.dropIndex("reviews_by_service_rating").execute();
  await db.schema.dropTable("review_votes").execute();
  for (const column of [
    "helpful_count",
    "test_month",
    "band_achieved",
    "band_before",
    "ielts_module",
  ]) {
    await db.schema.alterTable("reviews").dropColumn(column).execute();
  }
}
