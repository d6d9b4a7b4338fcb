/**
 * The events an owner may send to a webhook endpoint, with the words /admin/webhooks shows for
 * each. Dependency-free, so the page may import it; their payloads' shapes are in
 * core/webhooks/webhook-events.ts.
 */
export const WEBHOOK_EVENT_TYPES = [
  "review.created",
  "review.updated",
  "review.deleted",
  "enrollment.requested",
  "enrollment.cancelled",
  "contact.received",
  "subscriber.confirmed",
  "service.created",
  "writing.submitted",
  "writing.marked",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What "Send a test event" sends: to one endpoint, whatever events it chose. */
export const WEBHOOK_TEST_EVENT = "ping";

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "review.created": "A student posted a review",
  "review.updated": "A student edited their review",
  "review.deleted": "A student deleted their review (or their account)",
  "enrollment.requested": "A student asked to join a course",
  "enrollment.cancelled": "A student cancelled their request (or deleted their account)",
  "contact.received": "A message came through the contact form",
  "subscriber.confirmed": "An address confirmed its newsletter subscription",
  "service.created": "A course was added",
  "writing.submitted": "A student submitted a Writing answer",
  "writing.marked": "The teacher returned (or corrected) the marking of a Writing answer",
};

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** How many endpoints a site may have: each event is one row and one request per endpoint. */
export const MAX_WEBHOOK_ENDPOINTS = 10;
/** The longest endpoint address taken. */
export const MAX_WEBHOOK_URL_LENGTH = 2000;
