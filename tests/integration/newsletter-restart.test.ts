/**
 * A newsletter to 1,000 confirmed subscribers, sent by the real server (`node server/index.ts`,
 * as `npm start` runs it) to a local SMTP server, with the process stopped halfway and started
 * again: every subscriber gets exactly one copy.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLAIM_LEASE_MS } from "../../core/mail/mail-outbox.server.ts";
import { createIssue, startSending } from "../../core/mail/newsletter-issues.server.ts";
import { type DB, openDatabase } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { createMailOutbox } from "../../server/mail-outbox.ts";
import { insertSubscribers, insertUser } from "../support/fixtures.ts";
import { freePort } from "../support/free-port.ts";
import { type SmtpReceiver, startSmtpReceiver, unfoldHeaders } from "../support/smtp-receiver.ts";

const root = join(import.meta.dirname, "..", "..");
const SUBSCRIBERS = 1000;
const STOP_AFTER = 500;

/** How many copies each address received. */
function copiesOf(receiver: SmtpReceiver): Map<string, number> {
  const copies = new Map<string, number>();
  for (const { to } of receiver.state.received) {
    for (const address of to) copies.set(address, (copies.get(address) ?? 0) + 1);
  }
  return copies;
}

/** Calls `then` as the `count`th message arrives, before it is acknowledged. */
function onMessageNumber(receiver: SmtpReceiver, count: number, then: () => void) {
  receiver.state.onMessage = () => {
    if (receiver.state.received.length === count) then();
  };
}

