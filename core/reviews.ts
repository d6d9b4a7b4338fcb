import { z } from "zod";
import type { DB } from "../db/index.ts";
import { toDate } from "../db/schema.ts";
import { centsToPrice } from "./format.ts";

export interface Review {
  id: string;
  serviceId: string;
  serviceName: string;
  serviceImageUrl: string;
  servicePrice: number;
  userId: string;
  userEmail: string;
  userName: string;
  userPhoto: string | null;
  rating: number;
  message: string;
  createdAt: Date;
}

export const MAX_REVIEW_LENGTH = 2000;

/** What a student writes: 1 to 5 stars and a message. Identity never comes from the input. */
export const reviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: "Please choose from 1 to 5 stars." })
    .int("Please choose from 1 to 5 stars.")
    .min(1, "Please choose from 1 to 5 stars.")
    .max(5, "Please choose from 1 to 5 stars."),
  message: z
    .string({ error: "Please write your review." })
    .trim()
    .min(1, "Please write your review.")
    .max(MAX_REVIEW_LENGTH, `Please keep your review under ${MAX_REVIEW_LENGTH} characters.`),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

function reviewsWithDetails(db: DB) {
  return db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .innerJoin("services", "services.id", "reviews.service_id")
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
      "users.email as user_email",
      "users.name as user_name",
      "users.image as user_image",
    ]);
}

type DetailRow = Awaited<ReturnType<ReturnType<typeof reviewsWithDetails>["execute"]>>[number];

function toReview(row: DetailRow): Review {
  return {
    id: row.id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    serviceImageUrl: row.service_image_url,
    servicePrice: centsToPrice(row.service_price_cents),
    userId: row.user_id,
    userEmail: row.user_email,
    userName: row.user_name,
    userPhoto: row.user_image,
    rating: row.rating,
    message: row.message,
    createdAt: toDate(row.created_at),
  };
}

/** A service's reviews, newest first, with what the page shows of each author. */
export async function listReviewsForService(db: DB, serviceId: string): Promise<Review[]> {
  const rows = await reviewsWithDetails(db)
    .where("reviews.service_id", "=", serviceId)
    .orderBy("reviews.created_at", "desc")
    .orderBy("reviews.id", "desc")
    .execute();
  return rows.map(toReview);
}

/** One student's reviews, newest first. */
export async function listReviewsByUser(db: DB, userId: string): Promise<Review[]> {
  const rows = await reviewsWithDetails(db)
    .where("reviews.user_id", "=", userId)
    .orderBy("reviews.created_at", "desc")
    .orderBy("reviews.id", "desc")
    .execute();
  return rows.map(toReview);
}

/** A review, but only for its author: anyone else gets nothing, as if it did not exist. */
export async function findOwnReview(
  db: DB,
  reviewId: string,
  userId: string,
): Promise<Review | undefined> {
  if (reviewId.length > 64) return undefined;
  const row = await reviewsWithDetails(db)
    .where("reviews.id", "=", reviewId)
    .where("reviews.user_id", "=", userId)
    .executeTakeFirst();
  return row ? toReview(row) : undefined;
}

/** The user's review of a service, if they wrote one (one per student per course). */
export async function findReviewOfService(db: DB, serviceId: string, userId: string) {
  const row = await reviewsWithDetails(db)
    .where("reviews.service_id", "=", serviceId)
    .where("reviews.user_id", "=", userId)
    .executeTakeFirst();
  return row ? toReview(row) : undefined;
}

/** Changes the author's own review; 0 when it is not theirs or does not exist. */
export async function updateOwnReview(
  db: DB,
  reviewId: string,
  userId: string,
  input: ReviewInput,
): Promise<number> {
  const result = await db
    .updateTable("reviews")
    .set({ rating: input.rating, message: input.message, updated_at: new Date().toISOString() })
    .where("id", "=", reviewId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type CreateReviewResult =
  | { ok: true; id: string }
  | { ok: false; reason: "no-such-service" | "already-reviewed" };

/**
 * Adds the user's review of a service. One per student per course: the database's unique
 * constraint decides, so two submissions racing each other cannot both land.
 */
export async function createReview(
  db: DB,
  { userId, serviceId, input }: { userId: string; serviceId: string; input: ReviewInput },
): Promise<CreateReviewResult> {
  if (serviceId.length > 64) return { ok: false, reason: "no-such-service" };
  const service = await db
    .selectFrom("services")
    .select("id")
    .where("id", "=", serviceId)
    .executeTakeFirst();
  if (!service) return { ok: false, reason: "no-such-service" };
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  try {
    await db
      .insertInto("reviews")
      .values({
        id,
        service_id: serviceId,
        user_id: userId,
        rating: input.rating,
        message: input.message,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (error) {
    if (await findReviewOfService(db, serviceId, userId))
      return { ok: false, reason: "already-reviewed" };
    throw error;
  }
  return { ok: true, id };
}

/** Deletes the author's own review; 0 when it is not theirs or does not exist. */
export async function deleteOwnReview(db: DB, reviewId: string, userId: string): Promise<number> {
  const result = await db
    .deleteFrom("reviews")
    .where("id", "=", reviewId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
