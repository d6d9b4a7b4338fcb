import type { Kysely } from "kysely";

/**
 * What a buyer weighs beside a course's name and price (core/catalogue/course-details.ts), all optional:
 * the module it prepares for, the band range it suits, its length, its format, and up to 8
 * "What you will learn" points, kept as a JSON array of strings (read and written whole, never
 * queried by part).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, "text" | "real" | "integer"][] = [
    /** academic | general | both */
    ["ielts_module", "text"],
    ["level_from", "real"],
    ["level_to", "real"],
    ["length_value", "integer"],
    /** days | weeks */
    ["length_unit", "text"],
    /** video | live | one-to-one */
    ["format", "text"],
  ];
  for (const [name, type] of columns) {
    await db.schema.alterTable("services").addColumn(name, type).execute();
  }
  await db.schema
    .alterTable("services")
    .addColumn("learning_points", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    "learning_points",
    "format",
    "length_unit",
    "length_value",
    "level_to",
    "level_from",
    "ielts_module",
  ]) {
    await db.schema.alterTable("services").dropColumn(name).execute();
  }
}
