import { type Kysely, sql } from "kysely";

/**
 * "Highest" and "lowest" put reviews without stars last in both orders, which neither engine's
 * plain index on `rating` gives (SQLite sorts nulls first, PostgreSQL last, each whichever way it
 * scans). Indexed expressions that turn "no stars" into 0 for highest and 6 for lowest read both
 * orders straight from an index, the same way on both engines. The first also serves the star
 * filter (`coalesce(rating, 0) = 4`, newest first), so the plain (service, rating, created) index
 * goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index reviews_by_service_highest
    on reviews (service_id, coalesce(rating, 0) desc, created_at desc)`.execute(db);
  await sql`create index reviews_by_service_lowest
    on reviews (service_id, coalesce(rating, 6), created_at desc)`.execute(db);
  await db.schema.dropIndex("reviews_by_service_rating").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("reviews_by_service_rating")
    .on("reviews")
    .columns(["service_id", "rating", "created_at"])
    .execute();
  await db.schema.dropIndex("reviews_by_service_lowest").execute();
  await db.schema.dropIndex("reviews_by_service_highest").execute();
}
