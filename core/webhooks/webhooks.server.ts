import type { ExpressionBuilder } from "kysely";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import {
  type Database,
  type Timestamp,
  toDate,
  type WebhookDeliveryStatus,
  type WebhookEndpointState,
} from "../../db/schema.ts";
import { listOwners } from "../accounts/owners.server.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { isPlausibleId } from "../ids.ts";
import { queueMail } from "../mail/mail-outbox.server.ts";
import { SITE_NAME } from "../site/site.ts";
import { getSiteSettings } from "../site/site-settings.server.ts";
import { formatInTimeZone } from "../site/time-zones.ts";
import {
  checkEndpointAddress,
  parseEndpointUrl,
  type WebhookAddressRules,
} from "./webhook-addresses.server.ts";
import {
  isWebhookEventType,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
} from "./webhook-event-types.ts";
import type { WebhookEventData } from "./webhook-events.ts";
import {
  newWebhookSecret,
  openWebhookSecret,
  sealWebhookSecret,
  type WebhookSecretKey,
} from "./webhook-secrets.server.ts";

/**
 * Webhooks for the teacher (decision 0047): endpoints an owner adds, and deliveries written in
 * the same transaction as the event they tell of (so an event is never told that did not
 * happen, nor one that happened left untold), sent after the answer by the worker of every
 * process (server/webhooks.ts), each claimed by one process at a time.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** After each failed attempt, the wait before the next: 5 s, 30 s, 2 min, … then every 8 h. */
export const RETRY_DELAYS_MS = [
  5_000,
  30_000,
  2 * MINUTE_MS,
  10 * MINUTE_MS,
  30 * MINUTE_MS,
  HOUR_MS,
  2 * HOUR_MS,
  4 * HOUR_MS,
  8 * HOUR_MS,
];
/** No retry is scheduled later than this after the first attempt. */
export const RETRY_WINDOW_MS = DAY_MS;
/** An endpoint whose every delivery failed for this long is turned off, and the owners told. */
export const TURN_OFF_AFTER_MS = 3 * DAY_MS;
/** How long a worker may hold a delivery before another may take it over (a crashed process). */
export const WEBHOOK_CLAIM_LEASE_MS = 60_000;
/** Finished deliveries are kept this long for the owner to look at, then removed. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * DAY_MS;

export type { WebhookDeliveryStatus, WebhookEndpointState };

/** What the owner's pages need to add an endpoint: the key secrets are sealed with, the rules. */
export interface WebhookSettings {
  secretKey: WebhookSecretKey;
  addressRules: WebhookAddressRules;
}

/** Only an owner reaches endpoints and deliveries; anyone else, as if none existed. */
export type WebhookRefusal = { ok: false; reason: "not-found" };

const refused: WebhookRefusal = { ok: false, reason: "not-found" };

function eventsOf(json: string): WebhookEventType[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed)
      ? parsed.filter((type): type is WebhookEventType => isWebhookEventType(String(type)))
      : [];
  } catch {
    return [];
  }
}

export type EndpointFieldErrors = Partial<Record<"url" | "events", string>>;

export type CreateEndpointResult =
  | { ok: true; id: string; secret: string }
  | { ok: false; reason: "invalid"; fieldErrors: EndpointFieldErrors }
  | WebhookRefusal;

/**
 * An owner adds an endpoint: a public address (looked up now; again before every attempt) and
 * the events it receives. Its new secret is returned to be shown once; only its sealed form is
 * kept.
 */
