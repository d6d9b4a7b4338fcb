import { sql } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { parseUploadedImagePath } from "../images/uploaded-images.ts";
import { MAX_PASSWORD_LENGTH } from "../limits/field-limits.ts";
import {
  accountAddressDigest,
  accountPasswordGuessKey,
  addressPasswordCheckKey,
  hitRateLimit,
  minutesInWords,
  rateLimits,
} from "../limits/rate-limit.server.ts";
import { queueMail } from "../mail/mail-outbox.server.ts";
import type { WebhookEventData } from "../webhooks/webhook-events.ts";
import { queueWebhookEvent } from "../webhooks/webhooks.server.ts";
import { accountDeletedMail } from "./account-mail.ts";
import { passwordHash } from "./accounts.server.ts";
import { isFreshSignIn } from "./sessions.server.ts";

/*
 * "Delete my account" (decision 0033): after the person has confirmed it (their password, or for
 * an account without one a sign-in within the last 15 minutes), every row that is about them goes
 * in one transaction, table by table as core/accounts/account-data-tables.ts lists them, and a goodbye
 * mail is queued in the same transaction: a crash deletes all of it or none. The webhooks of what
 * goes (a review deleted, a request cancelled) are written in it too (decision 0051).
 */

/** The confirmation on the page and on `DELETE /api/me`. */
export const accountDeletionSchema = z.object({
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(MAX_PASSWORD_LENGTH * 4, "This is not your password."),
});

/** How the person proved it is them, just now. */
export type DeletionConfirmation =
  | { kind: "password"; password: string }
  /** For an account without a password (Google only): this session signed in moments ago. */
  | { kind: "fresh-sign-in"; sessionId: string };

export type DeletionRefusal =
  | { ok: false; reason: "no-such-account" }
  | { ok: false; reason: "wrong-password" }
  /** A password account must give its password; a fresh sign-in is not enough. */
  | { ok: false; reason: "password-needed" }
  /** An account without a password was asked for one (the API): it must use the site. */
  | { ok: false; reason: "no-password" }
  | { ok: false; reason: "sign-in-again" }
  | {
      ok: false;
      reason: "rate-limited";
      /** Which limit, for the security log: `sign-in:address` or `password:account`. */
      limit: string;
      retryAfterSeconds: number;
      message: string;
    };

export type DeletionResult = { ok: true; email: string } | DeletionRefusal;

/** Checks a password against a stored hash: Better Auth's hasher, passed in by the caller. */
export type VerifyPassword = (hash: string, password: string) => Promise<boolean>;

/**
 * The password, checked as every other password check is: it counts against the client
 * address's checks and against the account's guesses (server/auth/account-rules.ts spends the
 * same counters), so deleting cannot be used to guess a password the sign-in form would stop.
 */
async function checkPassword(
  db: DB,
  {
    email,
    hash,
    password,
    address,
    verifyPassword,
    authSecret,
  }: {
    email: string;
    hash: string;
    password: string;
    address: string;
    verifyPassword: VerifyPassword;
    authSecret: string;
  },
): Promise<DeletionRefusal | undefined> {
  const byAddress = await hitRateLimit(db, addressPasswordCheckKey(address), rateLimits.signIn);
  if (!byAddress.allowed)
    return {
      ok: false,
      reason: "rate-limited",
      limit: "sign-in:address",
      retryAfterSeconds: byAddress.retryAfterSeconds,
      message: `Too many attempts from your network. Please wait ${minutesInWords(byAddress.retryAfterSeconds)} and try again.`,
    };
  const byAccount = await hitRateLimit(
    db,
    accountPasswordGuessKey(authSecret, email),
    rateLimits.signInAccount,
  );
  if (!byAccount.allowed)
    return {
      ok: false,
      reason: "rate-limited",
      limit: "password:account",
      retryAfterSeconds: byAccount.retryAfterSeconds,
      message: `Too many password attempts for this account. Please wait ${minutesInWords(byAccount.retryAfterSeconds)} and try again, or reset your password.`,
    };
  if (!(await verifyPassword(hash, password))) return { ok: false, reason: "wrong-password" };
  return undefined;
}

/**
 * Deletes the account once `confirmation` holds, with everything about the person, and queues
 * the goodbye mail. Nothing is deleted when it does not hold.
 */
