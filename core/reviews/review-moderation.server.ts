import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { toDate } from "../../db/schema.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { isPlausibleId } from "../ids.ts";
import { MAX_REPORT_NOTE_LENGTH } from "../limits/field-limits.ts";
import { countWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { REPORT_REASONS, type ReportReason } from "./report-reasons.ts";
import { findVisibleReview } from "./reviews.server.ts";

const reasonSchema = z.enum(Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]], {
  error: "Please choose a reason from the list.",
});

export const reportInputSchema = z.object({
  reason: reasonSchema,
  note: z
    .string()
    .trim()
    .max(MAX_REPORT_NOTE_LENGTH, `Please keep the note under ${MAX_REPORT_NOTE_LENGTH} characters.`)
    .optional()
    .transform((note) => note || undefined),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const hideInputSchema = z.object({ reason: reasonSchema });

export type ReportRefusal = {
  ok: false;
  reason: "not-found" | "own-review" | "already-reported";
};

/**
 * Whether this user may report the review: a visible one, written by someone else. Asked before
 * the report's reason is read, so the author is refused whatever they sent.
 */
export async function mayReportReview(
  db: DB,
  { userId, reviewId }: { userId: string; reviewId: string },
): Promise<{ ok: true } | { ok: false; reason: "not-found" | "own-review" }> {
  const review = await findVisibleReview(db, reviewId);
  if (!review) return { ok: false, reason: "not-found" };
  if (review.user_id === userId) return { ok: false, reason: "own-review" };
  return { ok: true };
}

/**
 * A signed-in user reports someone else's review: once per review. Reports of a review the
 * owner already hid, or of one's own review, are refused.
 */
export async function reportReview(
  db: DB,
  { writer, reviewId, input }: { writer: Writer; reviewId: string; input: ReportInput },
  now = new Date(),
): Promise<{ ok: true; id: string } | ReportRefusal | WriteLimited> {
  const allowed = await mayReportReview(db, { userId: writer.userId, reviewId });
  if (!allowed.ok) return allowed;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const id = crypto.randomUUID();
  const inserted = await db
    .insertInto("review_reports")
    .values({
      id,
      review_id: reviewId,
      reporter_id: writer.userId,
      reason: input.reason,
      note: input.note ?? null,
      created_at: now.toISOString(),
      resolved_at: null,
    })
    .onConflict((conflict) => conflict.columns(["review_id", "reporter_id"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0)
    return { ok: false, reason: "already-reported" };
  return { ok: true, id };
}

export type ModerationRefusal = { ok: false; reason: "not-found" | "not-owner" };

/**
 * Whether this user may hide, restore or settle the reports of the review: an owner, of a review
 * that exists. Asked before the hiding's reason is read, so anyone else is refused whatever they
 * sent; each step asks again.
 */
export async function mayModerateReview(
  db: DB,
  { actor, reviewId }: { actor: Pick<SignedInUser, "isOwner">; reviewId: string },
): Promise<{ ok: true } | ModerationRefusal> {
  if (!isPlausibleId(reviewId)) return { ok: false, reason: "not-found" };
  const review = await db
    .selectFrom("reviews")
    .select("id")
    .where("id", "=", reviewId)
    .executeTakeFirst();
  if (!review) return { ok: false, reason: "not-found" };
  if (!actor.isOwner) return { ok: false, reason: "not-owner" };
  return { ok: true };
}

/** The owner hides a review with a reason; its open reports are settled with it. */
export async function hideReview(
  db: DB,
  {
    actor,
    reviewId,
    reason,
  }: { actor: Pick<SignedInUser, "isOwner">; reviewId: string; reason: ReportReason },
  now = new Date(),
): Promise<{ ok: true } | ModerationRefusal> {
  const allowed = await mayModerateReview(db, { actor, reviewId });
  if (!allowed.ok) return allowed;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("reviews")
      .set({ hidden_reason: reason, hidden_at: at })
      .where("id", "=", reviewId)
      .execute();
    await trx
      .updateTable("review_reports")
      .set({ resolved_at: at })
      .where("review_id", "=", reviewId)
      .where("resolved_at", "is", null)
      .execute();
  });
  return { ok: true };
}

/** The owner puts a hidden review back where everyone sees it. */
export async function restoreReview(
  db: DB,
  { actor, reviewId }: { actor: Pick<SignedInUser, "isOwner">; reviewId: string },
): Promise<{ ok: true } | ModerationRefusal> {
  const allowed = await mayModerateReview(db, { actor, reviewId });
  if (!allowed.ok) return allowed;
  await db
    .updateTable("reviews")
    .set({ hidden_reason: null, hidden_at: null })
    .where("id", "=", reviewId)
    .execute();
  return { ok: true };
}

/** The owner finds nothing wrong: the review's open reports are settled, the review stays. */
export async function dismissReports(
  db: DB,
  { actor, reviewId }: { actor: Pick<SignedInUser, "isOwner">; reviewId: string },
  now = new Date(),
): Promise<{ ok: true } | ModerationRefusal> {
  const allowed = await mayModerateReview(db, { actor, reviewId });
  if (!allowed.ok) return allowed;
  await db
    .updateTable("review_reports")
    .set({ resolved_at: now.toISOString() })
    .where("review_id", "=", reviewId)
    .where("resolved_at", "is", null)
    .execute();
  return { ok: true };
}

export interface ReportedReview {
  reviewId: string;
  serviceId: string;
  serviceName: string;
  authorName: string;
  message: string;
  reports: { reason: ReportReason; note: string | null; reporterName: string; at: Date }[];
}

/** What the owner's moderation list shows: reviews with open reports, most reported first. */
export async function listReportedReviews(db: DB): Promise<ReportedReview[]> {
  const rows = await db
    .selectFrom("review_reports")
    .innerJoin("reviews", "reviews.id", "review_reports.review_id")
    .innerJoin("services", "services.id", "reviews.service_id")
    .innerJoin("users as authors", "authors.id", "reviews.user_id")
    .innerJoin("users as reporters", "reporters.id", "review_reports.reporter_id")
    .select([
      "reviews.id as review_id",
      "services.id as service_id",
      "services.name as service_name",
      "authors.name as author_name",
      "reviews.message",
      "review_reports.reason",
      "review_reports.note",
      "reporters.name as reporter_name",
      "review_reports.created_at",
    ])
    .where("review_reports.resolved_at", "is", null)
    .orderBy("review_reports.created_at")
    .execute();
  const byReview = new Map<string, ReportedReview>();
  for (const row of rows) {
    let entry = byReview.get(row.review_id);
    if (!entry) {
      entry = {
        reviewId: row.review_id,
        serviceId: row.service_id,
        serviceName: row.service_name,
        authorName: row.author_name,
        message: row.message,
        reports: [],
      };
      byReview.set(row.review_id, entry);
    }
    entry.reports.push({
      reason: row.reason as ReportReason,
      note: row.note,
      reporterName: row.reporter_name,
      at: toDate(row.created_at),
    });
  }
  return [...byReview.values()].sort((a, b) => b.reports.length - a.reports.length);
}

export interface HiddenReview {
  reviewId: string;
  serviceId: string;
  serviceName: string;
  authorName: string;
  message: string;
  reason: string;
  hiddenAt: Date;
}

/** Reviews the owners hid, the latest first, for restoring. */
export async function listHiddenReviews(db: DB): Promise<HiddenReview[]> {
  const rows = await db
    .selectFrom("reviews")
    .innerJoin("services", "services.id", "reviews.service_id")
    .innerJoin("users", "users.id", "reviews.user_id")
    .select([
      "reviews.id",
      "services.id as service_id",
      "services.name as service_name",
      "users.name as author_name",
      "reviews.message",
      "reviews.hidden_reason",
      "reviews.hidden_at",
    ])
    .where("reviews.hidden_at", "is not", null)
    .orderBy("reviews.hidden_at", "desc")
    .execute();
  return rows.map((row) => ({
    reviewId: row.id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    authorName: row.author_name,
    message: row.message,
    reason: row.hidden_reason ?? "",
    hiddenAt: toDate(row.hidden_at ?? new Date()),
  }));
}