export async function createWebhookEndpoint(
  db: DB,
  {
    actor,
    input,
    settings,
  }: {
    actor: Pick<SignedInUser, "id" | "isOwner">;
    input: { url: string; events: string[] };
    settings: WebhookSettings;
  },
  now = new Date(),
): Promise<CreateEndpointResult> {
  if (!actor.isOwner) return refused;
  const fieldErrors: EndpointFieldErrors = {};
  const events = [...new Set(input.events)];
  if (events.length === 0) fieldErrors.events = "Please choose at least one event.";
  else if (!events.every(isWebhookEventType))
    fieldErrors.events = "Please choose among the events listed.";
  const parsed = parseEndpointUrl(input.url);
  if (!parsed.ok) fieldErrors.url = parsed.message;
  else {
    const checked = await checkEndpointAddress(parsed.url, settings.addressRules);
    if (!checked.ok) fieldErrors.url = checked.message;
  }
  const { count } = await db
    .selectFrom("webhook_endpoints")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_WEBHOOK_ENDPOINTS && !fieldErrors.url)
    fieldErrors.url = `The site has ${MAX_WEBHOOK_ENDPOINTS} endpoints already: delete one first.`;
  if (!parsed.ok || fieldErrors.url || fieldErrors.events)
    return { ok: false, reason: "invalid", fieldErrors };
  const id = crypto.randomUUID();
  const secret = newWebhookSecret();
  await db
    .insertInto("webhook_endpoints")
    .values({
      id,
      url: parsed.url.href,
      events: JSON.stringify(events),
      secret: sealWebhookSecret(settings.secretKey, secret),
      state: "on",
      state_changed_at: null,
      failing_since: null,
      created_by: actor.id,
      created_at: now.toISOString(),
    })
    .execute();
  return { ok: true, id, secret };
}

const NOT_SENT_TURNED_OFF = "Not sent: the endpoint was turned off.";

/** Deliveries waiting for an endpoint that was just turned off: they are not sent. */
async function giveUpWaitingDeliveries(db: DB, endpointId: string, now: Date) {
  await db
    .updateTable("webhook_deliveries")
    .set({
      status: "failed",
      next_attempt_at: null,
      last_error: NOT_SENT_TURNED_OFF,
      last_attempt_at: now.toISOString(),
    })
    .where("endpoint_id", "=", endpointId)
    .where("status", "=", "pending")
    .where("manual", "=", 0)
    // One a worker holds right now ends by itself, and finds the endpoint off.
    .where((eb) =>
      eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", now.toISOString())]),
    )
    .execute();
}

/**
 * An owner turns an endpoint off (its waiting deliveries are not sent, and no new events are
 * written for it) or on again (with a clean slate: its past failures no longer count towards
 * turning it off).
 */
export async function setWebhookEndpointOn(
  db: DB,
  {
    actor,
    endpointId,
    on,
  }: { actor: Pick<SignedInUser, "isOwner">; endpointId: string; on: boolean },
  now = new Date(),
): Promise<{ ok: true } | WebhookRefusal> {
  if (!actor.isOwner || !isPlausibleId(endpointId)) return refused;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("webhook_endpoints")
      .set({
        state: on ? "on" : "off",
        state_changed_at: now.toISOString(),
        failing_since: null,
      })
      .where("id", "=", endpointId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return refused;
    if (!on) await giveUpWaitingDeliveries(trx, endpointId, now);
    return { ok: true } as const;
  });
}

