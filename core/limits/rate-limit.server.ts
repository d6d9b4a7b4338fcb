import { createHmac, hkdfSync } from "node:crypto";
import { sql } from "kysely";
import { withoutWaitingForDisk } from "../../db/disk-wait.ts";
import type { DB } from "../../db/index.ts";

export interface RateLimitRule {
  /** How many attempts a window allows. */
  limit: number;
  windowSeconds: number;
}

/**
 * Sign-in, sign-up, password reset and writes, per client address; password guesses,
 * new courses and reviews also per account, which no number of addresses gets around. Windows
 * last at most a day: housekeeping drops counters whose window started over a day ago.
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
  /** Links proving an address, per address and per account: each one mails an inbox. */
  verificationMail: { limit: 3, windowSeconds: 60 * 60 },
  /** Reviews and services posted, changed or deleted: plenty for a person, a wall for a script. */
  write: { limit: 30, windowSeconds: 10 * 60 },
  /** A teacher adds a course or two a week; a spammer fills the home page within minutes. */
  servicesPerAccount: { limit: 5, windowSeconds: 24 * 60 * 60 },
  /** Contact messages per address: a person writes one or two; a spammer is turned away. */
  contactMessage: { limit: 5, windowSeconds: 60 * 60 },
  /** Newsletter sign-ups per address: each one mails a stranger's inbox, so few are allowed. */
  newsletterSignUp: { limit: 5, windowSeconds: 60 * 60 },
  /** One review per course, so even a keen student writes a handful in an evening. */
  reviewsPerAccount: { limit: 10, windowSeconds: 60 * 60 },
  /**
   * Writing answers submitted per account in a day (issue 38): a keen student writes a handful,
   * each measured on the server; a script is stopped after a day's worth.
   */
  writingSubmissionsPerAccount: { limit: 30, windowSeconds: 24 * 60 * 60 },
  /**
   * The teacher's marking writes per account (issue 39): forty comments on one essay, its bands
   * and its return take minutes, past the address's 30 writes in 10 minutes (decision 0062).
   */
  writingMarkingPerAccount: { limit: 600, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * What stands for an account's e-mail address in the keys of its counters: an HMAC-SHA256 of the
 * normalised address under a key derived from AUTH_SECRET (`authSecret`), so no stored key names
 * the person, and no one without the secret can tell whose counter a key is by trying addresses
 * (decision 0038). Hex, so that matching it is the same whatever an engine's LIKE does with case.
 */
export function accountAddressDigest(authSecret: string, email: string): string {
  return createHmac("sha256", accountKeyHmacKey(authSecret))
    .update(email.trim().toLowerCase())
    .digest("hex");
}

/** A key of its own for counter keys, so their hashes are never another use's of AUTH_SECRET. */
function accountKeyHmacKey(authSecret: string): Buffer {
  if (cachedHmacKey?.authSecret !== authSecret)
    cachedHmacKey = {
      authSecret,
      key: Buffer.from(hkdfSync("sha256", authSecret, "", "ielts-hub rate-limit account keys", 32)),
    };
  return cachedHmacKey.key;
}
let cachedHmacKey: { authSecret: string; key: Buffer } | undefined;

/**
 * The counter of guesses at one account's password, from any number of addresses: every path
 * that checks a password spends it (server/auth/account-rules.ts; deleting the account).
 */
export function accountPasswordGuessKey(authSecret: string, email: string): string {
  return `password:account:${accountAddressDigest(authSecret, email)}`;
}

/** The counter of links proving an address that one account (or address) was sent. */
export function accountVerificationMailKey(authSecret: string, email: string): string {
  return `verification-mail:account:${accountAddressDigest(authSecret, email)}`;
}

/** The counter of password checks from one client address: the account rules' `sign-in` bucket. */
export function addressPasswordCheckKey(address: string): string {
  return `sign-in:${address}`;
}

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
  // A counter lost in a power cut harms nobody: its commit does not wait for the disk.
  const row = await withoutWaitingForDisk(db, (counting) =>
    counting
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
      .executeTakeFirstOrThrow(),
  );
  if (row.hits <= limit) return { allowed: true };
  const resetAt = Number(row.window_started_at) + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
}

