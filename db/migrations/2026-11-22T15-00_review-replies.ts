import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/** The teacher's public answer to a review: at most one per review, gone with the review. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("review_replies")
    .addColumn("review_id", "text", (c) =>
      c.primaryKey().references("reviews.id").onDelete("cascade"),
    )
    .addColumn("text", "text", (c) => c.notNull())
    /** The owner who wrote it last; kept if their account goes. */
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("review_replies").execute();
}
