import {
  claimDueItem,
  completeItem,
  failItem,
  MAX_MAIL_ATTEMPTS,
  type Mail,
  type OutboxItem,
  queueMail,
} from "../core/mail-outbox.server.ts";
import type { DB } from "../db/index.ts";
import type { SendMail } from "./mail.ts";

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
  log?: Pick<Console, "warn" | "error">;
}

function nameOf(item: OutboxItem): string {
  return item.kind === "mail"
    ? `mail to ${item.mail.to}`
    : `password-reset request for ${item.request.email}`;
}

/**
 * The mail worker: sends what requests wrote to the outbox table, after they
 * were answered. A failure is retried with backoff and, after MAX_MAIL_ATTEMPTS, given up and
 * logged — without the message, which may hold a reset link.
 */
export function createMailOutbox({
  db,
  send,
  requestPasswordReset,
  log = console,
}: MailOutboxOptions): MailOutbox {
  let started = false;
  let running: Promise<void> | undefined;
  let wokenWhileRunning = false;
  let poll: NodeJS.Timeout | undefined;

  async function work(item: OutboxItem, now: Date) {
    try {
      if (item.kind === "mail") await send(item.mail);
      else await requestPasswordReset(item.request);
      await completeItem(db, item.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const result = await failItem(db, item, now);
      if (result.givenUp) {
        log.error(
          `Mail outbox: gave up on the ${nameOf(item)} after ${item.attempts} attempts: ${reason}`,
        );
      } else {
        log.warn(
          `Mail outbox: the ${nameOf(item)} failed (attempt ${item.attempts} of ${MAX_MAIL_ATTEMPTS}), next try in ${Math.round(result.retryInMs / 1000)} s: ${reason}`,
        );
        if (started) setTimeout(wake, result.retryInMs).unref();
      }
    }
  }

  /** Works through the due rows one by one for as long as `going()` says so. */
  async function drain(going: () => boolean, now?: Date) {
    const at = () => now ?? new Date();
    while (going()) {
      const item = await claimDueItem(db, at());
      if (!item) return;
      await work(item, at());
    }
  }

  function wake() {
    if (!started) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    running = (async () => {
      do {
        wokenWhileRunning = false;
        // A stop lets the row in hand finish; the rest wait in the table for the next start.
        await drain(() => started).catch((error: unknown) =>
          log.error("Mail outbox: could not read the outbox:", error),
        );
      } while (wokenWhileRunning && started);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    queue: async (mail) => {
      await queueMail(db, mail);
      wake();
    },
    wake,
    start() {
      if (started) return;
      started = true;
      poll = setInterval(wake, POLL_MS);
      poll.unref();
      wake();
    },
    async stop() {
      started = false;
      clearInterval(poll);
      await running;
    },
    deliverDue: (now) => drain(() => true, now),
  };
}
