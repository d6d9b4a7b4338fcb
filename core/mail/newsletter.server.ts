import { randomBytes } from "node:crypto";
import type { DB } from "../../db/index.ts";
import type { SubscriberStatus } from "../../db/schema.ts";
import { emailSchema } from "../accounts/accounts.server.ts";
import { hitRateLimit, rateLimits, type WriteLimited } from "../limits/rate-limit.server.ts";
import { SITE_NAME } from "../site/site.ts";
import { queueWebhookEvent } from "../webhooks/webhooks.server.ts";
import { queueMail } from "./mail-outbox.server.ts";

export type { SubscriberStatus };
export { emailSchema as subscriberEmailSchema };

/** The same answer whatever the address's state, so the list cannot be probed. */
export const SUBSCRIBE_ANSWER = "Please check your e-mail to confirm your subscription.";

const newToken = () => randomBytes(24).toString("base64url");

/**
 * Double opt-in: a new or unsubscribed address becomes pending and is mailed a confirmation link;
 * a pending one is mailed the link again; a confirmed one is left as it is. The caller answers
 * SUBSCRIBE_ANSWER in every case.
 */
export async function subscribe(
  db: DB,
  { email, address, siteUrl }: { email: string; address: string; siteUrl: string },
  now = new Date(),
): Promise<{ ok: true } | WriteLimited> {
  const verdict = await hitRateLimit(db, `newsletter:${address}`, rateLimits.newsletterSignUp);
  if (!verdict.allowed) {
    return {
      ok: false,
      reason: "rate-limited",
      limit: "newsletter:address",
      retryAfterSeconds: verdict.retryAfterSeconds,
      message: "Too many sign-ups from here. Please try again in an hour.",
    };
  }
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("newsletter_subscribers")
      .select(["id", "status", "token"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (existing?.status === "confirmed") return;
    let token = existing?.token ?? newToken();
    if (!existing) {
      await trx
        .insertInto("newsletter_subscribers")
        .values({
          id: crypto.randomUUID(),
          email,
          status: "pending",
          token,
          created_at: now.toISOString(),
          confirmed_at: null,
          unsubscribed_at: null,
        })
        .execute();
    } else if (existing.status === "unsubscribed") {
      token = newToken();
      await trx
        .updateTable("newsletter_subscribers")
        .set({ status: "pending", token, unsubscribed_at: null })
        .where("id", "=", existing.id)
        .execute();
    }
    await queueMail(
      trx,
      {
        to: email,
        subject: `${SITE_NAME}: please confirm your subscription`,
        text: `Someone, we hope you, asked to receive the ${SITE_NAME} newsletter at this address: one short e-mail a month with a lesson, a practice question and news of new courses.\n\nConfirm here: ${siteUrl}/newsletter/confirm?token=${token}\n\nIf it was not you, ignore this e-mail: nothing will be sent.\n`,
      },
      now,
    );
  });
  return { ok: true };
}

/** Follows the confirmation link: the address receives the newsletter from now on. */
export async function confirmSubscription(
  db: DB,
  token: string,
  now = new Date(),
): Promise<boolean> {
  if (!token || token.length > 100) return false;
  return db.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable("newsletter_subscribers")
      .set({ status: "confirmed", confirmed_at: now.toISOString() })
      .where("token", "=", token)
      .where("status", "=", "pending")
      .returning(["id", "email"])
      .executeTakeFirst();
    if (confirmed) {
      // Only the first time: following the link again confirms nothing new.
      await queueWebhookEvent(
        trx,
        "subscriber.confirmed",
        () => ({ id: confirmed.id, email: confirmed.email, confirmedAt: now.toISOString() }),
        { now },
      );
      return true;
    }
    const again = await trx
      .updateTable("newsletter_subscribers")
      .set({ confirmed_at: now.toISOString() })
      .where("token", "=", token)
      .where("status", "=", "confirmed")
      .executeTakeFirst();
    return Number(again.numUpdatedRows) > 0;
  });
}

/** One click (or the mail client's RFC 8058 POST): the address receives nothing more. */
export async function unsubscribe(db: DB, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await db
    .selectFrom("newsletter_subscribers")
    .select("id")
    .where("token", "=", token)
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable("newsletter_subscribers")
    .set({ status: "unsubscribed", unsubscribed_at: now.toISOString() })
    .where("id", "=", row.id)
    .where("status", "<>", "unsubscribed")
    .execute();
  return true;
}

/** How many addresses are in each state, for the owner. */
export async function subscriberCounts(db: DB): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .selectFrom("newsletter_subscribers")
    .select((eb) => ["status", eb.fn.countAll<number | string>().as("count")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** The confirmed subscribers, oldest first, for the owner's CSV export. */
export async function confirmedSubscribers(db: DB) {
  return db
    .selectFrom("newsletter_subscribers")
    .select(["email", "confirmed_at"])
    .where("status", "=", "confirmed")
    .orderBy("confirmed_at")
    .orderBy("email")
    .execute();
}