export async function deleteAccount(
  db: DB,
  {
    userId,
    confirmation,
    address,
    verifyPassword,
    authSecret,
    siteUrl,
  }: {
    userId: string;
    confirmation: DeletionConfirmation;
    /** The client's address, for the password-check limit. */
    address: string;
    verifyPassword: VerifyPassword;
    /** AUTH_SECRET, which the account's counters are keyed with (core/limits/rate-limit.server.ts). */
    authSecret: string;
    siteUrl: string;
  },
  now = new Date(),
): Promise<DeletionResult> {
  const user = await db
    .selectFrom("users")
    .select("email")
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return { ok: false, reason: "no-such-account" };
  const hash = await passwordHash(db, userId);
  if (hash) {
    if (confirmation.kind !== "password") return { ok: false, reason: "password-needed" };
    const refusal = await checkPassword(db, {
      email: user.email,
      hash,
      password: confirmation.password,
      address,
      verifyPassword,
      authSecret,
    });
    if (refusal) return refusal;
  } else {
    if (confirmation.kind !== "fresh-sign-in") return { ok: false, reason: "no-password" };
    if (!(await isFreshSignIn(db, confirmation.sessionId, now)))
      return { ok: false, reason: "sign-in-again" };
  }

  const email = await db.transaction().execute(async (trx) => {
    const erased = await eraseAccount(trx, userId, authSecret, now);
    // Queued after the account's rows are gone (and in the same transaction): the one row left
    // that holds the address, deleted by the outbox once the mail is delivered.
    if (erased) await queueMail(trx, accountDeletedMail(erased.email, siteUrl), now);
    return erased?.email;
  });
  return email === undefined ? { ok: false, reason: "no-such-account" } : { ok: true, email };
}

/**
 * Whether `text` names the person: holds their id, or their address as a whole address (not
 * inside a longer one: `ann@example.co` is not in `joann@example.com`).
 */
export function namesPerson(text: string, { id, email }: { id: string; email: string }): boolean {
  if (text.includes(id)) return true;
  const address = email.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![a-z0-9._%+-])${address}(?![a-z0-9-]|\\.[a-z0-9])`).test(
    text.toLowerCase(),
  );
}

/**
 * The column, lower-cased, holds `text` (or ends with it): LIKE, with LIKE's own wildcards in
 * `text` taken literally, the same on both engines.
 */
function lowerHolds(column: string, text: string, { atEnd = false } = {}) {
  const literal = text.toLowerCase().replace(/[\\%_]/g, "\\$&");
  const pattern = atEnd ? `%${literal}` : `%${literal}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/**
 * Every row about the user, in the transaction `trx`: deleted, or (where the row is someone
 * else's or the site's) no longer pointing at them. Returns the address the account had, or
 * undefined when it no longer exists.
 */
