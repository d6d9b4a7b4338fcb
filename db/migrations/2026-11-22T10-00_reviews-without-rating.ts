import { type Kysely, sql } from "kysely";
import { columnTypes, isSqlite } from "./column-types.ts";

/**
 * The original client's `POST /reviews` sends no stars (issue 7, item 16): a review's rating becomes
 * optional. The check `rating between 1 and 5` stays; SQL lets a null through it, so a rating
 * that is given is still 1 to 5. Reviews without stars are left out of a course's average.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await rebuildSqliteReviews(db, { ratingRequired: false });
    return;
  }
  await sql`alter table reviews alter column rating drop not null`.execute(db);
}

/**
 * The old schema cannot hold a review without stars, and inventing stars would put words in a
 * student's mouth: going back refuses while such reviews exist, and names how many.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  const { count } = await db
    .selectFrom("reviews" as never)
    .select(sql<number | string>`count(*)`.as("count"))
    .where(sql.ref("rating"), "is", null)
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) {
    throw new Error(
      `${count} review(s) have no rating, which the previous schema cannot hold: rate or delete them first.`,
    );
  }
  if (isSqlite(db)) {
    await rebuildSqliteReviews(db, { ratingRequired: true });
    return;
  }
  await sql`alter table reviews alter column rating set not null`.execute(db);
}

/**
 * SQLite cannot change a column's NOT NULL in place. Its documented way: create the new table,
 * copy the rows, drop the old one, rename the new one, and recreate the indexes, all in one
 * transaction. Nothing references `reviews`, so no foreign key needs switching off.
 */
async function rebuildSqliteReviews(
  db: Kysely<unknown>,
  { ratingRequired }: { ratingRequired: boolean },
): Promise<void> {
  const type = columnTypes(db);
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable("reviews_rebuilt")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("service_id", "text", (c) =>
        c.notNull().references("services.id").onDelete("cascade"),
      )
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("rating", "integer", (c) => {
        const checked = c.check(sql`rating between 1 and 5`);
        return ratingRequired ? checked.notNull() : checked;
      })
      .addColumn("message", "text", (c) => c.notNull())
      .addColumn("created_at", type.timestamp, (c) => c.notNull())
      .addColumn("updated_at", type.timestamp, (c) => c.notNull())
      .addUniqueConstraint("reviews_one_per_user_and_service", ["service_id", "user_id"])
      .execute();
    await sql`insert into reviews_rebuilt (id, service_id, user_id, rating, message, created_at, updated_at)
      select id, service_id, user_id, rating, message, created_at, updated_at from reviews`.execute(
      trx,
    );
    await trx.schema.dropTable("reviews").execute();
    await trx.schema.alterTable("reviews_rebuilt").renameTo("reviews").execute();
    await trx.schema
      .createIndex("reviews_by_service_newest_first")
      .on("reviews")
      .columns(["service_id", "created_at desc"])
      .execute();
    await trx.schema
      .createIndex("reviews_by_user_newest_first")
      .on("reviews")
      .columns(["user_id", "created_at desc"])
      .execute();
  });
}
