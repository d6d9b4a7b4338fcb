import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Better Auth's two-factor plugin (decision 0032): whether an account asks for a second factor
 * at sign-in, and its authenticator secret and backup codes, both encrypted with AUTH_SECRET.
 * A secret stays `verified = false` until a code from the app confirms it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .alterTable("users")
    .addColumn("two_factor_enabled", type.boolean, (c) => c.notNull().defaultTo(type.falseValue))
    .execute();
  await db.schema
    .createTable("two_factors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backup_codes", "text", (c) => c.notNull())
    .addColumn("verified", type.boolean, (c) => c.notNull().defaultTo(type.falseValue))
    .addColumn("failed_verification_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", type.timestamp)
    .execute();
  await db.schema
    .createIndex("two_factors_by_user")
    .on("two_factors")
    .column("user_id")
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("two_factors").execute();
  await db.schema.alterTable("users").dropColumn("two_factor_enabled").execute();
}