async function eraseAccount(
  trx: DB,
  userId: string,
  authSecret: string,
  now: Date,
): Promise<{ email: string } | undefined> {
  const user = await trx
    .selectFrom("users")
    .select(["id", "email", "image"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const person = { id: user.id, email: user.email.toLowerCase() };
  const { email } = person;
  // What the events of what goes will tell, read before it goes.
  const told = await eventsOfErasure(trx, userId, now);

  // Their helpful votes: the reviews they voted for count one fewer, then the votes go.
  await trx
    .updateTable("reviews")
    .set((eb) => ({ helpful_count: eb("helpful_count", "-", 1) }))
    .where("id", "in", (eb) =>
      eb.selectFrom("review_votes").select("review_id").where("user_id", "=", userId),
    )
    .execute();
  await trx.deleteFrom("review_votes").where("user_id", "=", userId).execute();
  await trx.deleteFrom("review_reports").where("reporter_id", "=", userId).execute();
  // Their reviews, and with them (foreign keys) the votes, reports and reply they received. The
  // triggers on `reviews` take them out of each course's tallies, so averages and counts follow.
  await trx.deleteFrom("reviews").where("user_id", "=", userId).execute();
  await trx.deleteFrom("enrollments").where("user_id", "=", userId).execute();
  // Their Writing answers and drafts: their personal data (decision 0057).
  await trx.deleteFrom("writing_drafts").where("author_id", "=", userId).execute();
  await trx.deleteFrom("writing_submissions").where("author_id", "=", userId).execute();
  await trx
    .deleteFrom("contact_messages")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .execute();
  // The subscription ends; its deliveries go with it (foreign key).
  await trx
    .deleteFrom("newsletter_subscribers")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .execute();

  // What they made for the site stays, no longer pointing at them.
  await trx
    .updateTable("services")
    .set({ created_by: null })
    .where("created_by", "=", userId)
    .execute();
  await trx
    .updateTable("review_replies")
    .set({ author_id: null })
    .where("author_id", "=", userId)
    .execute();
  await trx
    .updateTable("newsletter_issues")
    .set({ author_id: null })
    .where("author_id", "=", userId)
    .execute();
  await trx
    .updateTable("posts")
    .set({ created_by: null })
    .where("created_by", "=", userId)
    .execute();
  await trx
    .updateTable("posts")
    .set({ updated_by: null })
    .where("updated_by", "=", userId)
    .execute();
  await trx
    .updateTable("post_revisions")
    .set({ author_id: null })
    .where("author_id", "=", userId)
    .execute();
  await trx
    .updateTable("writing_tasks")
    .set({ created_by: null })
    .where("created_by", "=", userId)
    .execute();
  await trx
    .updateTable("writing_tasks")
    .set({ updated_by: null })
    .where("updated_by", "=", userId)
    .execute();
  await trx
    .updateTable("site_word_changes")
    .set({ changed_by: null })
    .where("changed_by", "=", userId)
    .execute();
  await erasePictures(trx, { userId, photo: user.image });

  await trx.deleteFrom("owners").where("user_id", "=", userId).execute();
  await trx.deleteFrom("api_tokens").where("user_id", "=", userId).execute();
  await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
  await trx.deleteFrom("accounts").where("user_id", "=", userId).execute();

  // Better Auth's one-time rows (a reset link's row holds the user id; Google's sign-in state may
  // hold the address): found by either, checked whole.
  const verifications = await trx
    .selectFrom("verifications")
    .select(["id", "identifier", "value"])
    .where((eb) =>
      eb.or(
        [person.id, email].flatMap((text) => [
          lowerHolds("identifier", text),
          lowerHolds("value", text),
        ]),
      ),
    )
    .execute();
  const namingVerifications = verifications
    .filter((row) => namesPerson(`${row.identifier}\n${row.value}`, person))
    .map((row) => row.id);
  if (namingVerifications.length > 0)
    await trx.deleteFrom("verifications").where("id", "in", namingVerifications).execute();

  // Their account's counters, keyed by the keyed hash of their address or by their id
  // (`password:account:<digest>`, `reviews:account:<id>`): no longer of use to anyone.
  await trx
    .deleteFrom("rate_limits")
    .where((eb) =>
      eb.or([
        lowerHolds("key", `:${accountAddressDigest(authSecret, email)}`, { atEnd: true }),
        lowerHolds("key", `:${person.id}`, { atEnd: true }),
      ]),
    )
    .execute();

  // Mail waiting for them, about them (a new address being confirmed, their enrollment told to
  // the owners), or naming their address or id (a contact message's Reply-To).
  const mails = await trx
    .selectFrom("mail_outbox")
    .select(["id", "recipient", "payload", "about_user_id"])
    .where((eb) =>
      eb.or([
        eb("about_user_id", "=", userId),
        eb(eb.fn("lower", ["recipient"]), "=", email),
        lowerHolds("payload", email),
        lowerHolds("payload", person.id),
      ]),
    )
    .execute();
  const theirMails = mails
    .filter(
      (row) =>
        row.about_user_id === userId ||
        row.recipient.toLowerCase() === email ||
        namesPerson(row.payload, person),
    )
    .map((row) => row.id);
  if (theirMails.length > 0)
    await trx.deleteFrom("mail_outbox").where("id", "in", theirMails).execute();

  // Webhooks about them (their review, their enrollment) or naming their address (a contact
  // message, a subscription), waiting or kept for the owner's history: whatever a receiver
  // already took is the teacher's own system's to forget (decision 0047).
  const deliveries = await trx
    .selectFrom("webhook_deliveries")
    .select(["id", "payload", "about_user_id"])
    .where((eb) =>
      eb.or([
        eb("about_user_id", "=", userId),
        lowerHolds("payload", email),
        lowerHolds("payload", person.id),
      ]),
    )
    .execute();
  const theirDeliveries = deliveries
    .filter((row) => row.about_user_id === userId || namesPerson(row.payload, person))
    .map((row) => row.id);
  if (theirDeliveries.length > 0)
    await trx.deleteFrom("webhook_deliveries").where("id", "in", theirDeliveries).execute();
  await trx
    .updateTable("webhook_endpoints")
    .set({ created_by: null })
    .where("created_by", "=", userId)
    .execute();
  // Written after the deliveries about them went, so that these stay.
  await told();

  await trx.deleteFrom("users").where("id", "=", userId).execute();
  return { email: user.email };
}

/**
 * The webhooks an account's deletion sends (decision 0051), with the very bodies the student's
 * own actions send: `review.deleted` for each of their reviews, `enrollment.cancelled` for each
 * request still open (requested or confirmed; a past one, declined or cancelled, is told of
 * already). Read now, before the rows go; the returned function writes them. A review's event
 * names no one and stays in the owner's history as any other; a request's names the student, so
 * its delivery keeps the account's id as `about_user_id` and is removed once it is finished
 * (`forgetDeliveriesOfDeletedAccounts`), as the goodbye mail is once sent.
 */
async function eventsOfErasure(trx: DB, userId: string, now: Date) {
  const reviews = await trx
    .selectFrom("reviews")
    .innerJoin("services", "services.id", "reviews.service_id")
    .select(["reviews.id", "reviews.service_id", "services.name as service_name"])
    .where("reviews.user_id", "=", userId)
    .orderBy("reviews.created_at")
    .orderBy("reviews.id")
    .execute();
  const openRequests = await trx
    .selectFrom("enrollments")
    .innerJoin("services", "services.id", "enrollments.service_id")
    .innerJoin("users", "users.id", "enrollments.user_id")
    .select([
      "enrollments.id",
      "enrollments.service_id",
      "services.name as service_name",
      "users.name as student_name",
      "users.email as student_email",
    ])
    .where("enrollments.user_id", "=", userId)
    .where("enrollments.status", "in", ["requested", "confirmed"])
    .orderBy("enrollments.created_at")
    .orderBy("enrollments.id")
    .execute();
  return async () => {
    for (const review of reviews) {
      const data: WebhookEventData<"review.deleted"> = {
        id: review.id,
        serviceId: review.service_id,
        serviceName: review.service_name,
      };
      await queueWebhookEvent(trx, "review.deleted", () => data, { now });
    }
    for (const request of openRequests) {
      const data: WebhookEventData<"enrollment.cancelled"> = {
        id: request.id,
        serviceId: request.service_id,
        serviceName: request.service_name,
        student: { name: request.student_name, email: request.student_email },
        cancelledAt: now.toISOString(),
      };
      await queueWebhookEvent(trx, "enrollment.cancelled", () => data, {
        aboutUserId: userId,
        now,
      });
    }
  };
}

/**
 * Their uploaded pictures that nothing else shows (their profile photo, ones they replaced) are
 * deleted; the ones a course, the site or a Writing task shows stay, no longer marked as theirs.
 */
async function erasePictures(trx: DB, { userId, photo }: { userId: string; photo: string | null }) {
  const theirs = await trx
    .selectFrom("image_variants")
    .select("image_id")
    .distinct()
    .where("created_by", "=", userId)
    .execute();
  const candidates = new Set(theirs.map((row) => row.image_id));
  const photoId = parseUploadedImagePath(photo ?? "")?.imageId;
  if (photoId) candidates.add(photoId);
  if (candidates.size > 0) {
    const UPLOADED = "/images/uploads/%";
    const [services, users, settings, writingTasks] = await Promise.all([
      trx
        .selectFrom("services")
        .select("image_url as url")
        .where("image_url", "like", UPLOADED)
        .execute(),
      trx
        .selectFrom("users")
        .select("image as url")
        .where("image", "like", UPLOADED)
        .where("id", "!=", userId)
        .execute(),
      trx
        .selectFrom("site_settings")
        .select("value as url")
        .where("value", "like", UPLOADED)
        .execute(),
      // A Writing task's picture stays with the task, withdrawn ones too (their answers show it).
      trx
        .selectFrom("writing_tasks")
        .select("picture_url as url")
        .where("picture_url", "like", UPLOADED)
        .execute(),
    ]);
    for (const { url } of [...services, ...users, ...settings, ...writingTasks]) {
      const shown = parseUploadedImagePath(url ?? "")?.imageId;
      if (shown) candidates.delete(shown);
    }
    if (candidates.size > 0)
      await trx
        .deleteFrom("image_variants")
        .where("image_id", "in", [...candidates])
        .execute();
  }
  await trx
    .updateTable("image_variants")
    .set({ created_by: null })
    .where("created_by", "=", userId)
    .execute();
}

/** What the deletion page tells the person will go, before they confirm. */
export async function accountDeletionSummary(db: DB, userId: string, email: string) {
  const count = (rows: { count: string | number | bigint } | undefined) => Number(rows?.count ?? 0);
  const [reviews, openEnrollments, enrollments, courses, subscription, owner] = await Promise.all([
    db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("enrollments")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", userId)
      .where("status", "=", "requested")
      .executeTakeFirst(),
    db
      .selectFrom("enrollments")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("services")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("created_by", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("newsletter_subscribers")
      .select("status")
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
      .executeTakeFirst(),
    db.selectFrom("owners").select("user_id").where("user_id", "=", userId).executeTakeFirst(),
  ]);
  return {
    reviews: count(reviews),
    openEnrollments: count(openEnrollments),
    enrollments: count(enrollments),
    coursesCreated: count(courses),
    subscribed: subscription !== undefined && subscription.status !== "unsubscribed",
    isOwner: owner !== undefined,
  };
}