/** An owner deletes an endpoint, and with it (foreign key) its deliveries. */
export async function deleteWebhookEndpoint(
  db: DB,
  { actor, endpointId }: { actor: Pick<SignedInUser, "isOwner">; endpointId: string },
): Promise<{ ok: true } | WebhookRefusal> {
  if (!actor.isOwner || !isPlausibleId(endpointId)) return refused;
  const deleted = await db
    .deleteFrom("webhook_endpoints")
    .where("id", "=", endpointId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0 ? { ok: true } : refused;
}

interface NewDelivery {
  endpointId: string;
  eventType: string;
  payload: string;
  manual: boolean;
  aboutUserId: string | null;
}

async function insertDeliveries(db: DB, deliveries: NewDelivery[], now: Date) {
  if (deliveries.length === 0) return;
  await db
    .insertInto("webhook_deliveries")
    .values(
      deliveries.map((delivery) => ({
        id: crypto.randomUUID(),
        endpoint_id: delivery.endpointId,
        event_type: delivery.eventType,
        payload: delivery.payload,
        status: "pending" as const,
        manual: delivery.manual ? 1 : 0,
        attempts: 0,
        next_attempt_at: now.toISOString(),
        claimed_until: null,
        retry_until: new Date(now.getTime() + RETRY_WINDOW_MS).toISOString(),
        last_attempt_at: null,
        last_status_code: null,
        last_error: null,
        delivered_at: null,
        about_user_id: delivery.aboutUserId,
        created_at: now.toISOString(),
      })),
    )
    .execute();
}

/**
 * Writes one delivery of the event per endpoint that is on and receives it. Called by each use
 * case inside the transaction of its own write, so the event and its deliveries are kept
 * together or not at all; the caller wakes the worker once the transaction is done. `data` is
 * asked for only when some endpoint wants the event: with none (most sites) an event costs one
 * read of the endpoints table. `aboutUserId`: the account the data names, deleted with it.
 *
 * The body is written here, once, so every attempt sends (and signs) the same bytes.
 */
export async function queueWebhookEvent<T extends WebhookEventType>(
  db: DB,
  type: T,
  data: () => WebhookEventData<T> | Promise<WebhookEventData<T>>,
  { aboutUserId = null, now = new Date() }: { aboutUserId?: string | null; now?: Date } = {},
): Promise<number> {
  const endpoints = await db
    .selectFrom("webhook_endpoints")
    .select(["id", "events"])
    .where("state", "=", "on")
    .execute();
  const wanting = endpoints.filter((endpoint) => eventsOf(endpoint.events).includes(type));
  if (wanting.length === 0) return 0;
  const payload = JSON.stringify({ type, timestamp: now.toISOString(), data: await data() });
  await insertDeliveries(
    db,
    wanting.map((endpoint) => ({
      endpointId: endpoint.id,
      eventType: type,
      payload,
      manual: false,
      aboutUserId,
    })),
    now,
  );
  return wanting.length;
}

/** "Send a test event": a `ping` to this endpoint alone, sent even while it is off. */
export async function queueTestEvent(
  db: DB,
  { actor, endpointId }: { actor: Pick<SignedInUser, "isOwner">; endpointId: string },
  now = new Date(),
): Promise<{ ok: true } | WebhookRefusal> {
  if (!actor.isOwner || !isPlausibleId(endpointId)) return refused;
  const endpoint = await db
    .selectFrom("webhook_endpoints")
    .select("id")
    .where("id", "=", endpointId)
    .executeTakeFirst();
  if (!endpoint) return refused;
  const payload = JSON.stringify({
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { endpointId, message: `A test event from ${SITE_NAME}.` },
  });
  await insertDeliveries(
    db,
    [{ endpointId, eventType: WEBHOOK_TEST_EVENT, payload, manual: true, aboutUserId: null }],
    now,
  );
  return { ok: true };
}

/**
 * "Send again" on a delivery that failed: the same body under the same `webhook-id` (a receiver
 * that did take it after all sees a repeat), with a new day of retries, even while the endpoint
 * is off.
 */
export async function resendWebhookDelivery(
  db: DB,
  { actor, deliveryId }: { actor: Pick<SignedInUser, "isOwner">; deliveryId: string },
  now = new Date(),
): Promise<{ ok: true; endpointId: string } | WebhookRefusal> {
  if (!actor.isOwner || !isPlausibleId(deliveryId)) return refused;
  const updated = await db
    .updateTable("webhook_deliveries")
    .set({
      status: "pending",
      manual: 1,
      next_attempt_at: now.toISOString(),
      retry_until: new Date(now.getTime() + RETRY_WINDOW_MS).toISOString(),
      claimed_until: null,
    })
    .where("id", "=", deliveryId)
    .where("status", "=", "failed")
    .returning("endpoint_id")
    .executeTakeFirst();
  return updated ? { ok: true, endpointId: updated.endpoint_id } : refused;
}

export interface WebhookDeliveryView {
  id: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The last answer's HTTP status, when one came. */
  statusCode: number | null;
  /** Why the last attempt failed. */
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
}

export interface WebhookEndpointView {
  id: string;
  url: string;
  events: WebhookEventType[];
  state: WebhookEndpointState;
  stateChangedAt: Date | null;
  failingSince: Date | null;
  createdAt: Date;
  /** False once AUTH_SECRET changed: its deliveries cannot be signed any more. */
  secretReadable: boolean;
  /** The newest first. */
  deliveries: WebhookDeliveryView[];
}

const orNull = (value: Timestamp | null) => (value === null ? null : toDate(value));

/** The endpoints, oldest first, each with its newest deliveries, for /admin/webhooks. */
export async function listWebhookEndpoints(
  db: DB,
  key: WebhookSecretKey,
  deliveriesEach = 10,
): Promise<WebhookEndpointView[]> {
  const endpoints = await db
    .selectFrom("webhook_endpoints")
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return Promise.all(
    endpoints.map(async (endpoint) => {
      const deliveries = await db
        .selectFrom("webhook_deliveries")
        .select([
          "id",
          "event_type",
          "status",
          "attempts",
          "last_status_code",
          "last_error",
          "created_at",
          "last_attempt_at",
          "next_attempt_at",
        ])
        .where("endpoint_id", "=", endpoint.id)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(inlineLimit(deliveriesEach))
        .execute();
      return {
        id: endpoint.id,
        url: endpoint.url,
        events: eventsOf(endpoint.events),
        state: endpoint.state,
        stateChangedAt: orNull(endpoint.state_changed_at),
        failingSince: orNull(endpoint.failing_since),
        createdAt: toDate(endpoint.created_at),
        secretReadable: openWebhookSecret(key, endpoint.secret) !== undefined,
        deliveries: deliveries.map((row) => ({
          id: row.id,
          eventType: row.event_type,
          status: row.status,
          attempts: row.attempts,
          statusCode: row.last_status_code,
          error: row.last_error,
          createdAt: toDate(row.created_at),
          lastAttemptAt: orNull(row.last_attempt_at),
          nextAttemptAt: row.status === "pending" ? orNull(row.next_attempt_at) : null,
        })),
      };
    }),
  );
}

/** A delivery a worker holds: what to send, where, and with which (sealed) secret. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  url: string;
  sealedSecret: string;
  eventType: string;
  payload: string;
  /** This attempt's number, from 1. */
  attempts: number;
  /** A test event or a "Send again": sent even while the endpoint is off. */
  manual: boolean;
}

