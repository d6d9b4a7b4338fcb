import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { precompiled } from "../../db/precompiled.ts";
import { toDate } from "../../db/schema.ts";
import { centsToPrice } from "../format.ts";
import { isPlausibleId } from "../ids.ts";
import { MAX_REVIEW_LENGTH } from "../limits/field-limits.ts";
import { countWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { requiredText } from "../required-text.ts";
import type { WebhookEventData } from "../webhooks/webhook-events.ts";
import { queueWebhookEvent } from "../webhooks/webhooks.server.ts";
import { IELTS_MODULE_IDS, isBand, type ReviewOutcome } from "./review-outcomes.ts";

/**
 * A review as anyone may see it: no e-mail address and no account id, so public pages and API
 * answers cannot leak them (docs/decisions/0014).
 */
export interface PublicReview {
  id: string;
  serviceId: string;
  serviceName: string;
  serviceImageUrl: string;
  servicePrice: number;
  userName: string;
  userPhoto: string | null;
  /** 1 to 5 stars, or null for a review posted without stars through the API. */
  rating: number | null;
  message: string;
  createdAt: Date;
  /** The teacher's public answer, if any. */
  reply: ReviewReply | null;
  /** Why an owner hid it, when they did (only its author is ever shown a hidden review). */
  hiddenReason: string | null;
  /** Its author's enrollment in the course is confirmed: a 'Verified student'. */
  verified: boolean;
  /** How many users marked it helpful. */
  helpful: number;
  /** The student's IELTS outcome, as far as they gave it. */
  outcome: ReviewOutcome;
}

export interface ReviewReply {
  text: string;
  /** When it was last written (created or edited). */
  at: Date;
}

/** A review as its author sees it, with their own e-mail address. */
export interface Review extends PublicReview {
  userId: string;
  userEmail: string;
}

const stars = z.coerce
  .number({ error: "Please choose from 1 to 5 stars." })
  .int("Please choose from 1 to 5 stars.")
  .min(1, "Please choose from 1 to 5 stars.")
  .max(5, "Please choose from 1 to 5 stars.");

const message = requiredText(
  "Please write your review.",
  MAX_REVIEW_LENGTH,
  `Please keep your review under ${MAX_REVIEW_LENGTH} characters.`,
);

const band = z.coerce
  .number({ error: "Bands go from 0 to 9 in steps of 0.5." })
  .refine(isBand, "Bands go from 0 to 9 in steps of 0.5.");

/**
 * The optional IELTS outcome. A field left out keeps what the review had (a new review: none);
 * null clears it.
 */
const outcomeFields = {
  module: z
    .enum(IELTS_MODULE_IDS, { error: "The module is Academic or General Training." })
    .nullable()
    .optional(),
  bandBefore: band.nullable().optional(),
  bandAchieved: band.nullable().optional(),
  testMonth: z
    .string({ error: "Give the month of the test as YYYY-MM." })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Give the month of the test as YYYY-MM.")
    .refine(
      (month) => month <= new Date().toISOString().slice(0, 7),
      "The month of the test cannot be in the future.",
    )
    .nullable()
    .optional(),
};

/**
 * What a student writes on the site: 1 to 5 stars, a message and, if they like, their IELTS
 * outcome. Identity never comes from the input.
 */
export const reviewInputSchema = z.object({ rating: stars, message, ...outcomeFields });

const OUTCOME_FIELDS = ["module", "bandBefore", "bandAchieved", "testMonth"] as const;

/**
 * The review form: an outcome field left empty means "none" (cleared on an edit), where the
 * schema would read "" as a wrong value.
 */
export const reviewFormSchema = z.preprocess((values) => {
  if (!values || typeof values !== "object") return values;
  const cleaned: Record<string, unknown> = { ...values };
  for (const field of OUTCOME_FIELDS) if (cleaned[field] === "") cleaned[field] = null;
  return cleaned;
}, reviewInputSchema);

/**
 * What an API client may send: the original client's `POST /reviews` carries no stars, and a `PATCH` without
 * them keeps the ones given before. Stars that are sent must still be 1 to 5.
 */
export const reviewInputOptionalStarsSchema = z.object({
  rating: stars.optional(),
  message,
  ...outcomeFields,
});

/** The outcome columns to write for `input`: only the fields it gives (null clears one). */
function outcomeColumns(input: ReviewInput) {
  return {
    ...(input.module === undefined ? {} : { ielts_module: input.module }),
    ...(input.bandBefore === undefined ? {} : { band_before: input.bandBefore }),
    ...(input.bandAchieved === undefined ? {} : { band_achieved: input.bandAchieved }),
    ...(input.testMonth === undefined ? {} : { test_month: input.testMonth }),
  };
}

/** Without `rating`, a new review has no stars and an edited one keeps its own. */
export type ReviewInput = z.infer<typeof reviewInputOptionalStarsSchema>;

/** Reviews with what the pages show of each: the course, the author's name and photo, the reply. */
export function reviewsWithDetails(db: DB) {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .innerJoin("services", "services.id", "reviews.service_id")
    .leftJoin("review_replies", "review_replies.review_id", "reviews.id")
    .select([
      "reviews.id",
      "reviews.service_id",
      "reviews.user_id",
      "reviews.rating",
      "reviews.message",
      "reviews.created_at",
      "services.name as service_name",
      "services.image_url as service_image_url",
      "services.price_cents as service_price_cents",
      "users.name as user_name",
      "users.image as user_image",
      "reviews.hidden_reason",
      "review_replies.text as reply_text",
      "review_replies.updated_at as reply_at",
      "reviews.helpful_count",
      "reviews.ielts_module",
      "reviews.band_before",
      "reviews.band_achieved",
      "reviews.test_month",
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom("enrollments")
              .select("enrollments.id")
              .whereRef("enrollments.service_id", "=", "reviews.service_id")
              .whereRef("enrollments.user_id", "=", "reviews.user_id")
              .where("enrollments.status", "=", "confirmed"),
          )
          .as("verified"),
    ]);
}

