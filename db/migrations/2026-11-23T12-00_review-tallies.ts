import { type Kysely, sql } from "kysely";
import { isSqlite } from "./column-types.ts";

/**
 * A course page must not read all of a course's reviews to say how many there are: with 10,000
 * reviews its summary, its list's count and its average cost five scans. `review_tallies` counts a
 * course's visible reviews per (stars, module, band achieved) — at most 6 × 3 × 20 rows a course —
 * with the sum of their band gains, so the histogram, every filter's count, the median band and the
 * average gain follow from a handful of rows.
 *
 * The database keeps it right itself, with triggers on `reviews`: every path that writes a review
 * (posting, editing, deleting, hiding, restoring, and the cascades when a user or course goes) counts
 * in the same transaction, and none can forget to. A key column that has no value is stored as a
 * sentinel rather than null, because null is never equal to null in a primary key:
 * `stars` 0 = no stars, `ielts_module` '' = none, `band_achieved` -1 = not reported.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("review_tallies")
    .addColumn("service_id", "text", (c) =>
      c.notNull().references("services.id").onDelete("cascade"),
    )
    .addColumn("stars", "integer", (c) => c.notNull())
    .addColumn("ielts_module", "text", (c) => c.notNull())
    .addColumn("band_achieved", "double precision", (c) => c.notNull())
    .addColumn("review_count", "integer", (c) => c.notNull())
    /** Sum of (band achieved − band before) over the reviews that report both… */
    .addColumn("gain_sum", "double precision", (c) => c.notNull())
    /** …and how many those are. */
    .addColumn("gain_count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_tallies_key", [
      "service_id",
      "stars",
      "ielts_module",
      "band_achieved",
    ])
    .execute();
  await sql`insert into review_tallies
      (service_id, stars, ielts_module, band_achieved, review_count, gain_sum, gain_count)
    select service_id, coalesce(rating, 0), coalesce(ielts_module, ''), coalesce(band_achieved, -1),
      count(*), coalesce(sum(band_achieved - band_before), 0), count(band_achieved - band_before)
    from reviews where hidden_at is null
    group by service_id, coalesce(rating, 0), coalesce(ielts_module, ''), coalesce(band_achieved, -1)`.execute(
    db,
  );
  if (isSqlite(db)) {
    await sql
      .raw(`create trigger review_tallies_on_insert after insert on reviews begin
        ${countIn("new")};
      end`)
      .execute(db);
    await sql
      .raw(`create trigger review_tallies_on_delete after delete on reviews begin
        ${countOut("old")};
      end`)
      .execute(db);
    await sql
      .raw(`create trigger review_tallies_on_update after update of ${COUNTED_COLUMNS} on reviews begin
        ${countOut("old")};
        ${countIn("new")};
      end`)
      .execute(db);
    return;
  }
  await sql
    .raw(`create function review_tallies_follow_reviews() returns trigger
    language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${countIn("new")};
      elsif tg_op = 'DELETE' then ${countOut("old")};
      -- Two tallies are locked in key order, so two edits moving reviews between the same two
      -- tallies in opposite directions never wait for each other (a deadlock).
      elsif (${contribution("new").key.join(", ")}) < (${contribution("old").key.join(", ")}) then
        ${countIn("new")};
        ${countOut("old")};
      else
        ${countOut("old")};
        ${countIn("new")};
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger review_tallies_follow_reviews
    after insert or delete or update of ${COUNTED_COLUMNS} on reviews
    for each row execute function review_tallies_follow_reviews()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger review_tallies_on_${trigger}`).execute(db);
    }
  } else {
    await sql`drop trigger review_tallies_follow_reviews on reviews`.execute(db);
    await sql`drop function review_tallies_follow_reviews()`.execute(db);
  }
  await db.schema.dropTable("review_tallies").execute();
}

/** The columns a tally depends on: a helpful vote or an edited message changes none. */
const COUNTED_COLUMNS = "service_id, rating, ielts_module, band_before, band_achieved, hidden_at";

/** The tally's key and contribution of one review, `new` or `old` in a trigger. */
function contribution(row: "new" | "old") {
  return {
    key: [
      `${row}.service_id`,
      `coalesce(${row}.rating, 0)`,
      `coalesce(${row}.ielts_module, '')`,
      `coalesce(${row}.band_achieved, -1)`,
    ],
    gain: `coalesce(${row}.band_achieved - ${row}.band_before, 0)`,
    gains: `case when ${row}.band_achieved - ${row}.band_before is null then 0 else 1 end`,
  };
}

/** Counts a visible review in (an upsert: the first review of its kind makes the row). */
function countIn(row: "new"): string {
  const { key, gain, gains } = contribution(row);
  return `insert into review_tallies
      (service_id, stars, ielts_module, band_achieved, review_count, gain_sum, gain_count)
    select ${key.join(", ")}, 1, ${gain}, ${gains} where ${row}.hidden_at is null
    on conflict (service_id, stars, ielts_module, band_achieved) do update set
      review_count = review_tallies.review_count + 1,
      gain_sum = review_tallies.gain_sum + excluded.gain_sum,
      gain_count = review_tallies.gain_count + excluded.gain_count`;
}

/** Counts a visible review out. */
function countOut(row: "old"): string {
  const { key, gain, gains } = contribution(row);
  return `update review_tallies set
      review_count = review_count - 1, gain_sum = gain_sum - ${gain}, gain_count = gain_count - ${gains}
    where ${row}.hidden_at is null and service_id = ${key[0]} and stars = ${key[1]}
      and ielts_module = ${key[2]} and band_achieved = ${key[3]}`;
}
