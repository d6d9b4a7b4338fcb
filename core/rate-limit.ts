import { sql } from "kysely";
import type { DB } from "../db/index.ts";

export interface RateLimitRule {
  /** How many attempts a window allows. */
  limit: number;
  windowSeconds: number;
}

/**
 * DESIGN §5: sign-in, sign-up, password reset and writes, per client address; password guesses
 * also per account.
 */
export const rateLimits = {
  /** Requests that check a password (sign-in, change-password, verify-password), per address. */
  signIn: { limit: 10, windowSeconds: 10 * 60 },
  /**
   * …and per account, from any number of addresses (ASVS 6.3.1). A short lock: the owner waits
   * at most 15 minutes, or is let in at once by a password reset.
   */
  signInAccount: { limit: 10, windowSeconds: 15 * 60 },
  signUp: { limit: 10, windowSeconds: 60 * 60 },
  passwordReset: { limit: 5, windowSeconds: 60 * 60 },
  /** Reviews and services posted, changed or deleted: plenty for a person, a wall for a script. */
  write: { limit: 30, windowSeconds: 10 * 60 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt for `key` in a fixed window and says whether it is allowed. The counter
 * lives in the database, so every server process shares it and a restart does not reset it.
 */
export async function hitRateLimit(
  db: DB,
  key: string,
  { limit, windowSeconds }: RateLimitRule,
  now = Date.now(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const row = await db
    .insertInto("rate_limits")
    .values({ key, window_started_at: now, hits: 1 })
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({
        // A window that has run out starts again with this attempt.
        hits: sql`case when rate_limits.window_started_at <= ${now - windowMs} then 1 else rate_limits.hits + 1 end`,
        window_started_at: sql`case when rate_limits.window_started_at <= ${now - windowMs} then ${now} else rate_limits.window_started_at end`,
      }),
    )
    .returning(["hits", "window_started_at"])
    .executeTakeFirstOrThrow();
  if (row.hits <= limit) return { allowed: true };
  const resetAt = Number(row.window_started_at) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
}

/** Forgets the attempts counted for `key`, e.g. an account's guesses once its owner got in. */
export async function clearRateLimit(db: DB, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
