import type { ExpressionBuilder } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import type { Database, MailOutboxTable, Timestamp } from "../../db/schema.ts";

/** A message ready to go out. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Where a reply goes, when not to the site (a contact message: the sender). */
  replyTo?: string;
  /** An HTML version of `text`, for clients that show one (the newsletter). */
  html?: string;
  /** Extra headers (the newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
  /**
   * The account this mail is about, when that is not just the recipient's own (a new address
   * being confirmed, a student's request told to the owners): kept beside the row, never sent,
   * so that deleting the account removes the mail while it waits.
   */
  aboutUserId?: string;
}

/** A try that fails is repeated this many times in all, then given up (and logged). */
export const MAX_MAIL_ATTEMPTS = 8;
/** 15 s, 30 s, 1 min, … 16 min: the last try comes about half an hour after the first. */
const FIRST_RETRY_MS = 15_000;
/** How long a worker may hold a row before another one may take it over (a crashed process). */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

const mailPayload = z.object({
  subject: z.string(),
  text: z.string(),
  replyTo: z.string().optional(),
  html: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});
const passwordResetPayload = z.object({ redirectTo: z.string() });
const newsletterPayload = z.object({ deliveryId: z.string() });

type OutboxKind = MailOutboxTable["kind"];

export type OutboxItem =
  | { id: string; attempts: number; kind: "mail"; mail: Mail }
  | {
      id: string;
      attempts: number;
      kind: "password-reset";
      request: { email: string; redirectTo: string };
    }
  | {
      id: string;
      attempts: number;
      kind: "newsletter";
      deliveryId: string;
      to: string;
      /**
       * A process took this row before and stopped without saying how it went (its claim ran
       * out): the copy may have reached the mail server, so it must not be sent again.
       */
      inDoubt: boolean;
    };

async function insert(
  db: DB,
  rows: { kind: OutboxKind; recipient: string; payload: unknown; aboutUserId?: string }[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("mail_outbox")
    .values(
      rows.map(({ kind, recipient, payload, aboutUserId }) => ({
        id: crypto.randomUUID(),
        kind,
        recipient,
        payload: JSON.stringify(payload),
        next_attempt_at: now.toISOString(),
        created_at: now.toISOString(),
        about_user_id: aboutUserId ?? null,
      })),
    )
    .execute();
}

/** Writes a message to the outbox; the worker sends it. */
export function queueMail(db: DB, mail: Mail, now = new Date()): Promise<void> {
  const { to, aboutUserId, ...payload } = mail;
  return insert(db, [{ kind: "mail", recipient: to, payload, aboutUserId }], now);
}

/**
 * Writes one row per newsletter delivery; the worker composes each copy when it sends it (the
 * issue's text is stored once, not once per subscriber).
 */
export function queueNewsletterDeliveries(
  db: DB,
  deliveries: { deliveryId: string; to: string }[],
  now = new Date(),
): Promise<void> {
  return insert(
    db,
    deliveries.map(({ deliveryId, to }) => ({
      kind: "newsletter",
      recipient: to,
      payload: { deliveryId },
    })),
    now,
  );
}

/**
 * Writes a password-reset request for `email` to the outbox, whether or not an account has that
 * address: the worker later asks for the link, which only an existing account gets.
 */
export function queuePasswordReset(
  db: DB,
  request: { email: string; redirectTo: string },
  now = new Date(),
): Promise<void> {
  return insert(
    db,
    [
      {
        kind: "password-reset",
        recipient: request.email,
        payload: { redirectTo: request.redirectTo },
      },
    ],
    now,
  );
}

/**
 * Takes the next row that is due and held by no one, for `CLAIM_LEASE_MS`, and counts the
 * attempt. The update only succeeds while the row is still as it was read (free, or held under
 * the claim that ran out), so of several processes reaching for the same row (PostgreSQL)
 * exactly one gets it; the others try the next.
 */
export async function claimDueItem(db: DB, now = new Date()): Promise<OutboxItem | undefined> {
  const moment = now.toISOString();
  const isFree = (eb: ExpressionBuilder<Database, "mail_outbox">) =>
    eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", moment)]);
  for (let tries = 0; tries < 5; tries++) {
    const candidates = await db
      .selectFrom("mail_outbox")
      .select(["id", "claimed_until"])
      .where("failed_at", "is", null)
      .where("next_attempt_at", "<=", moment)
      .where(isFree)
      .orderBy("next_attempt_at")
      .limit(inlineLimit(5))
      .execute();
    if (candidates.length === 0) return undefined;
    for (const candidate of candidates) {
      const row = await db
        .updateTable("mail_outbox")
        .set((eb) => ({
          claimed_until: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString(),
          attempts: eb("attempts", "+", 1),
        }))
        .where("id", "=", candidate.id)
        .where("failed_at", "is", null)
        .where((eb) => stillAsRead(eb, candidate.claimed_until))
        .returning(["id", "kind", "recipient", "payload", "attempts"])
        .executeTakeFirst();
      if (row) return toItem(row, candidate.claimed_until !== null);
    }
  }
  return undefined;
}

function stillAsRead(eb: ExpressionBuilder<Database, "mail_outbox">, claim: Timestamp | null) {
  return claim === null ? eb("claimed_until", "is", null) : eb("claimed_until", "=", claim);
}

function toItem(
  row: { id: string; kind: OutboxKind; recipient: string; payload: string; attempts: number },
  claimRanOut: boolean,
): OutboxItem {
  const { id, attempts } = row;
  const payload = JSON.parse(row.payload) as unknown;
  switch (row.kind) {
    case "mail":
      return {
        id,
        attempts,
        kind: "mail",
        mail: { to: row.recipient, ...mailPayload.parse(payload) },
      };
    case "password-reset":
      return {
        id,
        attempts,
        kind: "password-reset",
        request: { email: row.recipient, ...passwordResetPayload.parse(payload) },
      };
    case "newsletter":
      return {
        id,
        attempts,
        kind: "newsletter",
        to: row.recipient,
        deliveryId: newsletterPayload.parse(payload).deliveryId,
        inDoubt: claimRanOut,
      };
  }
}

/** The work of a row is done (the mail went out): it leaves the outbox. */
export async function completeItem(db: DB, id: string): Promise<void> {
  await db.deleteFrom("mail_outbox").where("id", "=", id).execute();
}

/**
 * A try failed: the row is due again after a backoff that doubles with each attempt, or, after
 * `MAX_MAIL_ATTEMPTS`, marked as given up. Says which.
 */
export async function failItem(
  db: DB,
  item: Pick<OutboxItem, "id" | "attempts">,
  now = new Date(),
): Promise<{ givenUp: true } | { givenUp: false; retryInMs: number }> {
  if (item.attempts >= MAX_MAIL_ATTEMPTS) {
    await giveUpItem(db, item.id, now);
    return { givenUp: true };
  }
  const retryInMs = FIRST_RETRY_MS * 2 ** (item.attempts - 1);
  await db
    .updateTable("mail_outbox")
    .set({
      next_attempt_at: new Date(now.getTime() + retryInMs).toISOString(),
      claimed_until: null,
    })
    .where("id", "=", item.id)
    .execute();
  return { givenUp: false, retryInMs };
}

/** The row is never tried again; it stays a while for the operator (housekeeping removes it). */
export async function giveUpItem(db: DB, id: string, now = new Date()): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set({ failed_at: now.toISOString(), claimed_until: null })
    .where("id", "=", id)
    .execute();
}
