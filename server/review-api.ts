import { type Context, Hono } from "hono";
import { z } from "zod";
import { MAX_ID_LENGTH } from "../core/ids.ts";
import type { WriteLimited } from "../core/rate-limit.ts";
import {
  createReview,
  deleteOwnReview,
  findOwnReview,
  type ReviewRefusal,
  reviewInputOptionalStarsSchema,
  reviewRefusalReason,
  updateOwnReview,
} from "../core/reviews.ts";
import { createService, serviceInputSchema } from "../core/services.ts";
import type { DB } from "../db/index.ts";
import { type ApiUserEnv, requireApiUser } from "./account-api.ts";
import { apiShapes } from "./api-shapes.ts";
import type { Auth } from "./auth/index.ts";
import type { SecurityLog } from "./security-log.ts";

function problems(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(" ");
}

const NOT_YOURS = "No review of yours has this id.";

/**
 * The JSON API's writes and owner-only reads with the seed's shapes. Every call needs
 * an identity (bearer token or session); only the fields listed here are read from a body, so
 * an `_id`, `userEmail` or `userName` smuggled in by a client changes nothing. Writes count
 * against the same limits as the web forms, inside the use cases (core/rate-limit.ts).
 */
export function reviewApi({
  db,
  auth,
  addressOf,
  securityLog,
  baseUrl,
}: {
  db: DB;
  auth: Auth;
  /** The client's address, for the write limits and the security log. */
  addressOf: (c: Context) => string;
  securityLog: SecurityLog;
  /** The public origin, for absolute image addresses. */
  baseUrl: string;
}) {
  const api = new Hono<ApiUserEnv>();
  const { ownReviewJson } = apiShapes(baseUrl);
  // A call without a valid identity is logged like every other refused access.
  const apiUser = requireApiUser(db, auth, { securityLog, addressOf });
  const readJson = async (c: { req: { json: () => Promise<unknown> } }) =>
    c.req.json().catch(() => undefined);
  const writer = (c: Context<ApiUserEnv>) => ({
    userId: c.get("apiUser").id,
    address: addressOf(c),
  });
  const route = (c: Context) => `${c.req.method} ${c.req.path}`;

  // Someone else's review answers exactly like a missing one; the log tells them apart.
  const notYours = (c: Context<ApiUserEnv>, reason: ReviewRefusal["reason"]) => {
    securityLog({
      event: "access-refused",
      outcome: "refused",
      address: addressOf(c),
      userId: c.get("apiUser").id,
      route: route(c),
      reason,
      status: 404,
    });
    return c.json({ message: NOT_YOURS }, 404);
  };

  const tooMany = (c: Context<ApiUserEnv>, refusal: WriteLimited) => {
    securityLog({
      event: "rate-limited",
      outcome: "refused",
      address: addressOf(c),
      userId: c.get("apiUser").id,
      route: route(c),
      reason: refusal.limit,
      status: 429,
    });
    c.header("Retry-After", String(refusal.retryAfterSeconds));
    return c.json({ message: refusal.message }, 429);
  };

  api.post("/services", apiUser, async (c) => {
    const body = z
      .object({
        serviceName: z.unknown(),
        price: z.unknown(),
        description: z.unknown(),
        img: z.unknown(),
      })
      .partial()
      .safeParse(await readJson(c));
    if (!body.success) return c.json({ message: "Send a JSON object." }, 400);
    const { serviceName, price, description, img } = body.data;
    const input = serviceInputSchema.safeParse({
      serviceName,
      price: typeof price === "number" ? String(price) : price,
      description,
      imageUrl: img ?? "",
    });
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const created = await createService(db, { writer: writer(c), input: input.data });
    if (!created.ok) return tooMany(c, created);
    return c.json({ insertedId: created.id }, 201);
  });

  // The original client's body (serviceName, img, price, userEmail, userName, userPhoto, addTime) carries no
  // stars: such a review is stored without a rating. Only serviceId, userMessage and rating are read.
  api.post("/reviews", apiUser, async (c) => {
    const body = z
      .object({
        serviceId: z.string().min(1).max(MAX_ID_LENGTH),
        userMessage: z.unknown().optional(),
        rating: z.unknown().optional(),
      })
      .safeParse(await readJson(c));
    if (!body.success) return c.json({ message: "Send {serviceId, userMessage, rating?}." }, 400);
    const input = reviewInputOptionalStarsSchema.safeParse({
      rating: body.data.rating,
      message: body.data.userMessage,
    });
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const created = await createReview(db, {
      writer: writer(c),
      serviceId: body.data.serviceId,
      input: input.data,
    });
    if (created.ok) return c.json({ insertedId: created.id }, 201);
    if (created.reason === "rate-limited") return tooMany(c, created);
    if (created.reason === "no-such-service")
      return c.json({ message: "No service has this id." }, 404);
    return c.json({ message: "You have already reviewed this service." }, 409);
  });

  api.get("/update/:id", apiUser, async (c) => {
    const id = c.req.param("id");
    const review = await findOwnReview(db, id, c.get("apiUser").id);
    if (!review) return notYours(c, await reviewRefusalReason(db, id));
    return c.json(ownReviewJson(review));
  });

  api.patch("/reviews/:id", apiUser, async (c) => {
    const body = z
      .object({ text: z.unknown().optional(), rating: z.unknown().optional() })
      .safeParse(await readJson(c));
    if (!body.success) return c.json({ message: "Send {text} and optionally {rating}." }, 400);
    // Without a rating the review keeps the stars it has (or its lack of them).
    const input = reviewInputOptionalStarsSchema.safeParse({
      message: body.data.text,
      rating: body.data.rating,
    });
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const updated = await updateOwnReview(db, {
      writer: writer(c),
      reviewId: c.req.param("id"),
      input: input.data,
    });
    if (updated.ok) return c.json({ modifiedCount: 1 });
    if (updated.reason === "rate-limited") return tooMany(c, updated);
    return notYours(c, updated.reason);
  });

  api.delete("/reviews/:id", apiUser, async (c) => {
    const deleted = await deleteOwnReview(db, { writer: writer(c), reviewId: c.req.param("id") });
    if (deleted.ok) return c.json({ deletedCount: 1 });
    if (deleted.reason === "rate-limited") return tooMany(c, deleted);
    return notYours(c, deleted.reason);
  });

  return api;
}
