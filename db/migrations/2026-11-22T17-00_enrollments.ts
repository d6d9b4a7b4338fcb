import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Enrollment requests: a student asks to join a course; the owner confirms or declines; the
 * student may cancel. One open request (requested or confirmed) per student per course.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("enrollments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("service_id", "text", (c) =>
      c.notNull().references("services.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    /** The preferred start, as the student gave it: YYYY-MM-DD. */
    .addColumn("start_date", "text")
    .addColumn("message", "text")
    /** requested | confirmed | declined | cancelled */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("owner_note", "text")
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("enrollments_one_open_per_student")
    .on("enrollments")
    .columns(["service_id", "user_id"])
    .unique()
    .where(sql.ref("status"), "in", sql`('requested', 'confirmed')`)
    .execute();
  await db.schema
    .createIndex("enrollments_by_user")
    .on("enrollments")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("enrollments").execute();
}