/** Reviews with their author's own details: only for that author's eyes. */
function ownReviewsWithDetails(db: DB) {
  return reviewsWithDetails(db).select("users.email as user_email");
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof reviewsWithDetails>["execute"]>>[number];
type OwnDetailRow = Awaited<
  ReturnType<ReturnType<typeof ownReviewsWithDetails>["execute"]>
>[number];

export function toPublicReview(row: DetailRow): PublicReview {
  return {
    id: row.id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    serviceImageUrl: row.service_image_url,
    servicePrice: centsToPrice(row.service_price_cents),
    userName: row.user_name,
    userPhoto: row.user_image,
    rating: row.rating,
    message: row.message,
    createdAt: toDate(row.created_at),
    hiddenReason: row.hidden_reason,
    // SQLite answers EXISTS with 1 or 0, PostgreSQL with a boolean.
    verified: Boolean(row.verified),
    helpful: Number(row.helpful_count),
    outcome: {
      module: row.ielts_module,
      bandBefore: row.band_before === null ? null : Number(row.band_before),
      bandAchieved: row.band_achieved === null ? null : Number(row.band_achieved),
      testMonth: row.test_month,
    },
    reply:
      row.reply_text === null || row.reply_at === null
        ? null
        : { text: row.reply_text, at: toDate(row.reply_at) },
  };
}

function toReview(row: OwnDetailRow): Review {
  return { ...toPublicReview(row), userId: row.user_id, userEmail: row.user_email };
}

/**
 * A review the public sees (not hidden, on a course in the catalogue) with its author's id: what
 * reporting and voting act on. Undefined for anything else.
 */
export async function findVisibleReview(db: DB, reviewId: string) {
  if (!isPlausibleId(reviewId)) return undefined;
  return db
    .selectFrom("reviews")
    .innerJoin("services", "services.id", "reviews.service_id")
    .select(["reviews.id", "reviews.user_id"])
    .where("reviews.id", "=", reviewId)
    .where("reviews.hidden_at", "is", null)
    .where("services.status", "=", "published")
    .executeTakeFirst();
}

/**
 * How many reviews a course has, hidden ones included: deleting a course that has any only
 * unpublishes it (core/catalogue/services.server.ts), and its delete page says so.
 */
export async function countReviewsOfService(db: DB, serviceId: string): Promise<number> {
  const { count } = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("service_id", "=", serviceId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** One student's reviews, newest first. */
export async function listReviewsByUser(db: DB, userId: string): Promise<Review[]> {
  return (await reviewsByUser(db, userId)).map(toReview);
}

// Both read on every visit of a signed-in student's pages: compiled once (db/precompiled.ts).
const reviewsByUser = precompiled((db: DB, userId: string) =>
  ownReviewsWithDetails(db)
    .where("reviews.user_id", "=", userId)
    .orderBy("reviews.created_at", "desc")
    .orderBy("reviews.id", "desc"),
);
const reviewOfServiceByUser = precompiled((db: DB, serviceId: string, userId: string) =>
  ownReviewsWithDetails(db)
    .where("reviews.service_id", "=", serviceId)
    .where("reviews.user_id", "=", userId),
);

/** A review, but only for its author: anyone else gets nothing, as if it did not exist. */
export async function findOwnReview(
  db: DB,
  reviewId: string,
  userId: string,
): Promise<Review | undefined> {
  if (!isPlausibleId(reviewId)) return undefined;
  const row = await ownReviewsWithDetails(db)
    .where("reviews.id", "=", reviewId)
    .where("reviews.user_id", "=", userId)
    .executeTakeFirst();
  return row ? toReview(row) : undefined;
}

/** The user's review of a service, if they wrote one (one per student per course). */
export async function findReviewOfService(db: DB, serviceId: string, userId: string) {
  const [row] = await reviewOfServiceByUser(db, serviceId, userId);
  return row ? toReview(row) : undefined;
}

/**
 * Why a user could not reach a review, for the security log: someone else's, or none at all.
 * Asked only once access was refused, so the usual path pays nothing for it; the answer the user
 * gets is the same 404 either way.
 */
export async function reviewRefusalReason(
  db: DB,
  reviewId: string,
): Promise<ReviewRefusal["reason"]> {
  if (!isPlausibleId(reviewId)) return "not-found";
  const row = await db
    .selectFrom("reviews")
    .select("id")
    .where("id", "=", reviewId)
    .executeTakeFirst();
  return row ? "not-owner" : "not-found";
}

/** The review is not the user's to change: someone else's, or missing. */
export interface ReviewRefusal {
  ok: false;
  reason: "not-found" | "not-owner";
}

/**
 * Whether this user may change or delete the review, i.e. wrote it: asked before the request's
 * body is read, so anyone else gets the same 404 as for a missing review whatever they sent.
 * The change itself asks again (`updateOwnReview`, `deleteOwnReview`).
 */
export async function mayChangeOwnReview(
  db: DB,
  { userId, reviewId }: { userId: string; reviewId: string },
): Promise<{ ok: true } | ReviewRefusal> {
  if (!isPlausibleId(reviewId)) return { ok: false, reason: "not-found" };
  const review = await db
    .selectFrom("reviews")
    .select("user_id")
    .where("id", "=", reviewId)
    .executeTakeFirst();
  if (!review) return { ok: false, reason: "not-found" };
  return review.user_id === userId ? { ok: true } : { ok: false, reason: "not-owner" };
}

/**
 * Changes the author's own review (its stars only when new ones are given). The write counts
 * against the writer's limits first; someone else's review or a missing one changes nothing.
 */
export async function updateOwnReview(
  db: DB,
  { writer, reviewId, input }: { writer: Writer; reviewId: string; input: ReviewInput },
): Promise<{ ok: true } | ReviewRefusal | WriteLimited> {
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  if (!isPlausibleId(reviewId)) return { ok: false, reason: "not-found" };
  const updated = await db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("reviews")
      .set({
        ...(input.rating === undefined ? {} : { rating: input.rating }),
        ...outcomeColumns(input),
        message: input.message,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", reviewId)
      .where("user_id", "=", writer.userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await queueWebhookEvent(trx, "review.updated", () => reviewForWebhook(trx, reviewId), {
      aboutUserId: writer.userId,
    });
    return true;
  });
  if (updated) return { ok: true };
  return { ok: false, reason: await reviewRefusalReason(db, reviewId) };
}

export type CreateReviewResult =
  | { ok: true; id: string }
  | { ok: false; reason: "no-such-service" | "already-reviewed" }
  | WriteLimited;

/**
 * Adds the user's review of a service, once it passes the writer's limits (per address, and
 * reviews per account). One per student per course: the database's unique constraint decides,
 * so two submissions racing each other cannot both land.
 */
export async function createReview(
  db: DB,
  { writer, serviceId, input }: { writer: Writer; serviceId: string; input: ReviewInput },
): Promise<CreateReviewResult> {
  const limited = await countWrite(db, writer, "reviews");
  if (limited) return limited;
  if (!isPlausibleId(serviceId)) return { ok: false, reason: "no-such-service" };
  const service = await db
    .selectFrom("services")
    .select("id")
    .where("id", "=", serviceId)
    // Only a course in the catalogue takes reviews (not one waiting for approval or unpublished).
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!service) return { ok: false, reason: "no-such-service" };
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("reviews")
        .values({
          id,
          service_id: serviceId,
          user_id: writer.userId,
          rating: input.rating ?? null,
          ...outcomeColumns(input),
          message: input.message,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await queueWebhookEvent(trx, "review.created", () => reviewForWebhook(trx, id), {
        aboutUserId: writer.userId,
      });
    });
  } catch (error) {
    if (await findReviewOfService(db, serviceId, writer.userId))
      return { ok: false, reason: "already-reviewed" };
    throw error;
  }
  return { ok: true, id };
}

/** Deletes the author's own review, once the write passes the writer's limits. */
export async function deleteOwnReview(
  db: DB,
  { writer, reviewId }: { writer: Writer; reviewId: string },
): Promise<{ ok: true } | ReviewRefusal | WriteLimited> {
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  if (!isPlausibleId(reviewId)) return { ok: false, reason: "not-found" };
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom("reviews")
      .where("id", "=", reviewId)
      .where("user_id", "=", writer.userId)
      .returning("service_id")
      .executeTakeFirst();
    if (!row) return false;
    await queueWebhookEvent(
      trx,
      "review.deleted",
      async () => {
        const service = await trx
          .selectFrom("services")
          .select("name")
          .where("id", "=", row.service_id)
          .executeTakeFirstOrThrow();
        return { id: reviewId, serviceId: row.service_id, serviceName: service.name };
      },
      { aboutUserId: writer.userId },
    );
    return true;
  });
  if (deleted) return { ok: true };
  return { ok: false, reason: await reviewRefusalReason(db, reviewId) };
}

/** A review as its webhooks tell of it (core/webhooks/webhook-events.ts): the author by public name only. */
async function reviewForWebhook(
  db: DB,
  reviewId: string,
): Promise<WebhookEventData<"review.created">> {
  const row = await db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .innerJoin("services", "services.id", "reviews.service_id")
    .select([
      "reviews.id",
      "reviews.service_id",
      "services.name as service_name",
      "users.name as author_name",
      "reviews.rating",
      "reviews.message",
      "reviews.ielts_module",
      "reviews.band_before",
      "reviews.band_achieved",
      "reviews.test_month",
      "reviews.created_at",
      "reviews.updated_at",
    ])
    .where("reviews.id", "=", reviewId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    authorName: row.author_name,
    rating: row.rating,
    message: row.message,
    module: row.ielts_module,
    bandBefore: row.band_before === null ? null : Number(row.band_before),
    bandAchieved: row.band_achieved === null ? null : Number(row.band_achieved),
    testMonth: row.test_month,
    createdAt: toDate(row.created_at).toISOString(),
    updatedAt: toDate(row.updated_at).toISOString(),
  };
}
