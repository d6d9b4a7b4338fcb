import {
  checkEndpointAddress,
  parseEndpointUrl,
  type WebhookAddressRules,
} from "../core/webhooks/webhook-addresses.server.ts";
import {
  openWebhookSecret,
  signWebhook,
  type WebhookSecretKey,
} from "../core/webhooks/webhook-secrets.server.ts";
import {
  type ClaimedDelivery,
  claimDueDelivery,
  completeDelivery,
  endpointOrigin,
  failDelivery,
  RETRY_DELAYS_MS,
  TURN_OFF_AFTER_MS,
} from "../core/webhooks/webhooks.server.ts";
import type { DB } from "../db/index.ts";
import { pollingWorker } from "./polling-worker.ts";
import { type SendWebhook, sendWebhook, WEBHOOK_TIMEOUT_MS } from "./webhook-sender.ts";

/** How often a running worker looks for deliveries left by another process or a crash. */
const POLL_MS = 30_000;
/** Deliveries sent at once by one process: one slow receiver must not hold up the others. */
const LANES = 4;

export interface WebhookWorker {
  /** A delivery was written: work through the due ones now, if the worker is running. */
  wake: () => void;
  /** Runs the worker in this process: at once, on every wake, on each retry's time, every 30 s. */
  start: () => void;
  /** Stops the worker and waits for the deliveries in hand (each ends within its timeout). */
  stop: () => Promise<void>;
  /** Works through every delivery due at `now` (the current time unless given), then returns. */
  deliverDue: (now?: Date) => Promise<void>;
}

/** What tests change to see a day of retries in a second; the site runs with the defaults. */
export interface WebhookTiming {
  /** The waits after each failed attempt (core/webhooks/webhooks.server.ts: 5 s, 30 s, 2 min, …). */
  retryDelaysMs?: readonly number[];
  /** How long an endpoint fails before it is turned off (3 days). */
  turnOffAfterMs?: number;
  /** How long one attempt may take (10 s). */
  timeoutMs?: number;
}

export interface WebhookWorkerOptions extends WebhookTiming {
  db: DB;
  secretKey: WebhookSecretKey;
  addressRules: WebhookAddressRules;
  /** The public origin (BASE_URL): in the User-Agent, and the link in the owners' mail. */
  siteUrl: string;
  /** An endpoint was turned off and its owners' mail queued: send it. */
  wakeMailWorker: () => void;
  /** How an attempt goes out (server/webhook-sender.ts). */
  send?: SendWebhook;
  log?: { warn: (message: string) => void; error: (message: string) => void };
}

const MAX_ERROR_LENGTH = 300;

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message || "The connection failed.").slice(0, MAX_ERROR_LENGTH);
}

function describeStatus(status: number): string {
  if (status >= 300 && status < 400) return `HTTP ${status}: a redirect, which is not followed.`;
  return `HTTP ${status}`;
}

/**
 * The webhook worker: sends what the use cases wrote to `webhook_deliveries`, after their
 * answers, in every process. Each delivery is claimed by one process at a time (the claim is a
 * conditional update, as the mail outbox's); one whose process died is taken over once its claim
 * runs out, and sent again under the same `webhook-id` (receivers are told to expect repeats).
 * Before each attempt the endpoint's host is looked up and checked again, and the request goes
 * to exactly the addresses checked.
 */
export function createWebhookWorker({
  db,
  secretKey,
  addressRules,
  siteUrl,
  wakeMailWorker,
  send = sendWebhook,
  retryDelaysMs = RETRY_DELAYS_MS,
  turnOffAfterMs = TURN_OFF_AFTER_MS,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
  log = console,
}: WebhookWorkerOptions): WebhookWorker {
  const policy = { retryDelaysMs, turnOffAfterMs, siteUrl };

  /** One attempt: the status that came back, or why none did. */
  async function attempt(item: ClaimedDelivery): Promise<{ status: number } | { error: string }> {
    const secret = openWebhookSecret(secretKey, item.sealedSecret);
    if (secret === undefined)
      return {
        error:
          "The endpoint's secret was made under another AUTH_SECRET and cannot sign: delete the endpoint and add it again.",
      };
    const parsed = parseEndpointUrl(item.url);
    if (!parsed.ok) return { error: `Refused: ${parsed.message}` };
    const checked = await checkEndpointAddress(parsed.url, addressRules);
    if (!checked.ok) return { error: `Refused: ${checked.message}` };
    // The receiver compares this with its own clock, so it is always the real time.
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const answer = await send({
        url: parsed.url.href,
        addresses: checked.addresses,
        body: item.payload,
        timeoutMs,
        headers: {
          "content-type": "application/json",
          "user-agent": `IELTS-Hub-Webhooks/1 (+${siteUrl})`,
          "webhook-id": item.id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signWebhook(secret, {
            id: item.id,
            timestamp,
            body: item.payload,
          }),
        },
      });
      return { status: answer.status };
    } catch (error) {
      return { error: describeError(error) };
    }
  }

  async function work(item: ClaimedDelivery, now: Date) {
    const result = await attempt(item);
    if ("status" in result && result.status >= 200 && result.status < 300) {
      await completeDelivery(db, item, result.status, now);
      return;
    }
    const failure =
      "status" in result
        ? { statusCode: result.status, error: describeStatus(result.status) }
        : { statusCode: null, error: result.error };
    const outcome = await failDelivery(db, item, failure, policy, now);
    const what = `the ${item.eventType} delivery ${item.id} to ${endpointOrigin(item.url)}`;
    if (outcome.turnedOff) {
      log.error(
        `Webhooks: turned off the endpoint at ${endpointOrigin(item.url)}: every delivery failed for ${Math.round(turnOffAfterMs / 3_600_000)} h; the owners are mailed.`,
      );
      wakeMailWorker();
    }
    if (outcome.retryInMs === undefined) {
      log.warn(`Webhooks: gave up on ${what} after ${item.attempts} attempts: ${failure.error}`);
      return;
    }
    log.warn(
      `Webhooks: ${what} failed (attempt ${item.attempts}), next try in ${Math.round(outcome.retryInMs / 1000)} s: ${failure.error}`,
    );
    if (worker.started) setTimeout(wake, outcome.retryInMs).unref();
  }

  /** LANES loops, each claiming and sending due deliveries for as long as `going()` says so. */
  async function drain(going: () => boolean, now?: Date) {
    const at = () => now ?? new Date();
    const lane = async () => {
      while (going()) {
        const item = await claimDueDelivery(db, at());
        if (!item) return;
        await work(item, at());
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
  }

  const worker = pollingWorker({
    pollMs: POLL_MS,
    drain: (going) => drain(going),
    onError: (error: unknown) =>
      log.error(`Webhooks: could not work through the deliveries: ${describeError(error)}`),
  });
  const wake = worker.wake;

  return {
    wake,
    start: worker.start,
    stop: worker.stop,
    deliverDue: (now) => drain(() => true, now),
  };
}
