import type { DB } from "../db/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes rows that can no longer mean anything: expired API tokens, sessions and verification
 * tokens, rate-limit windows that ended over a day ago, and mail the outbox gave up on over a
 * week ago (kept that long so an operator can see what failed). Run at start-up and every hour, so
 * the tables stay the size of the site's real use.
 */
export async function deleteExpiredRows(db: DB, now = new Date()): Promise<void> {
  const moment = now.toISOString();
  await db.deleteFrom("api_tokens").where("expires_at", "<=", moment).execute();
  await db.deleteFrom("sessions").where("expires_at", "<=", moment).execute();
  await db.deleteFrom("verifications").where("expires_at", "<=", moment).execute();
  await db
    .deleteFrom("rate_limits")
    .where("window_started_at", "<", now.getTime() - DAY_MS)
    .execute();
  await db
    .deleteFrom("mail_outbox")
    .where("failed_at", "<=", new Date(now.getTime() - 7 * DAY_MS).toISOString())
    .execute();
}
