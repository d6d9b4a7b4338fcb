import { type Context, Hono } from "hono";
import { z } from "zod";
import { findService } from "../../core/catalogue/services.server.ts";
import { MAX_ID_LENGTH } from "../../core/ids.ts";
import { listCourseReviews, reviewQuerySchema } from "../../core/reviews/course-reviews.server.ts";
import { MAX_REVIEWS_PAGE_SIZE, REVIEWS_PAGE_SIZE } from "../../core/reviews/review-list.ts";
import {
  hideInputSchema,
  hideReview,
  type ModerationRefusal,
  mayModerateReview,
  mayReportReview,
  reportInputSchema,
  reportReview,
  restoreReview,
} from "../../core/reviews/review-moderation.server.ts";
import {
  deleteReply,
  mayAnswerReview,
  type ReplyRefusal,
  replyInputSchema,
  replyToReview,
} from "../../core/reviews/review-replies.server.ts";
import {
  markHelpful,
  type VoteResult,
  withdrawHelpful,
} from "../../core/reviews/review-votes.server.ts";
import {
  createReview,
  deleteOwnReview,
  findOwnReview,
  listReviewsByUser,
  mayChangeOwnReview,
  type ReviewRefusal,
  reviewInputOptionalStarsSchema,
  reviewRefusalReason,
  updateOwnReview,
} from "../../core/reviews/reviews.server.ts";
import { privateJson, publicJson } from "../http-caching.ts";
import { isJsonObject, problems, readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  logRefusal,
  refuseChange,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { idParameter, type Operation, refusal, TOO_MANY_WRITES } from "./operations.ts";
import { pageHeaders } from "./paging.ts";
import {
  deletedSchema,
  insertedSchema,
  modifiedSchema,
  ownReviewSchema,
  publicReviewSchema,
  reviewPageSchema,
} from "./schemas.ts";
import { apiShapes } from "./shapes.ts";

const NOT_YOURS = "No review of yours has this id.";
const NO_REVIEW = "No review has this id.";
const NO_SERVICE = "No service has this id.";

/**
 * The choices that ask for `{reviews, count}` instead of the specification's plain array; `page`
 * and `size` alone page through the plain array (decision 0049).
 */
const CHOICE_PARAMETERS = ["sort", "stars", "module"];
/** The plain array's page when the client names no size: the newest hundred. */
const PLAIN_LIST_SIZE = MAX_REVIEWS_PAGE_SIZE;

const listChoices = reviewQuerySchema.shape;
/**
 * A course's reviews, as the query asks for them: each parameter optional. `size` and `sort` have
 * no default here, since which they take depends on the answer's form.
 */
export const reviewListQuerySchema = z.object({
  page: listChoices.page.meta({
    description: "Which page, from 1 (the default). A page past the last is an empty list.",
  }),
  size: listChoices.size
    .unwrap()
    .optional()
    .meta({
      description: `Reviews a page, 1 to ${MAX_REVIEWS_PAGE_SIZE}: by default ${PLAIN_LIST_SIZE} in the plain array, ${REVIEWS_PAGE_SIZE} in \`{reviews, count}\`.`,
    }),
  sort: listChoices.sort
    .unwrap()
    .optional()
    .meta({ description: "The order, newest first by default. Asks for `{reviews, count}`." }),
  stars: listChoices.stars.meta({
    description: "Only the reviews with this many stars. Asks for `{reviews, count}`.",
  }),
  module: listChoices.module.meta({
    description:
      "Only the reviews of students who took this IELTS module. Asks for `{reviews, count}`.",
  }),
});

const { rating, message, module, bandBefore, bandAchieved, testMonth } =
  reviewInputOptionalStarsSchema.shape;

/**
 * A new review as the original client sends it: `userMessage` is the review's words, and without
 * `rating` it has no stars. The rest of that client's body (serviceName, img, price, userEmail,
 * userName, userPhoto, addTime) is not read; nor is anything else. The fields come in the form's
 * order (stars, words, outcome), as the messages of a refusal do.
 */
export const reviewPostSchema = z.object({
  serviceId: z.string().min(1).max(MAX_ID_LENGTH).meta({ description: "The course's id." }),
  rating,
  userMessage: message,
  module,
  bandBefore,
  bandAchieved,
  testMonth,
});

/**
 * An edit of one's own review: `text` is its words. A field left out keeps what the review has
 * (`rating` too); null clears an outcome field.
 */
export const reviewPatchSchema = z.object({
  rating,
  text: message,
  module,
  bandBefore,
  bandAchieved,
  testMonth,
});

/** `email`, when given, must be the caller's own (403 otherwise). */
const myReviewsQuery = z.object({
  email: z.string().optional().meta({ description: "The caller's own e-mail address (optional)." }),
});

const OUTCOME_EXAMPLE = {
  module: "academic",
  bandBefore: 6,
  bandAchieved: 7,
  testMonth: "2026-03",
};
const reviewParameter = idParameter("review", "0b9f1f0a-5d63-4d4e-8d0e-0a4f3b9d7c21");
const noReview = refusal("No review the caller may see has this id.", NO_REVIEW);
const ownersOnly = (what: string) => refusal(`Only the site's owners ${what}.`);
const helpfulAnswers = {
  200: {
    description: "How many people now find the review helpful.",
    body: z.object({ helpful: z.number().int() }),
    example: { helpful: 4 },
  },
  403: refusal("It is the caller's own review.", "You cannot vote on your own review."),
  404: refusal("No visible review has this id.", NO_REVIEW),
} as const;

/** The routes below, for the OpenAPI document (server/api/openapi.ts). */
export const reviewsOperations = {
  list: {
    method: "GET",
    // One path with PATCH and DELETE /api/reviews/{id}: the same template, whatever its name.
    path: "/api/reviews/{id}",
    operationId: "listReviews",
    tag: "Reviews",
    summary: "A course's reviews",
    description: `The course's visible reviews, one page at a time: never more than ${MAX_REVIEWS_PAGE_SIZE}. Without \`sort\`, \`stars\` or \`module\`, the specification's plain array, newest first: without parameters the newest ${PLAIN_LIST_SIZE}, and \`page\` and \`size\` for the rest. With any of them, one page of the matching reviews as \`{reviews, count}\` (${REVIEWS_PAGE_SIZE} a page unless \`size\` says otherwise). Either way \`X-Total-Count\` says how many there are in all and \`Link\` leads to the first, previous, next and last pages (RFC 8288). No e-mail addresses.`,
    access: "anyone",
    etag: true,
    pathParameters: {
      id: {
        description: "The course's id (not a review's: this call predates the others).",
        example: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10",
      },
    },
    query: [reviewListQuerySchema],
    queryExample: { page: 2, size: 100, sort: "helpful", stars: 5, module: "academic" },
    responses: {
      200: {
        description:
          "One page: the plain array without `sort`, `stars` or `module`, `{reviews, count}` with any of them. A page past the last is empty.",
        body: z.union([z.array(publicReviewSchema), reviewPageSchema]),
        headers: ["X-Total-Count", "Link"],
      },
      400: refusal(
        "A parameter is wrong.",
        `size is a whole number from 1 to ${MAX_REVIEWS_PAGE_SIZE}.`,
      ),
      404: refusal("No course in the catalogue has this id.", NO_SERVICE),
    },
  },
  markHelpful: {
    method: "POST",
    path: "/api/reviews/{id}/helpful",
    operationId: "markReviewHelpful",
    tag: "Reviews",
    summary: "Mark someone else's review helpful",
    description: "Once per person: asking again changes nothing.",
    access: "identity",
    pathParameters: reviewParameter,
    responses: helpfulAnswers,
  },
  withdrawHelpful: {
    method: "DELETE",
    path: "/api/reviews/{id}/helpful",
    operationId: "withdrawHelpfulVote",
    tag: "Reviews",
    summary: "Take back one's helpful vote",
    access: "identity",
    pathParameters: reviewParameter,
    responses: helpfulAnswers,
  },
  mine: {
    method: "GET",
    path: "/api/my-reviews",
    operationId: "listMyReviews",
    tag: "Reviews",
    summary: "The caller's own reviews",
    description: "Only ever the caller's own, with their e-mail address.",
    access: "identity",
    query: [myReviewsQuery],
    queryExample: { email: "amina@example.com" },
    responses: {
      200: { description: "The caller's reviews.", body: z.array(ownReviewSchema) },
      403: refusal("`email` is someone else's.", "You can only list your own reviews."),
    },
  },
  create: {
    method: "POST",
    path: "/api/reviews",
    operationId: "createReview",
    tag: "Reviews",
    summary: "Review a course",
    description:
      "One review per person and course. The IELTS outcome is optional: `module` academic or general, bands 0–9 in steps of 0.5, `testMonth` YYYY-MM not in the future.",
    access: "identity",
    body: {
      schema: reviewPostSchema,
      example: {
        serviceId: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10",
        rating: 5,
        userMessage: "My essays finally answered the question.",
        ...OUTCOME_EXAMPLE,
      },
    },
    responses: {
      201: { description: "Posted.", body: insertedSchema },
      400: refusal(
        "No `serviceId`, or a field is wrong (every wrong field's message).",
        "Please choose from 1 to 5 stars.",
      ),
      404: refusal("No course in the catalogue has this id.", NO_SERVICE),
      409: refusal(
        "The caller already reviewed this course.",
        "You have already reviewed this service.",
      ),
      429: TOO_MANY_WRITES,
    },
  },
  reply: {
    method: "PUT",
    path: "/api/reviews/{id}/reply",
    operationId: "replyToReview",
    tag: "Reviews",
    summary: "Write the teacher's public reply under a review",
    description: "Owners only. The review's author is mailed when the reply first appears.",
    access: "identity",
    pathParameters: reviewParameter,
    body: { schema: replyInputSchema, example: { text: "Thank you, and well done!" } },
    responses: {
      200: { description: "Written.", body: modifiedSchema },
      400: refusal("No text, or too long.", "Please write your reply."),
      403: ownersOnly("answer reviews"),
      404: noReview,
    },
  },
  deleteReply: {
    method: "DELETE",
    path: "/api/reviews/{id}/reply",
    operationId: "deleteReviewReply",
    tag: "Reviews",
    summary: "Delete the teacher's reply",
    access: "identity",
    pathParameters: reviewParameter,
    responses: {
      200: {
        description: "Deleted (0 when there was none).",
        body: z.object({ deletedCount: z.union([z.literal(0), z.literal(1)]) }),
      },
      403: ownersOnly("answer reviews"),
      404: noReview,
    },
  },
  report: {
    method: "POST",
    path: "/api/reviews/{id}/reports",
    operationId: "reportReview",
    tag: "Reviews",
    summary: "Report someone else's review",
    access: "identity",
    pathParameters: reviewParameter,
    body: { schema: reportInputSchema, example: { reason: "spam", note: "An advert." } },
    responses: {
      201: { description: "Reported.", body: insertedSchema },
      400: refusal(
        "No reason from the list, or the note is too long.",
        "Please choose a reason from the list.",
      ),
      403: refusal("It is the caller's own review.", "You cannot report your own review."),
      404: refusal("No visible review has this id.", NO_REVIEW),
      409: refusal("The caller already reported it.", "You have already reported this review."),
      429: TOO_MANY_WRITES,
    },
  },
  hide: {
    method: "POST",
    path: "/api/reviews/{id}/hide",
    operationId: "hideReview",
    tag: "Reviews",
    summary: "Hide a review, with the reason",
    description: "Owners only. Its author still sees it, and why it was hidden.",
    access: "identity",
    pathParameters: reviewParameter,
    body: { schema: hideInputSchema, example: { reason: "personal-information" } },
    responses: {
      200: { description: "Hidden.", body: modifiedSchema },
      400: refusal("No reason from the list.", "Please choose a reason from the list."),
      403: ownersOnly("moderate reviews"),
      404: noReview,
    },
  },
  restore: {
    method: "POST",
    path: "/api/reviews/{id}/restore",
    operationId: "restoreReview",
    tag: "Reviews",
    summary: "Show a hidden review again",
    access: "identity",
    pathParameters: reviewParameter,
    responses: {
      200: { description: "Shown again.", body: modifiedSchema },
      403: ownersOnly("moderate reviews"),
      404: noReview,
    },
  },
  own: {
    method: "GET",
    path: "/api/update/{id}",
    operationId: "getOwnReview",
    tag: "Reviews",
    summary: "One of the caller's own reviews",
    access: "identity",
    pathParameters: reviewParameter,
    responses: {
      200: { description: "The review, with the caller's e-mail address.", body: ownReviewSchema },
      404: refusal("No review of the caller's has this id.", NOT_YOURS),
    },
  },
  update: {
    method: "PATCH",
    path: "/api/reviews/{id}",
    operationId: "updateOwnReview",
    tag: "Reviews",
    summary: "Change one's own review",
    access: "identity",
    pathParameters: reviewParameter,
    body: {
      schema: reviewPatchSchema,
      example: { text: "Even better the second time.", rating: 5 },
    },
    responses: {
      200: { description: "Changed.", body: modifiedSchema },
      400: refusal("A field is wrong.", "Please write your review."),
      404: refusal("No review of the caller's has this id.", NOT_YOURS),
      429: TOO_MANY_WRITES,
    },
  },
  delete: {
    method: "DELETE",
    path: "/api/reviews/{id}",
    operationId: "deleteOwnReview",
    tag: "Reviews",
    summary: "Delete one's own review",
    access: "identity",
    pathParameters: reviewParameter,
    responses: {
      200: { description: "Deleted.", body: deletedSchema },
      404: refusal("No review of the caller's has this id.", NOT_YOURS),
      429: TOO_MANY_WRITES,
    },
  },
} satisfies Record<string, Operation>;

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

  // One page of a course's visible reviews: SPEC's plain array (the newest hundred without
  // parameters; page and size for the rest), or with sort, stars or module `{reviews, count}`.
  // The total and the links to other pages travel in the headers (decision 0049).
  api.get("/reviews/:serviceId", async (c) => {
    const serviceId = c.req.param("serviceId");
    const service = await findService(db, serviceId);
    if (!service) return c.json({ message: NO_SERVICE }, 404);
    const params = c.req.query();
    const query = reviewListQuerySchema.safeParse(params);
    if (!query.success) return c.json({ message: problems(query.error) }, 400);
    const enveloped = CHOICE_PARAMETERS.some((name) => name in params);
    const { page, stars, module } = query.data;
    const sort = query.data.sort ?? "newest";
    const size = query.data.size ?? (enveloped ? REVIEWS_PAGE_SIZE : PLAIN_LIST_SIZE);
    const { reviews, count } = await listCourseReviews(
      db,
      service.id,
      { sort, stars, module },
      { offset: (page - 1) * size, limit: size },
    );
    const headers = pageHeaders({
      address: `${baseUrl}/api/reviews/${encodeURIComponent(service.id)}`,
      page,
      size,
      total: count,
      keep: enveloped ? { sort, stars, module } : {},
    });
    const listed = reviews.map(publicReviewJson);
    return publicJson(c, enveloped ? { reviews: listed, count } : listed, headers);
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
    return c.json({ message: NO_REVIEW }, 404);
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
    const { email } = myReviewsQuery.parse(c.req.query());
    if (email !== undefined && email.trim().toLowerCase() !== user.email.toLowerCase()) {
      logRefusal(c, options, { status: 403, reason: "not-owner", userId: user.id });
      return c.json({ message: "You can only list your own reviews." }, 403);
    }
    return privateJson(c, (await listReviewsByUser(db, user.id)).map(ownReviewJson));
  });

  api.post("/reviews", apiUser, async (c) => {
    const body = await readJson(c);
    const parsed = reviewPostSchema.safeParse(body);
    if (!parsed.success) {
      const noServiceId =
        !isJsonObject(body) || parsed.error.issues.some((issue) => issue.path[0] === "serviceId");
      return c.json(
        {
          message: noServiceId ? "Send {serviceId, userMessage, rating?}." : problems(parsed.error),
        },
        400,
      );
    }
    const { serviceId, userMessage, ...rest } = parsed.data;
    const input = { ...rest, message: userMessage };
    const created = await createReview(db, { writer: writerOf(c, options), serviceId, input });
    if (created.ok) {
      options.wakeWebhookWorker?.();
      return c.json({ insertedId: created.id }, 201);
    }
    if (created.reason === "rate-limited") return tooManyWrites(c, options, created);
    if (created.reason === "no-such-service") return c.json({ message: NO_SERVICE }, 404);
    return c.json({ message: "You have already reviewed this service." }, 409);
  });

  // The teacher's public answer under a review: owners only (403 for anyone else).
  const replyRefused = (c: Context<ApiUserEnv>, refusal: ReplyRefusal) =>
    refuseChange(c, options, refusal.reason, {
      notFound: NO_REVIEW,
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
      ? c.json({ message: NO_REVIEW }, 404)
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
      notFound: NO_REVIEW,
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
    return privateJson(c, ownReviewJson(review));
  });

  api.patch("/reviews/:id", apiUser, async (c) => {
    const reviewId = c.req.param("id");
    const allowed = await mayChangeOwnReview(db, { userId: c.get("apiUser").id, reviewId });
    if (!allowed.ok) return notYours(c, allowed.reason);
    const body = await readJson(c);
    if (!isJsonObject(body))
      return c.json({ message: "Send {text} and optionally {rating}." }, 400);
    // Without a rating the review keeps the stars it has (or its lack of them); the same for
    // each outcome field, which null clears.
    const parsed = reviewPatchSchema.safeParse(body);
    if (!parsed.success) return c.json({ message: problems(parsed.error) }, 400);
    const { text, ...rest } = parsed.data;
    const updated = await updateOwnReview(db, {
      writer: writerOf(c, options),
      reviewId,
      input: { ...rest, message: text },
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