function stillAsRead(
  eb: ExpressionBuilder<Database, "webhook_deliveries">,
  claim: Timestamp | null,
) {
  return claim === null ? eb("claimed_until", "is", null) : eb("claimed_until", "=", claim);
}

/**
 * Takes the next delivery that is due and held by no one, for WEBHOOK_CLAIM_LEASE_MS, and counts
 * the attempt. As in the mail outbox, the update succeeds only while the row is as it was read,
 * so of several processes reaching for it exactly one gets it. A delivery for an endpoint that is
 * off waits, unless an owner asked for it (a test, a "Send again").
 */
export async function claimDueDelivery(
  db: DB,
  now = new Date(),
): Promise<ClaimedDelivery | undefined> {
  const moment = now.toISOString();
  for (let tries = 0; tries < 5; tries++) {
    const candidates = await db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
      .select(["d.id", "d.claimed_until"])
      .where("d.status", "=", "pending")
      .where("d.next_attempt_at", "<=", moment)
      .where((eb) =>
        eb.or([eb("d.claimed_until", "is", null), eb("d.claimed_until", "<=", moment)]),
      )
      .where((eb) => eb.or([eb("e.state", "=", "on"), eb("d.manual", "=", 1)]))
      .orderBy("d.next_attempt_at")
      .limit(inlineLimit(5))
      .execute();
    if (candidates.length === 0) return undefined;
    for (const candidate of candidates) {
      const row = await db
        .updateTable("webhook_deliveries")
        .set((eb) => ({
          claimed_until: new Date(now.getTime() + WEBHOOK_CLAIM_LEASE_MS).toISOString(),
          attempts: eb("attempts", "+", 1),
          last_attempt_at: moment,
        }))
        .where("id", "=", candidate.id)
        .where("status", "=", "pending")
        .where((eb) => stillAsRead(eb, candidate.claimed_until))
        .returning(["id", "endpoint_id", "event_type", "payload", "attempts", "manual"])
        .executeTakeFirst();
      if (!row) continue;
      const endpoint = await db
        .selectFrom("webhook_endpoints")
        .select(["url", "secret"])
        .where("id", "=", row.endpoint_id)
        .executeTakeFirst();
      // Deleted between the two reads: its deliveries went with it.
      if (!endpoint) continue;
      return {
        id: row.id,
        endpointId: row.endpoint_id,
        url: endpoint.url,
        sealedSecret: endpoint.secret,
        eventType: row.event_type,
        payload: row.payload,
        attempts: row.attempts,
        manual: row.manual === 1,
      };
    }
  }
  return undefined;
}

