import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Better Auth's session, account and verification models (mapped to snake_case in
 * server/auth/index.ts), the bearer tokens of the JSON API, and the rate-limit counters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", type.timestamp, (c) => c.notNull())
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_by_user").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_id", "text", (c) => c.notNull())
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("access_token", "text")
    .addColumn("refresh_token", "text")
    .addColumn("id_token", "text")
    .addColumn("access_token_expires_at", type.timestamp)
    .addColumn("refresh_token_expires_at", type.timestamp)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .addUniqueConstraint("accounts_one_per_provider_account", ["provider_id", "account_id"])
    .execute();
  await db.schema.createIndex("accounts_by_user").on("accounts").column("user_id").execute();

  await db.schema
    .createTable("verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", type.timestamp, (c) => c.notNull())
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("verifications_by_identifier")
    .on("verifications")
    .column("identifier")
    .execute();

  // A bearer token lives no longer than the session it was issued from: signing out deletes the
  // session and, through the foreign key, its tokens.
  await db.schema
    .createTable("api_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) =>
      c.notNull().references("sessions.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("expires_at", type.timestamp, (c) => c.notNull())
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("api_tokens_by_session")
    .on("api_tokens")
    .column("session_id")
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rate_limits", "api_tokens", "verifications", "accounts", "sessions"]) {
    await db.schema.dropTable(table).execute();
  }
}
