import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Webhooks for the teacher (decision 0047): the endpoints an owner added on /admin/webhooks, and
 * one row per event on its way to one endpoint, written in the same transaction as the event
 * and sent by a worker after the answer, as the mail outbox does. Owners only ever read these,
 * so no trigger tells the response cache about them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("webhook_endpoints")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("url", "text", (c) => c.notNull())
    /** A JSON array of the event types it receives. */
    .addColumn("events", "text", (c) => c.notNull())
    /** The `whsec_` signing secret, encrypted under a key derived from AUTH_SECRET. */
    .addColumn("secret", "text", (c) => c.notNull())
    /** `on`; `off` (turned off by an owner); `failing` (turned off after 3 days of failures). */
    .addColumn("state", "text", (c) => c.notNull().defaultTo("on"))
    .addColumn("state_changed_at", type.timestamp)
    /** The first failure since its last success: 3 days of nothing else turns it off. */
    .addColumn("failing_since", type.timestamp)
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    /** Also the `webhook-id` every attempt carries, so a receiver can tell a repeat. */
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("endpoint_id", "text", (c) =>
      c.notNull().references("webhook_endpoints.id").onDelete("cascade"),
    )
    .addColumn("event_type", "text", (c) => c.notNull())
    /** The body exactly as it is signed and sent, the same on every attempt. */
    .addColumn("payload", "text", (c) => c.notNull())
    /** `pending`, `delivered` or `failed` (given up). */
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    /** 1 for a test event or a "Send again": sent even while its endpoint is off. */
    .addColumn("manual", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", type.timestamp)
    /** Set while a worker holds the row; another may take it over once this time has passed. */
    .addColumn("claimed_until", type.timestamp)
    /** No retry is scheduled past this: a day after the first attempt. */
    .addColumn("retry_until", type.timestamp, (c) => c.notNull())
    .addColumn("last_attempt_at", type.timestamp)
    .addColumn("last_status_code", "integer")
    .addColumn("last_error", "text")
    .addColumn("delivered_at", type.timestamp)
    /** The account the event names (a review's author, a student): deleted with the account. */
    .addColumn("about_user_id", "text")
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_due")
    .on("webhook_deliveries")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_by_endpoint")
    .on("webhook_deliveries")
    .columns(["endpoint_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("webhook_deliveries_by_age")
    .on("webhook_deliveries")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_endpoints").execute();
}