/** A 2xx came back: delivered, and the endpoint is no longer failing. */
export async function completeDelivery(
  db: DB,
  item: Pick<ClaimedDelivery, "id" | "endpointId">,
  statusCode: number,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("webhook_deliveries")
      .set({
        status: "delivered",
        last_status_code: statusCode,
        last_error: null,
        delivered_at: now.toISOString(),
        next_attempt_at: null,
        claimed_until: null,
      })
      .where("id", "=", item.id)
      .execute();
    await trx
      .updateTable("webhook_endpoints")
      .set({ failing_since: null })
      .where("id", "=", item.endpointId)
      .execute();
    await forgetDeliveriesOfDeletedAccounts(trx, item.id);
  });
}

export interface FailurePolicy {
  retryDelaysMs: readonly number[];
  turnOffAfterMs: number;
  /** The public origin, for the link in the owners' mail. */
  siteUrl: string;
}

export type FailureOutcome = {
  givenUp: boolean;
  /** When the next attempt is due, unless given up. */
  retryInMs?: number;
  /** The endpoint was turned off by this failure (and the owners' mail queued). */
  turnedOff: boolean;
};

/**
 * An attempt failed (an answer other than 2xx, no answer, or an address refused): the delivery
 * is tried again after the next wait of the schedule, or given up once that would fall past its
 * day of retries. The endpoint is failing from its first failure since a success; once it has
 * failed for `turnOffAfterMs` with no success, it is turned off, its waiting deliveries are not
 * sent, and every owner is mailed (through the outbox, in the same transaction). Nothing is tried
 * again for an endpoint that is off, but what an owner asked for.
 */
