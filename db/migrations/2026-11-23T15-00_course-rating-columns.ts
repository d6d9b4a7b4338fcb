import { type Kysely, sql } from "kysely";
import { isSqlite } from "./column-types.ts";

/**
 * The catalogue sorts by rating and by number of reviews, over every course at once: reading each
 * course's reviews (or tallies) to sort 100,000 courses is out of the question. Each course keeps
 * `review_count`, `rating_count` and `rating_sum` of its visible reviews, moved by triggers on
 * `review_tallies` — which triggers on `reviews` keep (migration 2026-11-23T12-00) — by the
 * difference each tally change makes, so they stay the sums of the course's tallies. Indexes read
 * each catalogue order straight from the published courses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["review_count", "rating_count", "rating_sum"]) {
    await db.schema
      .alterTable("services")
      .addColumn(column, "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`update services set
      review_count = coalesce((select sum(review_count) from review_tallies t
        where t.service_id = services.id), 0),
      rating_count = coalesce((select sum(review_count) from review_tallies t
        where t.service_id = services.id and t.stars > 0), 0),
      rating_sum = coalesce((select sum(stars * review_count) from review_tallies t
        where t.service_id = services.id), 0)`.execute(db);

  if (isSqlite(db)) {
    await sql
      .raw(`create trigger course_ratings_on_tally_insert after insert on review_tallies begin
        ${moveCourseCounts("new.review_count")};
      end`)
      .execute(db);
    await sql
      .raw(`create trigger course_ratings_on_tally_update after update of review_count on review_tallies begin
        ${moveCourseCounts("new.review_count - old.review_count")};
      end`)
      .execute(db);
  } else {
    await sql
      .raw(`create function course_ratings_follow_tallies() returns trigger
      language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${moveCourseCounts("new.review_count")};
        else ${moveCourseCounts("new.review_count - old.review_count")};
        end if;
        return null;
      end $$`)
      .execute(db);
    await sql
      .raw(`create trigger course_ratings_follow_tallies
      after insert or update of review_count on review_tallies
      for each row execute function course_ratings_follow_tallies()`)
      .execute(db);
  }

  await sql`create index services_by_price
    on services (status, price_cents, created_at desc)`.execute(db);
  await sql`create index services_by_review_count
    on services (status, review_count desc, created_at desc)`.execute(db);
  await sql`create index services_by_rating
    on services (status, ${sql.raw(AVERAGE_STARS)} desc, rating_count desc, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["services_by_rating", "services_by_review_count", "services_by_price"]) {
    await db.schema.dropIndex(index).execute();
  }
  if (isSqlite(db)) {
    await sql`drop trigger course_ratings_on_tally_update`.execute(db);
    await sql`drop trigger course_ratings_on_tally_insert`.execute(db);
  } else {
    await sql`drop trigger course_ratings_follow_tallies on review_tallies`.execute(db);
    await sql`drop function course_ratings_follow_tallies()`.execute(db);
  }
  for (const column of ["rating_sum", "rating_count", "review_count"]) {
    await db.schema.alterTable("services").dropColumn(column).execute();
  }
}

/**
 * A course's average stars, 0 when nothing is rated (so unrated courses sort last): the very
 * expression core/catalogue/catalogue.server.ts orders by, so that both engines read it from the index.
 */
export const AVERAGE_STARS = "coalesce(rating_sum * 1.0 / nullif(rating_count, 0), 0)";

/** Moves the course's counts by `delta` reviews of the changed tally's kind. */
function moveCourseCounts(delta: string): string {
  return `update services set
      review_count = review_count + (${delta}),
      rating_count = rating_count + case when new.stars > 0 then ${delta} else 0 end,
      rating_sum = rating_sum + new.stars * (${delta})
    where id = new.service_id`;
}
