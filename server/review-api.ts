import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { hitRateLimit, rateLimits } from "../core/rate-limit.ts";
import {
  createReview,
  deleteOwnReview,
  findOwnReview,
  reviewInputSchema,
  updateOwnReview,
} from "../core/reviews.ts";
import { createService, serviceInputSchema } from "../core/services.ts";
import type { DB } from "../db/index.ts";
import { type ApiUserEnv, requireApiUser } from "./account-api.ts";
import { reviewJson } from "./api-shapes.ts";
import type { Auth } from "./auth/index.ts";

function problems(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(" ");
}

/**
 * The JSON API's writes and owner-only reads (SPEC §7) with the seed's shapes. Every call needs
 * an identity (bearer token or session); only the fields listed here are read from a body, so
 * an `_id`, `userEmail` or `rating` smuggled in by a client changes nothing.
 */
export function reviewApi({
  db,
  auth,
  addressOf,
}: {
  db: DB;
  auth: Auth;
  /** The client's address, for the write limit. */
  addressOf: (c: Context) => string;
}) {
  const api = new Hono<ApiUserEnv>();
  const readJson = async (c: { req: { json: () => Promise<unknown> } }) =>
    c.req.json().catch(() => undefined);

  // DESIGN §5: writes are rate limited per client address, like the web forms.
  const limitWrites: MiddlewareHandler<ApiUserEnv> = async (c, next) => {
    const verdict = await hitRateLimit(db, `write:${addressOf(c)}`, rateLimits.write);
    if (!verdict.allowed) {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      return c.json(
        { message: "Too many changes in a short time. Please wait a few minutes." },
        429,
      );
    }
    await next();
  };
  api.on(["POST", "PATCH", "DELETE"], ["/services", "/reviews", "/reviews/*"], limitWrites);

  api.post("/services", requireApiUser(db, auth), async (c) => {
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
    const insertedId = await createService(db, input.data, c.get("apiUser").id);
    return c.json({ insertedId }, 201);
  });

  api.post("/reviews", requireApiUser(db, auth), async (c) => {
    const body = z
      .object({
        serviceId: z.string().min(1).max(64),
        userMessage: z.unknown().optional(),
        rating: z.unknown().optional(),
      })
      .safeParse(await readJson(c));
    if (!body.success) return c.json({ message: "Send {serviceId, userMessage, rating}." }, 400);
    const input = reviewInputSchema.safeParse({
      rating: body.data.rating,
      message: body.data.userMessage,
    });
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const created = await createReview(db, {
      userId: c.get("apiUser").id,
      serviceId: body.data.serviceId,
      input: input.data,
    });
    if (!created.ok && created.reason === "no-such-service")
      return c.json({ message: "No service has this id." }, 404);
    if (!created.ok) return c.json({ message: "You have already reviewed this service." }, 409);
    return c.json({ insertedId: created.id }, 201);
  });

  // Owner-only: someone else's review answers exactly like a missing one (404).
  api.get("/update/:id", requireApiUser(db, auth), async (c) => {
    const review = await findOwnReview(db, c.req.param("id"), c.get("apiUser").id);
    if (!review) return c.json({ message: "No review of yours has this id." }, 404);
    return c.json(reviewJson(review));
  });

  api.patch("/reviews/:id", requireApiUser(db, auth), async (c) => {
    const user = c.get("apiUser");
    const existing = await findOwnReview(db, c.req.param("id"), user.id);
    if (!existing) return c.json({ message: "No review of yours has this id." }, 404);
    const body = z
      .object({ text: z.unknown().optional(), rating: z.unknown().optional() })
      .safeParse(await readJson(c));
    if (!body.success) return c.json({ message: "Send {text} and optionally {rating}." }, 400);
    const input = reviewInputSchema.safeParse({
      message: body.data.text,
      rating: body.data.rating ?? existing.rating,
    });
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const modifiedCount = await updateOwnReview(db, existing.id, user.id, input.data);
    return c.json({ modifiedCount });
  });

  api.delete("/reviews/:id", requireApiUser(db, auth), async (c) => {
    const deletedCount = await deleteOwnReview(db, c.req.param("id"), c.get("apiUser").id);
    if (deletedCount === 0) return c.json({ message: "No review of yours has this id." }, 404);
    return c.json({ deletedCount });
  });

  return api;
}
