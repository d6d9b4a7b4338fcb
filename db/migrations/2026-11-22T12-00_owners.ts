import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * The site's owners (the teacher, and whoever they trust to run the site with them). A table of
 * its own rather than a column Better Auth knows of, so no endpoint of Better Auth can ever set
 * it: only the server's shell grants it (`npm run owner`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("owners")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("granted_at", type.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("owners").execute();
}
