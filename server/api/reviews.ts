import { type Context, Hono } from "hono";
import { z } from "zod";
import { listCourseReviews, reviewQuerySchema } from "../../core/course-reviews.server.ts";
import { MAX_ID_LENGTH } from "../../core/ids.ts";
import {
  hideInputSchema,
  hideReview,
  type ModerationRefusal,
  mayModerateReview,
  mayReportReview,
  reportInputSchema,
  reportReview,
  restoreReview,
} from "../../core/review-moderation.server.ts";
import {
  deleteReply,
  mayAnswerReview,
  type ReplyRefusal,
  replyInputSchema,
  replyToReview,
} from "../../core/review-replies.server.ts";
import { markHelpful, type VoteResult, withdrawHelpful } from "../../core/review-votes.server.ts";
import {
  createReview,
  deleteOwnReview,
  findOwnReview,
  listReviewsByUser,
  listReviewsForService,
  mayChangeOwnReview,
  type ReviewRefusal,
  reviewInputOptionalStarsSchema,
  reviewRefusalReason,
  updateOwnReview,
} from "../../core/reviews.server.ts";
import { findService } from "../../core/services.server.ts";
import { publicJson } from "../http-caching.ts";
import { problems, readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  logRefusal,
  refuseChange,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { apiShapes } from "./shapes.ts";

const NOT_YOURS = "No review of yours has this id.";

/** The query parameters that ask for one page of a course's reviews instead of all of them. */
const LIST_PARAMETERS = ["page", "size", "sort", "stars", "module"];

/** The optional IELTS outcome a review may carry, read as sent (the use case checks it). */
const outcomeBody = {
  module: z.unknown().optional(),
  bandBefore: z.unknown().optional(),
  bandAchieved: z.unknown().optional(),
  testMonth: z.unknown().optional(),
};

/**
 * The reviews of the JSON API: a service's reviews for anyone (no e-mail addresses); the
 * caller's own reviews, and posting, editing and deleting them, with an identity (bearer token
 * or session). Writes count against the same limits as the forms, inside the use cases. A call
 * only some callers may make asks core's `may…` check before it reads the body, so anyone else
 * gets the same refusal whatever they send.
 */
export function reviewsApi(options: ApiOptions) {
  const { db, baseUrl } = options;
  const api = new Hono<ApiUserEnv>();
  const { ownReviewJson, publicReviewJson } = apiShapes(baseUrl);
  const apiUser = requireApiUser(options);

  // Someone else's review answers exactly like a missing one; the log tells them apart.
  const notYours = (c: Context<ApiUserEnv>, reason: ReviewRefusal["reason"]) => {
    logRefusal(c, options, { status: 404, reason, userId: c.get("apiUser").id });
    return c.json({ message: NOT_YOURS }, 404);
  };

  // Without parameters, SPEC's plain array of every visible review; with any of page, size,
  // sort, stars or module, one page of them as `{reviews, count}`.
  api.get("/reviews/:serviceId", async (c) => {
    const serviceId = c.req.param("serviceId");
    const service = await findService(db, serviceId);
    if (!service) return c.json({ message: "No service has this id." }, 404);
    const params = c.req.query();
    if (!LIST_PARAMETERS.some((name) => name in params)) {
      return publicJson(c, (await listReviewsForService(db, serviceId)).map(publicReviewJson));
    }
    const query = reviewQuerySchema.safeParse(params);
    if (!query.success) return c.json({ message: problems(query.error) }, 400);
    const { page, size } = query.data;
    const { reviews, count } = await listCourseReviews(db, serviceId, query.data, {
      offset: (page - 1) * size,
      limit: size,
    });
    return publicJson(c, { reviews: reviews.map(publicReviewJson), count });
  });

  // Helpful votes: on someone else's visible review, one per user (again: no change).
  const voted = (c: Context<ApiUserEnv>, result: VoteResult) => {
    if (result.ok) return c.json({ helpful: result.helpful });
    const userId = c.get("apiUser").id;
    if (result.reason === "own-review") {
      logRefusal(c, options, { status: 403, reason: "own-review", userId });
      return c.json({ message: "You cannot vote on your own review." }, 403);
    }
    logRefusal(c, options, { status: 404, reason: "not-found", userId });
    return c.json({ message: "No review has this id." }, 404);
  };
  api.post("/reviews/:id/helpful", apiUser, async (c) =>
    voted(c, await markHelpful(db, { voter: c.get("apiUser"), reviewId: c.req.param("id") })),
  );
  api.delete("/reviews/:id/helpful", apiUser, async (c) =>
    voted(c, await withdrawHelpful(db, { voter: c.get("apiUser"), reviewId: c.req.param("id") })),
  );

  // The caller's own reviews. The e-mail, when given, must be the caller's own (403 otherwise);
  // without it the answer is still only the caller's reviews, never anyone else's.
  api.get("/my-reviews", apiUser, async (c) => {
    const user = c.get("apiUser");
    const email = c.req.query("email");
    if (email !== undefined && email.trim().toLowerCase() !== user.email.toLowerCase()) {
      logRefusal(c, options, { status: 403, reason: "not-owner", userId: user.id });
      return c.json({ message: "You can only list your own reviews." }, 403);
    }
    return c.json((await listReviewsByUser(db, user.id)).map(ownReviewJson));
  });

  // The original client's body (serviceName, img, price, userEmail, userName, userPhoto,
  // addTime) carries no stars: such a review is stored without a rating. Only serviceId,
  // userMessage and rating are read.
  api.post("/reviews", apiUser, async (c) => {
    const body = z
      .object({
        serviceId: z.string().min(1).max(MAX_ID_LENGTH),
        userMessage: z.unknown().optional(),
        rating: z.unknown().optional(),
        ...outcomeBody,
      })
      .safeParse(await readJson(c));
    if (!body.success) return c.json({ message: "Send {serviceId, userMessage, rating?}." }, 400);
    const { userMessage, serviceId: _, ...rest } = body.data;
    const input = reviewInputOptionalStarsSchema.safeParse({ ...rest, message: userMessage });
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const created = await createReview(db, {
      writer: writerOf(c, options),
      serviceId: body.data.serviceId,
      input: input.data,
    });
    if (created.ok) {
      options.wakeWebhookWorker?.();
      return c.json({ insertedId: created.id }, 201);
    }
    if (created.reason === "rate-limited") return tooManyWrites(c, options, created);
    if (created.reason === "no-such-service")
      return c.json({ message: "No service has this id." }, 404);
    return c.json({ message: "You have already reviewed this service." }, 409);
  });

  // The teacher's public answer under a review: owners only (403 for anyone else).
  const replyRefused = (c: Context<ApiUserEnv>, refusal: ReplyRefusal) =>
    refuseChange(c, options, refusal.reason, {
      notFound: "No review has this id.",
      forbidden: "Only the site's owner answers reviews.",
    });

  api.put("/reviews/:id/reply", apiUser, async (c) => {
    const allowed = await mayAnswerReview(db, {
      actor: c.get("apiUser"),
      reviewId: c.req.param("id"),
    });
    if (!allowed.ok) return replyRefused(c, allowed);
    const input = replyInputSchema.safeParse(await readJson(c));
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const replied = await replyToReview(db, {
      actor: c.get("apiUser"),
      reviewId: c.req.param("id"),
      text: input.data.text,
      siteUrl: baseUrl,
    });
    if (!replied.ok) return replyRefused(c, replied);
    options.wakeMailWorker?.();
    return c.json({ modifiedCount: 1 });
  });

  api.delete("/reviews/:id/reply", apiUser, async (c) => {
    const deleted = await deleteReply(db, { actor: c.get("apiUser"), reviewId: c.req.param("id") });
    if (!deleted.ok) return replyRefused(c, deleted);
    return c.json({ deletedCount: deleted.deleted ? 1 : 0 });
  });

  // Reports: any signed-in user, of someone else's review, once.
  const reportRefused = (c: Context<ApiUserEnv>, reason: "not-found" | "own-review") =>
    reason === "not-found"
      ? c.json({ message: "No review has this id." }, 404)
      : c.json({ message: "You cannot report your own review." }, 403);

  api.post("/reviews/:id/reports", apiUser, async (c) => {
    const reviewId = c.req.param("id");
    const allowed = await mayReportReview(db, { userId: c.get("apiUser").id, reviewId });
    if (!allowed.ok) return reportRefused(c, allowed.reason);
    const input = reportInputSchema.safeParse(await readJson(c));
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const reported = await reportReview(db, {
      writer: writerOf(c, options),
      reviewId,
      input: input.data,
    });
    if (reported.ok) return c.json({ insertedId: reported.id }, 201);
    if (reported.reason === "rate-limited") return tooManyWrites(c, options, reported);
    if (reported.reason === "already-reported")
      return c.json({ message: "You have already reported this review." }, 409);
    return reportRefused(c, reported.reason);
  });

  // Moderation: owners only (403 for anyone else).
  const moderationRefused = (c: Context<ApiUserEnv>, refusal: ModerationRefusal) =>
    refuseChange(c, options, refusal.reason, {
      notFound: "No review has this id.",
      forbidden: "Only the site's owner moderates reviews.",
    });

  api.post("/reviews/:id/hide", apiUser, async (c) => {
    const allowed = await mayModerateReview(db, {
      actor: c.get("apiUser"),
      reviewId: c.req.param("id"),
    });
    if (!allowed.ok) return moderationRefused(c, allowed);
    const input = hideInputSchema.safeParse(await readJson(c));
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const hidden = await hideReview(db, {
      actor: c.get("apiUser"),
      reviewId: c.req.param("id"),
      reason: input.data.reason,
    });
    if (!hidden.ok) return moderationRefused(c, hidden);
    return c.json({ modifiedCount: 1 });
  });

  api.post("/reviews/:id/restore", apiUser, async (c) => {
    const restored = await restoreReview(db, {
      actor: c.get("apiUser"),
      reviewId: c.req.param("id"),
    });
    if (!restored.ok) return moderationRefused(c, restored);
    return c.json({ modifiedCount: 1 });
  });

  api.get("/update/:id", apiUser, async (c) => {
    const id = c.req.param("id");
    const review = await findOwnReview(db, id, c.get("apiUser").id);
    if (!review) return notYours(c, await reviewRefusalReason(db, id));
    return c.json(ownReviewJson(review));
  });

  api.patch("/reviews/:id", apiUser, async (c) => {
    const reviewId = c.req.param("id");
    const allowed = await mayChangeOwnReview(db, { userId: c.get("apiUser").id, reviewId });
    if (!allowed.ok) return notYours(c, allowed.reason);
    const body = z
      .object({ text: z.unknown().optional(), rating: z.unknown().optional(), ...outcomeBody })
      .safeParse(await readJson(c));
    if (!body.success) return c.json({ message: "Send {text} and optionally {rating}." }, 400);
    // Without a rating the review keeps the stars it has (or its lack of them); the same for
    // each outcome field, which null clears.
    const { text, ...rest } = body.data;
    const input = reviewInputOptionalStarsSchema.safeParse({ ...rest, message: text });
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const updated = await updateOwnReview(db, {
      writer: writerOf(c, options),
      reviewId,
      input: input.data,
    });
    if (updated.ok) {
      options.wakeWebhookWorker?.();
      return c.json({ modifiedCount: 1 });
    }
    if (updated.reason === "rate-limited") return tooManyWrites(c, options, updated);
    return notYours(c, updated.reason);
  });

  api.delete("/reviews/:id", apiUser, async (c) => {
    const deleted = await deleteOwnReview(db, {
      writer: writerOf(c, options),
      reviewId: c.req.param("id"),
    });
    if (deleted.ok) {
      options.wakeWebhookWorker?.();
      return c.json({ deletedCount: 1 });
    }
    if (deleted.reason === "rate-limited") return tooManyWrites(c, options, deleted);
    return notYours(c, deleted.reason);
  });

  return api;
}
