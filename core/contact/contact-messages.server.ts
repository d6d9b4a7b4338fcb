import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { toDate } from "../../db/schema.ts";
import { listOwners } from "../accounts/owners.server.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { isPlausibleId } from "../ids.ts";
import { hitRateLimit, rateLimits, type WriteLimited } from "../limits/rate-limit.server.ts";
import { queueMail } from "../mail/mail-outbox.server.ts";
import { SITE_NAME } from "../site/site.ts";
import { queueWebhookEvent } from "../webhooks/webhooks.server.ts";
import type { ContactMessage } from "./contact.ts";

export type ContactResult = { ok: true } | WriteLimited;

/**
 * A message from the contact form: kept for the owners' inbox and mailed to each owner (a reply
 * goes to the sender), in one transaction with the outbox rows, so a message is either fully
 * received or not at all. A filled-in honeypot (a field people never see) marks a bot: it gets
 * the same answer, and nothing is kept or sent.
 */
export async function receiveContactMessage(
  db: DB,
  {
    input,
    address,
    honeypot,
  }: { input: ContactMessage; address: string; honeypot: string | undefined },
  now = new Date(),
): Promise<ContactResult> {
  const verdict = await hitRateLimit(db, `contact:${address}`, rateLimits.contactMessage);
  if (!verdict.allowed) {
    return {
      ok: false,
      reason: "rate-limited",
      limit: "contact:address",
      retryAfterSeconds: verdict.retryAfterSeconds,
      message: "You have sent several messages already. Please wait an hour before sending more.",
    };
  }
  if (honeypot) return { ok: true };
  const owners = await listOwners(db);
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("contact_messages")
      .values({
        id,
        name: input.name,
        email: input.email,
        message: input.message,
        created_at: now.toISOString(),
        handled_at: null,
      })
      .execute();
    for (const owner of owners) {
      await queueMail(
        trx,
        {
          to: owner.email,
          replyTo: input.email,
          subject: `${SITE_NAME} contact form: ${input.name}`,
          text: `${input.name} <${input.email}> wrote through the contact form:\n\n${input.message}\n\nReply to this e-mail to answer them. The message is also in Admin.`,
        },
        now,
      );
    }
    await queueWebhookEvent(
      trx,
      "contact.received",
      () => ({
        id,
        name: input.name,
        email: input.email,
        message: input.message,
        receivedAt: now.toISOString(),
      }),
      { now },
    );
  });
  return { ok: true };
}

export interface ReceivedMessage extends ContactMessage {
  id: string;
  receivedAt: Date;
  handledAt: Date | null;
}

/** The owners' inbox: messages not yet handled first, then the rest, newest first. */
export async function listContactMessages(db: DB, limit = 100): Promise<ReceivedMessage[]> {
  const rows = await db
    .selectFrom("contact_messages")
    .selectAll()
    .orderBy((eb) => eb.case().when("handled_at", "is", null).then(0).else(1).end())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(limit))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    receivedAt: toDate(row.created_at),
    handledAt: row.handled_at === null ? null : toDate(row.handled_at),
  }));
}

/** An owner marks a message handled; for anyone else, as if it did not exist. */
export async function markContactMessageHandled(
  db: DB,
  { actor, messageId }: { actor: Pick<SignedInUser, "isOwner">; messageId: string },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!actor.isOwner || !isPlausibleId(messageId)) return { ok: false, reason: "not-found" };
  const updated = await db
    .updateTable("contact_messages")
    .set({ handled_at: now.toISOString() })
    .where("id", "=", messageId)
    .where("handled_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0 ? { ok: true } : { ok: false, reason: "not-found" };
}
