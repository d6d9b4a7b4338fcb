import type { Selectable } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import {
  type DeliveryStatus,
  type IssueStatus,
  type NewsletterIssuesTable,
  toDate,
} from "../../db/schema.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { isPlausibleId } from "../ids.ts";
import {
  MAX_NEWSLETTER_BODY_LENGTH,
  MAX_NEWSLETTER_SUBJECT_LENGTH,
} from "../limits/field-limits.ts";
import { requiredText } from "../required-text.ts";
import { type Mail, queueMail, queueNewsletterDeliveries } from "./mail-outbox.server.ts";
import { composeIssueMail, composeTestMail } from "./newsletter-mail.server.ts";

export type { IssueStatus };

export const issueInputSchema = z.object({
  subject: requiredText(
    "Please write a subject.",
    MAX_NEWSLETTER_SUBJECT_LENGTH,
    `At most ${MAX_NEWSLETTER_SUBJECT_LENGTH} characters.`,
  )
    // A line break in a subject would start a header of its own.
    .regex(/^[^\r\n]*$/, "The subject is one line."),
  body: requiredText(
    "Please write the newsletter.",
    MAX_NEWSLETTER_BODY_LENGTH,
    `At most ${MAX_NEWSLETTER_BODY_LENGTH} characters.`,
  ),
});
export type IssueInput = z.infer<typeof issueInputSchema>;

type Owner = Pick<SignedInUser, "id" | "isOwner">;
export type IssueRefusal = { ok: false; reason: "not-found" | "not-draft" };

/** How far a send has gone: every confirmed subscriber is in exactly one of these. */
export interface IssueProgress {
  sent: number;
  failed: number;
  /** Unsubscribed after the send began, before their copy went: not sent. */
  skipped: number;
  remaining: number;
}

export interface NewsletterIssue {
  id: string;
  subject: string;
  body: string;
  status: IssueStatus;
  createdAt: Date;
  updatedAt: Date;
  sendStartedAt: Date | null;
  sentAt: Date | null;
  progress: IssueProgress;
}

/** The owner starts a draft. */
export async function createIssue(
  db: DB,
  { actor, input }: { actor: Owner; input: IssueInput },
  now = new Date(),
): Promise<{ ok: true; issueId: string } | IssueRefusal> {
  if (!actor.isOwner) return { ok: false, reason: "not-found" };
  const issueId = crypto.randomUUID();
  await db
    .insertInto("newsletter_issues")
    .values({
      id: issueId,
      subject: input.subject,
      body: input.body,
      status: "draft",
      author_id: actor.id,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      send_started_at: null,
      sent_at: null,
    })
    .execute();
  return { ok: true, issueId };
}

/** The owner changes a draft; an issue that is being sent or was sent stays as it went out. */
export async function updateIssue(
  db: DB,
  { actor, issueId, input }: { actor: Owner; issueId: string; input: IssueInput },
  now = new Date(),
): Promise<{ ok: true } | IssueRefusal> {
  return changeDraft(db, actor, issueId, (draft) =>
    db
      .updateTable("newsletter_issues")
      .set({ subject: input.subject, body: input.body, updated_at: now.toISOString() })
      .where("id", "=", draft)
      .where("status", "=", "draft")
      .executeTakeFirst(),
  );
}

/** The owner throws a draft away. */
export async function deleteDraft(
  db: DB,
  { actor, issueId }: { actor: Owner; issueId: string },
): Promise<{ ok: true } | IssueRefusal> {
  return changeDraft(db, actor, issueId, (draft) =>
    db
      .deleteFrom("newsletter_issues")
      .where("id", "=", draft)
      .where("status", "=", "draft")
      .executeTakeFirst(),
  );
}

/**
 * The owner sends a draft to every confirmed subscriber. Only the issue's state changes here;
 * the mail worker then queues the copies in batches (`queueNextDeliveries`), so the request
 * answers at once however long the list is.
 */
export async function startSending(
  db: DB,
  { actor, issueId }: { actor: Owner; issueId: string },
  now = new Date(),
): Promise<{ ok: true } | IssueRefusal> {
  return changeDraft(db, actor, issueId, (draft) =>
    db
      .updateTable("newsletter_issues")
      .set({ status: "sending", send_started_at: now.toISOString() })
      .where("id", "=", draft)
      .where("status", "=", "draft")
      .executeTakeFirst(),
  );
}

