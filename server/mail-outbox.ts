import {
  claimDueItem,
  completeItem,
  failItem,
  giveUpItem,
  MAX_MAIL_ATTEMPTS,
  type Mail,
  type OutboxItem,
  queueMail,
} from "../core/mail/mail-outbox.server.ts";
import {
  composeDelivery,
  finishDelivery,
  queueNextDeliveries,
} from "../core/mail/newsletter-issues.server.ts";
import type { DB } from "../db/index.ts";
import type { SendMail } from "./mail.ts";
import { pollingWorker } from "./polling-worker.ts";

/** How often a running worker looks for rows written by other processes or left by a crash. */
const POLL_MS = 30_000;

export interface MailOutbox {
  /** Writes a message to the outbox and wakes the worker: what the site calls to send mail. */
  queue: (mail: Mail) => Promise<void>;
  /** A row was written: work through the outbox now, if the worker is running. */
  wake: () => void;
  /** Runs the worker in this process: at once, on every wake, on each retry's time, every 30 s. */
  start: () => void;
  /** Stops the worker and waits for the row in hand. */
  stop: () => Promise<void>;
  /**
   * Works through every row due at `now` (the current time unless given), then returns: what the
   * worker runs, and how tests deliver mail when they choose.
   */
  deliverDue: (now?: Date) => Promise<void>;
}

interface MailOutboxOptions {
  db: DB;
  /** The transport (server/mail.ts). */
  send: SendMail;
  /** Asks Better Auth for a reset link for this address; it queues the mail if the account exists. */
  requestPasswordReset: (request: { email: string; redirectTo: string }) => Promise<void>;
  /** The public origin, for the links in newsletter copies (BASE_URL). */
  siteUrl: string;
  log?: Pick<Console, "warn" | "error">;
  /** Told of each row handed to the mail server and each failed attempt (server/metrics.ts). */
  counts?: { sent: () => void; failed: () => void };
}

function nameOf(item: OutboxItem): string {
  switch (item.kind) {
    case "mail":
      return `mail to ${item.mail.to}`;
    case "password-reset":
      return `password-reset request for ${item.request.email}`;
    case "newsletter":
      return `newsletter to ${item.to}`;
  }
}

/**
 * The mail worker: sends what requests wrote to the outbox table, after they
 * were answered. A failure is retried with backoff and, after MAX_MAIL_ATTEMPTS, given up and
 * logged — without the message, which may hold a reset link.
 *
 * Transactional mail is sent at least once: a row whose sender died is sent again. A newsletter
 * copy is sent at most once: a row whose sender died while handing it to the mail server may
 * have arrived, so it is recorded as failed ("in doubt") instead — nobody gets an issue twice.
 * Between rows, the worker queues the next batch of any newsletter being sent.
 */
export function createMailOutbox({
  db,
  send,
  requestPasswordReset,
  siteUrl,
  log = console,
  counts,
}: MailOutboxOptions): MailOutbox {
  /**
   * Sends one newsletter copy and records it. A refusal by the mail server is retried like any
   * mail; but once the copy is handed over, a failure to record it is not: the row stays claimed
   * until its claim runs out and is then recorded as in doubt, never sent again.
   */
  async function deliverNewsletter(item: Extract<OutboxItem, { kind: "newsletter" }>) {
    const mail = await composeDelivery(db, item.deliveryId, siteUrl);
    if (mail) {
      await send(mail);
      counts?.sent();
    }
    await db
      .transaction()
      .execute(async (trx) => {
        await finishDelivery(trx, item.deliveryId, { status: mail ? "sent" : "skipped" });
        await completeItem(trx, item.id);
      })
      .catch((error: unknown) =>
        log.error(`Mail outbox: the ${nameOf(item)} went out but could not be recorded:`, error),
      );
  }

  async function work(item: OutboxItem, now: Date) {
    if (item.kind === "newsletter" && item.inDoubt) {
      await db.transaction().execute(async (trx) => {
        await giveUpItem(trx, item.id, now);
        await finishDelivery(
          trx,
          item.deliveryId,
          { status: "failed", failure: "In doubt: the server stopped while sending it." },
          now,
        );
      });
      log.error(
        `Mail outbox: the ${nameOf(item)} was being sent when its process stopped; it may have arrived, so it is not sent again.`,
      );
      return;
    }
    try {
      if (item.kind === "mail") await send(item.mail);
      else if (item.kind === "password-reset") await requestPasswordReset(item.request);
      else return await deliverNewsletter(item);
      if (item.kind === "mail") counts?.sent();
      await completeItem(db, item.id);
    } catch (error) {
      counts?.failed();
      const reason = error instanceof Error ? error.message : String(error);
      const result = await db.transaction().execute(async (trx) => {
        const failed = await failItem(trx, item, now);
        if (failed.givenUp && item.kind === "newsletter") {
          await finishDelivery(trx, item.deliveryId, { status: "failed", failure: reason }, now);
        }
        return failed;
      });
      if (result.givenUp) {
        log.error(
          `Mail outbox: gave up on the ${nameOf(item)} after ${item.attempts} attempts: ${reason}`,
        );
      } else {
        log.warn(
          `Mail outbox: the ${nameOf(item)} failed (attempt ${item.attempts} of ${MAX_MAIL_ATTEMPTS}), next try in ${Math.round(result.retryInMs / 1000)} s: ${reason}`,
        );
        if (worker.started) setTimeout(wake, result.retryInMs).unref();
      }
    }
  }

  /**
   * Works through the due rows one by one for as long as `going()` says so; when none is due,
   * queues the next batch of a newsletter being sent, and goes on with those.
   */
  async function drain(going: () => boolean, now?: Date) {
    const at = () => now ?? new Date();
    while (going()) {
      const item = await claimDueItem(db, at());
      if (item) await work(item, at());
      else if ((await queueNextDeliveries(db, at())) === 0) return;
    }
  }

  const worker = pollingWorker({
    pollMs: POLL_MS,
    drain: (going) => drain(going),
    onError: (error: unknown) => log.error("Mail outbox: could not read the outbox:", error),
  });
  const wake = worker.wake;

  return {
    queue: async (mail) => {
      await queueMail(db, mail);
      wake();
    },
    wake,
    start: worker.start,
    stop: worker.stop,
    deliverDue: (now) => drain(() => true, now),
  };
}