export async function failDelivery(
  db: DB,
  item: Pick<ClaimedDelivery, "id" | "endpointId" | "attempts" | "url" | "manual">,
  failure: { statusCode: number | null; error: string },
  policy: FailurePolicy,
  now = new Date(),
): Promise<FailureOutcome> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("webhook_endpoints")
      .set({ failing_since: now.toISOString() })
      .where("id", "=", item.endpointId)
      .where("failing_since", "is", null)
      .execute();
    // Conditional, so that of two failures at once (two lanes, two processes) one turns it off
    // and mails the owners, and the other finds it off already.
    const turnedOffRow = await trx
      .updateTable("webhook_endpoints")
      .set({ state: "failing", state_changed_at: now.toISOString() })
      .where("id", "=", item.endpointId)
      .where("state", "=", "on")
      .where("failing_since", "<=", new Date(now.getTime() - policy.turnOffAfterMs).toISOString())
      .returning("failing_since")
      .executeTakeFirst();
    const turnedOff = turnedOffRow !== undefined;
    if (turnedOffRow) {
      const since = turnedOffRow.failing_since ? toDate(turnedOffRow.failing_since) : now;
      const { timeZone } = await getSiteSettings(trx);
      for (const owner of await listOwners(trx)) {
        await queueMail(
          trx,
          turnedOffMail(owner.email, {
            url: item.url,
            since,
            timeZone,
            error: failure.error,
            siteUrl: policy.siteUrl,
          }),
          now,
        );
      }
    }
    const endpoint = await trx
      .selectFrom("webhook_endpoints")
      .select("state")
      .where("id", "=", item.endpointId)
      .executeTakeFirst();

    const delivery = await trx
      .selectFrom("webhook_deliveries")
      .select("retry_until")
      .where("id", "=", item.id)
      .executeTakeFirst();
    const delays = policy.retryDelaysMs;
    const wait = delays[Math.min(item.attempts - 1, delays.length - 1)] ?? 0;
    const next = new Date(now.getTime() + wait);
    // An endpoint turned off meanwhile (or just now) gets no more tries of what it was sent.
    const endpointOff = endpoint !== undefined && endpoint.state !== "on";
    const givenUp =
      !delivery || next > toDate(delivery.retry_until) || (endpointOff && !item.manual);
    await trx
      .updateTable("webhook_deliveries")
      .set({
        status: givenUp ? "failed" : "pending",
        next_attempt_at: givenUp ? null : next.toISOString(),
        claimed_until: null,
        last_status_code: failure.statusCode,
        last_error: failure.error,
      })
      .where("id", "=", item.id)
      .execute();
    if (turnedOff) await giveUpWaitingDeliveries(trx, item.endpointId, now);
    if (givenUp) await forgetDeliveriesOfDeletedAccounts(trx, item.id);
    return givenUp
      ? { givenUp, turnedOff }
      : { givenUp, retryInMs: next.getTime() - now.getTime(), turnedOff };
  });
}

/** Only the origin: an endpoint's path often holds its own token (a chat's incoming hook). */
export function endpointOrigin(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : "the endpoint";
}

function turnedOffMail(
  to: string,
  {
    url,
    since,
    timeZone,
    error,
    siteUrl,
  }: { url: string; since: Date; timeZone: string; error: string; siteUrl: string },
) {
  const origin = endpointOrigin(url);
  // In the site's time zone, named, as every time the site shows (decision 0055).
  const sinceText = `${formatInTimeZone(since, timeZone)} (${timeZone})`;
  return {
    to,
    subject: `${SITE_NAME}: a webhook endpoint was turned off`,
    text: `Every delivery to the webhook endpoint at ${origin} has failed since ${sinceText}, so the site turned it off and sends it nothing more.\n\nThe last attempt: ${error}\n\nOnce it answers again, turn it on at ${siteUrl}/admin/webhooks ("Send a test event" tries it first).\n`,
  };
}

/**
 * Deliveries finished (delivered or given up) that are about an account no longer there: the
 * ones its deletion wrote, naming the person (decision 0051). Kept only until they are sent, as
 * the goodbye mail is; every other delivery about the account went with it. One delivery as it
 * finishes, or (housekeeping) every one, those given up in bulk when their endpoint was turned
 * off among them.
 */
export async function forgetDeliveriesOfDeletedAccounts(db: DB, deliveryId?: string) {
  let query = db
    .deleteFrom("webhook_deliveries")
    .where("status", "<>", "pending")
    .where("about_user_id", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("users")
            .select("users.id")
            .whereRef("users.id", "=", "webhook_deliveries.about_user_id"),
        ),
      ),
    );
  if (deliveryId !== undefined) query = query.where("id", "=", deliveryId);
  await query.execute();
}

/** Deliveries finished over WEBHOOK_DELIVERY_RETENTION_MS ago (housekeeping). */
export async function deleteOldWebhookDeliveries(db: DB, now = new Date()): Promise<void> {
  await db
    .deleteFrom("webhook_deliveries")
    .where("status", "<>", "pending")
    .where("created_at", "<", new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_MS).toISOString())
    .execute();
}