describe("a newsletter to 1,000 subscribers across a restart", () => {
  let directory: string;
  let receiver: SmtpReceiver;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });

  /** A fresh database with 1,000 confirmed subscribers and an issue the owner has started to send. */
  async function prepare(): Promise<{
    db: DB;
    databaseUrl: string;
    issueId: string;
    emails: string[];
  }> {
    directory = mkdtempSync(join(tmpdir(), "ielts-hub-newsletter-"));
    const databaseUrl = `file:${join(directory, "site.db")}`;
    const { db } = openDatabase(databaseUrl);
    await migrateToLatest(db);
    const emails = Array.from({ length: SUBSCRIBERS }, (_, n) => `reader${n}@example.com`);
    await insertSubscribers(
      db,
      emails.map((email) => ({ email, status: "confirmed" as const })),
    );
    const owner = { id: await insertUser(db, { name: "The Teacher" }), isOwner: true };
    const created = await createIssue(db, {
      actor: owner,
      input: { subject: "Band 7 in a month", body: "Four weeks, **one** plan." },
    });
    if (!created.ok) throw new Error("the issue was not created");
    await startSending(db, { actor: owner, issueId: created.issueId });
    receiver.state.received = [];
    return { db, databaseUrl, issueId: created.issueId, emails };
  }

  /** Starts the site as `npm start` does, mailing through the local SMTP server. */
  async function startSite(databaseUrl: string): Promise<ChildProcess> {
    const port = await freePort();
    const server = spawn(process.execPath, ["server/index.ts"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        // Stopped on purpose mid-newsletter: no visitors to keep serving first.
        SHUTDOWN_GRACE_MS: "0",
        BASE_URL: `http://localhost:${port}`,
        DATABASE_URL: databaseUrl,
        DATA_DIR: directory,
        SMTP_URL: receiver.url,
      },
    });
    let errors = "";
    server.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("is serving")) resolve();
      });
      server.once("exit", (code) => reject(new Error(`The server exited (${code}): ${errors}`)));
    });
    return server;
  }

  const exited = (server: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) resolve(server.exitCode);
      else server.once("exit", (code) => resolve(code));
    });

  const issueStatus = async (db: DB, issueId: string) =>
    (
      await db
        .selectFrom("newsletter_issues")
        .select("status")
        .where("id", "=", issueId)
        .executeTakeFirstOrThrow()
    ).status;

  it("stopped halfway (SIGTERM, as a deploy or `docker stop` does), resumes on restart: exactly one copy each", async () => {
    const { db, databaseUrl, issueId, emails } = await prepare();
    try {
      const first = await startSite(databaseUrl);
      onMessageNumber(receiver, STOP_AFTER, () => first.kill("SIGTERM"));
      expect(await exited(first)).toBe(0);
      receiver.state.onMessage = () => {};
      const beforeRestart = receiver.state.received.length;
      expect(beforeRestart).toBeGreaterThanOrEqual(STOP_AFTER);
      expect(beforeRestart).toBeLessThan(SUBSCRIBERS);
      expect(await issueStatus(db, issueId)).toBe("sending");

      const second = await startSite(databaseUrl);
      try {
        await vi.waitFor(async () => expect(await issueStatus(db, issueId)).toBe("sent"), {
          timeout: 60_000,
          interval: 200,
        });
      } finally {
        second.kill("SIGTERM");
        await exited(second);
      }
      expect(receiver.state.received.length).toBeGreaterThan(beforeRestart);
      const copies = copiesOf(receiver);
      expect(emails.filter((email) => copies.get(email) !== 1)).toEqual([]);
      expect(copies.size).toBe(SUBSCRIBERS);
      // Each copy as the mail server got it: the reader's own one-click unsubscribe, in the
      // headers (RFC 8058) and the text, and an HTML part beside the plain one.
      const { token } = await db
        .selectFrom("newsletter_subscribers")
        .select("token")
        .where("email", "=", "reader7@example.com")
        .executeTakeFirstOrThrow();
      const copy = unfoldHeaders(
        receiver.state.received.find(({ to }) => to.includes("reader7@example.com"))?.data ?? "",
      );
      expect(copy).toContain("Subject: Band 7 in a month");
      expect(copy).toMatch(
        new RegExp(
          `List-Unsubscribe: <http://localhost:\\d+/newsletter/unsubscribe\\?token=${token}>`,
        ),
      );
      expect(copy).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(copy).toContain("multipart/alternative");
      expect(copy.replace(/=\r?\n/g, "")).toContain(`/newsletter/unsubscribe?token=${token}`);
      const outcomes = await db
        .selectFrom("newsletter_deliveries")
        .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
        .groupBy("status")
        .execute();
      expect(outcomes).toEqual([{ status: "sent", count: SUBSCRIBERS }]);
    } finally {
      await db.destroy();
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);

  it("killed outright (SIGKILL) halfway, resumes on restart and mails nobody twice", async () => {
    const { db, databaseUrl, issueId, emails } = await prepare();
    try {
      const first = await startSite(databaseUrl);
      // Killed while a copy is being handed over: the receiver has it, the sender never hears so.
      onMessageNumber(receiver, STOP_AFTER, () => first.kill("SIGKILL"));
      await exited(first);
      receiver.state.onMessage = () => {};
      const second = await startSite(databaseUrl);
      try {
        // Everything goes out but the copy the killed process held: its claim has yet to run out.
        await vi.waitFor(
          async () => {
            const queued = await db
              .selectFrom("newsletter_deliveries")
              .select("id")
              .where("status", "=", "queued")
              .execute();
            expect(queued.length).toBeLessThanOrEqual(1);
            expect(
              await db.selectFrom("newsletter_deliveries").select("id").execute(),
            ).toHaveLength(SUBSCRIBERS);
          },
          { timeout: 60_000, interval: 200 },
        );
      } finally {
        second.kill("SIGTERM");
        await exited(second);
      }

      // Once the claim has run out, the worker records the held copy as in doubt, unsent.
      const resent: string[] = [];
      const worker = createMailOutbox({
        db,
        siteUrl: "http://localhost:3000",
        requestPasswordReset: async () => {},
        log: { warn: () => {}, error: () => {} },
        send: async (mail) => {
          resent.push(mail.to);
        },
      });
      await worker.deliverDue(new Date(Date.now() + CLAIM_LEASE_MS + 1000));
      expect(resent).toEqual([]);
      expect(await issueStatus(db, issueId)).toBe("sent");

      const inDoubt = await db
        .selectFrom("newsletter_deliveries as delivery")
        .innerJoin(
          "newsletter_subscribers as subscriber",
          "subscriber.id",
          "delivery.subscriber_id",
        )
        .select("subscriber.email")
        .where("delivery.status", "=", "failed")
        .execute();
      expect(inDoubt.length).toBeLessThanOrEqual(1);
      // Nobody twice; everyone once, but for a copy in doubt (which did arrive here).
      const copies = copiesOf(receiver);
      expect(emails.filter((email) => (copies.get(email) ?? 0) > 1)).toEqual([]);
      expect(emails.filter((email) => copies.get(email) !== 1)).toEqual([]);
    } finally {
      await db.destroy();
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);
});