/** Runs a change that holds only for a draft; says why nothing changed when nothing did. */
async function changeDraft(
  db: DB,
  actor: Owner,
  issueId: string,
  change: (issueId: string) => Promise<{ numUpdatedRows?: bigint; numDeletedRows?: bigint }>,
): Promise<{ ok: true } | IssueRefusal> {
  if (!actor.isOwner || !isPlausibleId(issueId)) return { ok: false, reason: "not-found" };
  const result = await change(issueId);
  if (Number(result.numUpdatedRows ?? result.numDeletedRows ?? 0) > 0) return { ok: true };
  const exists = await db
    .selectFrom("newsletter_issues")
    .select("id")
    .where("id", "=", issueId)
    .executeTakeFirst();
  return { ok: false, reason: exists ? "not-draft" : "not-found" };
}

/** The owner mails the issue to themselves, to see it as subscribers will. */
export async function sendTestIssue(
  db: DB,
  { actor, issueId }: { actor: Owner & Pick<SignedInUser, "email">; issueId: string },
  now = new Date(),
): Promise<{ ok: true } | IssueRefusal> {
  if (!actor.isOwner || !isPlausibleId(issueId)) return { ok: false, reason: "not-found" };
  const issue = await db
    .selectFrom("newsletter_issues")
    .select(["subject", "body"])
    .where("id", "=", issueId)
    .executeTakeFirst();
  if (!issue) return { ok: false, reason: "not-found" };
  await queueMail(db, composeTestMail(issue, actor.email), now);
  return { ok: true };
}

/** Every issue, newest first, with how far its send has gone. */
export async function listIssues(db: DB, limit = 50): Promise<NewsletterIssue[]> {
  const rows = await db
    .selectFrom("newsletter_issues")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(limit))
    .execute();
  return withProgress(db, rows);
}

export async function findIssue(db: DB, issueId: string): Promise<NewsletterIssue | undefined> {
  if (!isPlausibleId(issueId)) return undefined;
  const row = await db
    .selectFrom("newsletter_issues")
    .selectAll()
    .where("id", "=", issueId)
    .executeTakeFirst();
  return row ? (await withProgress(db, [row]))[0] : undefined;
}

async function withProgress(
  db: DB,
  rows: Selectable<NewsletterIssuesTable>[],
): Promise<NewsletterIssue[]> {
  if (rows.length === 0) return [];
  const counts = await db
    .selectFrom("newsletter_deliveries")
    .select((eb) => ["issue_id", "status", eb.fn.countAll<number | string>().as("count")])
    .where(
      "issue_id",
      "in",
      rows.map((row) => row.id),
    )
    .groupBy(["issue_id", "status"])
    .execute();
  const sending = rows.filter((row) => row.status === "sending");
  const notYetQueued = new Map(
    await Promise.all(
      sending.map(async (row) => [row.id, await countNotYetQueued(db, row.id)] as const),
    ),
  );
  return rows.map((row) => {
    const of = (status: DeliveryStatus) =>
      Number(
        counts.find((count) => count.issue_id === row.id && count.status === status)?.count ?? 0,
      );
    return {
      id: row.id,
      subject: row.subject,
      body: row.body,
      status: row.status,
      createdAt: toDate(row.created_at),
      updatedAt: toDate(row.updated_at),
      sendStartedAt: row.send_started_at === null ? null : toDate(row.send_started_at),
      sentAt: row.sent_at === null ? null : toDate(row.sent_at),
      progress: {
        sent: of("sent"),
        failed: of("failed"),
        skipped: of("skipped"),
        remaining: of("queued") + (notYetQueued.get(row.id) ?? 0),
      },
    };
  });
}

/** Confirmed subscribers the issue has no delivery for yet. */
function subscribersWithoutDelivery(db: DB, issueId: string) {
  return db
    .selectFrom("newsletter_subscribers as subscriber")
    .where("subscriber.status", "=", "confirmed")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("newsletter_deliveries as delivery")
            .select("delivery.id")
            .where("delivery.issue_id", "=", issueId)
            .whereRef("delivery.subscriber_id", "=", "subscriber.id"),
        ),
      ),
    );
}