/** Who writes: the signed-in account and the address it writes from. */
export interface Writer {
  userId: string;
  address: string;
  /** An owner's writes count against the same limits; some rules (approval) differ for them. */
  isOwner: boolean;
}

/** A write refused by a limit; the caller answers 429 with `Retry-After`. */
export interface WriteLimited {
  ok: false;
  reason: "rate-limited";
  /** Which limit, for the security log: `write:address`, `services:account`, `reviews:account`. */
  limit: string;
  retryAfterSeconds: number;
  /** What to tell the person (a page message or the API's `message`). */
  message: string;
}

const ACCOUNT_LIMITS = {
  services: {
    rule: rateLimits.servicesPerAccount,
    message: `You have added ${rateLimits.servicesPerAccount.limit} courses today, as many as one account may in a day.`,
  },
  reviews: {
    rule: rateLimits.reviewsPerAccount,
    message: `You have posted ${rateLimits.reviewsPerAccount.limit} reviews in the last hour, as many as one account may.`,
  },
  writingSubmissions: {
    rule: rateLimits.writingSubmissionsPerAccount,
    message: `You have submitted ${rateLimits.writingSubmissionsPerAccount.limit} Writing answers today, as many as one account may in a day.`,
  },
  writingMarking: {
    rule: rateLimits.writingMarkingPerAccount,
    message: `You have made ${rateLimits.writingMarkingPerAccount.limit} marking changes in the last hour, as many as one account may.`,
  },
} as const;

export type AccountLimit = keyof typeof ACCOUNT_LIMITS;

/**
 * Counts one write, once, just before it is made: against the writer's address and, for new
 * courses and reviews, against the account. The page actions and the API reach it through the
 * same use cases, so both paths share every counter.
 */
export async function countWrite(
  db: DB,
  writer: Writer,
  accountLimit?: AccountLimit,
): Promise<WriteLimited | undefined> {
  const byAddress = await hitRateLimit(db, `write:${writer.address}`, rateLimits.write);
  if (!byAddress.allowed) {
    return {
      ok: false,
      reason: "rate-limited",
      limit: "write:address",
      retryAfterSeconds: byAddress.retryAfterSeconds,
      message: "Too many changes in a short time. Please wait a few minutes.",
    };
  }
  if (!accountLimit) return undefined;
  return countAccountWrite(db, writer, accountLimit);
}

/**
 * Counts one write against the account's own limit only, not the address's: for Writing answers
 * (decision 0059), which a class sitting a timed test behind one school address submits all at
 * once when the time runs out, and which the account's daily limit already bounds.
 */
export async function countAccountWrite(
  db: DB,
  writer: Pick<Writer, "userId">,
  accountLimit: AccountLimit,
): Promise<WriteLimited | undefined> {
  const { rule, message } = ACCOUNT_LIMITS[accountLimit];
  const byAccount = await hitRateLimit(db, `${accountLimit}:account:${writer.userId}`, rule);
  if (byAccount.allowed) return undefined;
  return {
    ok: false,
    reason: "rate-limited",
    limit: `${accountLimit}:account`,
    retryAfterSeconds: byAccount.retryAfterSeconds,
    message: `${message} Please try again in ${waitInWords(byAccount.retryAfterSeconds)}.`,
  };
}

/** A wait as the password limits' messages say it: "a minute", "7 minutes". */
export function minutesInWords(seconds: number): string {
  const count = Math.ceil(seconds / 60);
  return count === 1 ? "a minute" : `${count} minutes`;
}

function waitInWords(seconds: number): string {
  if (seconds >= 90 * 60) return `about ${Math.round(seconds / 3600)} hours`;
  if (seconds >= 90) return `about ${Math.round(seconds / 60)} minutes`;
  return "a minute";
}

/** Forgets the attempts counted for `key`, e.g. an account's guesses once its owner got in. */
export async function clearRateLimit(db: DB, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}
