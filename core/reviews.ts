import type { DB } from "../db/index.ts";
import { toDate } from "../db/schema.ts";
import { centsToPrice } from "./format.ts";

export interface Review {
  id: string;
  serviceId: string;
  serviceName: string;
  serviceImageUrl: string;
  servicePrice: number;
  userEmail: string;
  userName: string;
  userPhoto: string | null;
  rating: number;
  message: string;
  createdAt: Date;
}

/** A service's reviews, newest first, with what the page shows of each author. */
export async function listReviewsForService(db: DB, serviceId: string): Promise<Review[]> {
  const rows = await db
    .selectFrom("reviews")
    .innerJoin("users", "users.id", "reviews.user_id")
    .innerJoin("services", "services.id", "reviews.service_id")
    .select([
      "reviews.id",
      "reviews.service_id",
      "reviews.rating",
      "reviews.message",
      "reviews.created_at",
      "services.name as service_name",
      "services.image_url as service_image_url",
      "services.price_cents as service_price_cents",
      "users.email as user_email",
      "users.name as user_name",
      "users.image as user_image",
    ])
    .where("reviews.service_id", "=", serviceId)
    .orderBy("reviews.created_at", "desc")
    .orderBy("reviews.id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    serviceImageUrl: row.service_image_url,
    servicePrice: centsToPrice(row.service_price_cents),
    userEmail: row.user_email,
    userName: row.user_name,
    userPhoto: row.user_image,
    rating: row.rating,
    message: row.message,
    createdAt: toDate(row.created_at),
  }));
}
