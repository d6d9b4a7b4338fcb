import { z } from "zod";
import { IELTS_MODULE_IDS } from "../reviews/review-outcomes.ts";
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from "./webhook-event-types.ts";

/**
 * The body of every webhook, as zod schemas so that a document of the API can be made from them
 * (issue 28) and the tests can hold each delivery to them: `{type, timestamp, data}`, where
 * `timestamp` is when the event happened (ISO 8601, UTC) and `data` is shaped by `type`. The
 * time the request was signed is the `webhook-timestamp` header's, per Standard Webhooks.
 *
 * What `data` carries is what the owners already see on /admin and in the mail they get: a
 * review's author by their public name, a student's and a sender's e-mail address (the teacher
 * answers them), never an account id of a student, a password, a token or a session.
 */
const isoTime = z.iso.datetime({ offset: true });
const id = z.string().min(1);

export const reviewEventData = z.object({
  id,
  serviceId: id,
  serviceName: z.string(),
  /** The name the review shows. */
  authorName: z.string(),
  /** 1 to 5, or null for a review posted through the API without stars. */
  rating: z.number().int().min(1).max(5).nullable(),
  message: z.string(),
  module: z.enum(IELTS_MODULE_IDS).nullable(),
  bandBefore: z.number().nullable(),
  bandAchieved: z.number().nullable(),
  /** `YYYY-MM`. */
  testMonth: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});

export const reviewDeletedData = z.object({ id, serviceId: id, serviceName: z.string() });

const student = z.object({ name: z.string(), email: z.string() });

export const enrollmentRequestedData = z.object({
  id,
  serviceId: id,
  serviceName: z.string(),
  student,
  /** `YYYY-MM-DD`, or null when the student gave none. */
  startDate: z.string().nullable(),
  message: z.string().nullable(),
  requestedAt: isoTime,
});

export const enrollmentCancelledData = z.object({
  id,
  serviceId: id,
  serviceName: z.string(),
  student,
  cancelledAt: isoTime,
});

export const contactReceivedData = z.object({
  id,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  receivedAt: isoTime,
});

export const subscriberConfirmedData = z.object({ id, email: z.string(), confirmedAt: isoTime });

export const serviceCreatedData = z.object({
  id,
  name: z.string(),
  /** In dollars. */
  price: z.number(),
  description: z.string(),
  /** `pending` while it waits for an owner's approval. */
  status: z.enum(["published", "pending"]),
  /** Who added it, by the name of their account. */
  creatorName: z.string(),
  createdAt: isoTime,
});

/**
 * A Writing answer submitted (issue 38): which answer to which task, its length and whether it was
 * timed, never its text nor who wrote it. Answers never leave the site (decision 0059): an
 * endpoint is another service, so it hears that an answer came, and an owner's API token reads
 * it (`GET /api/writing/submissions/{id}`).
 */
export const writingSubmittedData = z.object({
  id,
  taskId: id,
  /** The words that count (copied runs from the prompt left out), as the answer's page shows. */
  words: z.number().int().min(0),
  timed: z.boolean(),
  submittedAt: isoTime,
});

const wholeBand = z.number().int().min(0).max(9);

/**
 * A marking returned to its student (issue 39), or corrected after it was (`correctedAt` set):
 * which answer, its four bands and the task's band, never the comments, the summary nor who
 * wrote it. An owner's API token reads the whole marking (`GET /api/writing/submissions/{id}`).
 */
export const writingMarkedData = z.object({
  id,
  taskId: id,
  bands: z.object({
    task: wholeBand,
    coherenceCohesion: wholeBand,
    lexicalResource: wholeBand,
    grammaticalRangeAccuracy: wholeBand,
  }),
  taskBand: z.number().min(0).max(9).multipleOf(0.5),
  comments: z.number().int().min(0),
  returnedAt: isoTime,
  correctedAt: isoTime.nullable(),
});

/** "Send a test event": nothing happened on the site. */
export const pingData = z.object({ endpointId: id, message: z.string() });

export const webhookEventDataSchemas = {
  "review.created": reviewEventData,
  "review.updated": reviewEventData,
  "review.deleted": reviewDeletedData,
  "enrollment.requested": enrollmentRequestedData,
  "enrollment.cancelled": enrollmentCancelledData,
  "contact.received": contactReceivedData,
  "subscriber.confirmed": subscriberConfirmedData,
  "service.created": serviceCreatedData,
  "writing.submitted": writingSubmittedData,
  "writing.marked": writingMarkedData,
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<
  (typeof webhookEventDataSchemas)[T]
>;

const envelope = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: isoTime, data });

/** Every body a webhook may carry, told apart by `type`. */
export const webhookEventSchema = z.discriminatedUnion("type", [
  envelope(WEBHOOK_TEST_EVENT, pingData),
  envelope("review.created", reviewEventData),
  envelope("review.updated", reviewEventData),
  envelope("review.deleted", reviewDeletedData),
  envelope("enrollment.requested", enrollmentRequestedData),
  envelope("enrollment.cancelled", enrollmentCancelledData),
  envelope("contact.received", contactReceivedData),
  envelope("subscriber.confirmed", subscriberConfirmedData),
  envelope("service.created", serviceCreatedData),
  envelope("writing.submitted", writingSubmittedData),
  envelope("writing.marked", writingMarkedData),
]);

export type WebhookEvent = z.infer<typeof webhookEventSchema>;