async function countNotYetQueued(db: DB, issueId: string): Promise<number> {
  const row = await subscribersWithoutDelivery(db, issueId)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many copies one step of the send queues: small, so other mail never waits long behind. */
export const DELIVERY_BATCH_SIZE = 50;

/**
 * One step of sending: for the oldest issue being sent, queues a copy for up to `batchSize`
 * confirmed subscribers who have none yet — each delivery row written in the same transaction as
 * its outbox row, and at most one per subscriber (a unique pair; a second process queueing the
 * same batch inserts nothing). An issue with nobody left to queue and nothing still queued is
 * marked sent. Returns how many copies it queued: 0 when there is nothing to do.
 */
export async function queueNextDeliveries(
  db: DB,
  now = new Date(),
  batchSize = DELIVERY_BATCH_SIZE,
): Promise<number> {
  const sending = await db
    .selectFrom("newsletter_issues")
    .select("id")
    .where("status", "=", "sending")
    .orderBy("send_started_at")
    .execute();
  for (const { id: issueId } of sending) {
    const queued = await db.transaction().execute(async (trx) => {
      const subscribers = await subscribersWithoutDelivery(trx, issueId)
        .select(["subscriber.id", "subscriber.email"])
        .orderBy("subscriber.id")
        .limit(inlineLimit(batchSize))
        .execute();
      if (subscribers.length === 0) return 0;
      const inserted = await trx
        .insertInto("newsletter_deliveries")
        .values(
          subscribers.map((subscriber) => ({
            id: crypto.randomUUID(),
            issue_id: issueId,
            subscriber_id: subscriber.id,
            status: "queued" as const,
            failure: null,
            created_at: now.toISOString(),
            finished_at: null,
          })),
        )
        .onConflict((conflict) => conflict.columns(["issue_id", "subscriber_id"]).doNothing())
        .returning(["id", "subscriber_id"])
        .execute();
      const emailOf = new Map(subscribers.map((subscriber) => [subscriber.id, subscriber.email]));
      await queueNewsletterDeliveries(
        trx,
        inserted.map((delivery) => ({
          deliveryId: delivery.id,
          to: emailOf.get(delivery.subscriber_id) ?? "",
        })),
        now,
      );
      return inserted.length;
    });
    if (queued > 0) return queued;
    await db
      .updateTable("newsletter_issues")
      .set({ status: "sent", sent_at: now.toISOString() })
      .where("id", "=", issueId)
      .where("status", "=", "sending")
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("newsletter_deliveries")
              .select("id")
              .where("issue_id", "=", issueId)
              .where("status", "=", "queued"),
          ),
        ),
      )
      .execute();
  }
  return 0;
}

/**
 * The copy for one delivery, composed when it is sent; undefined when it is not to be sent: the
 * subscriber left the list after the send began, or the delivery is already finished.
 */
export async function composeDelivery(
  db: DB,
  deliveryId: string,
  siteUrl: string,
): Promise<Mail | undefined> {
  const row = await db
    .selectFrom("newsletter_deliveries as delivery")
    .innerJoin("newsletter_issues as issue", "issue.id", "delivery.issue_id")
    .innerJoin("newsletter_subscribers as subscriber", "subscriber.id", "delivery.subscriber_id")
    // A post's issue links to the post wherever its address is now (nowhere once deleted).
    .leftJoin("posts as post", "post.id", "issue.post_id")
    .select([
      "post.slug as postSlug",
      "delivery.status as deliveryStatus",
      "issue.subject",
      "issue.body",
      "subscriber.email",
      "subscriber.status as subscriberStatus",
      "subscriber.token",
    ])
    .where("delivery.id", "=", deliveryId)
    .executeTakeFirst();
  if (row?.deliveryStatus !== "queued" || row.subscriberStatus !== "confirmed") {
    return undefined;
  }
  return composeIssueMail(row, {
    to: row.email,
    unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe?token=${row.token}`,
    post: row.postSlug ? { url: `${siteUrl}/blog/${row.postSlug}`, siteUrl } : undefined,
  });
}

/** Records how a delivery ended (once: a finished delivery keeps its outcome). */
export async function finishDelivery(
  db: DB,
  deliveryId: string,
  outcome: { status: "sent" | "skipped" } | { status: "failed"; failure: string },
  now = new Date(),
): Promise<void> {
  await db
    .updateTable("newsletter_deliveries")
    .set({
      status: outcome.status,
      failure: outcome.status === "failed" ? outcome.failure.slice(0, 500) : null,
      finished_at: now.toISOString(),
    })
    .where("id", "=", deliveryId)
    .where("status", "=", "queued")
    .execute();
}
