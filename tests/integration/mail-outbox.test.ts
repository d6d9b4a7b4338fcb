import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  CLAIM_LEASE_MS,
  claimDueItem,
  MAX_MAIL_ATTEMPTS,
  queueMail,
} from "../../core/mail/mail-outbox.server.ts";
import { deleteExpiredRows } from "../../core/site/housekeeping.server.ts";
import { loadConfig } from "../../server/config.ts";
import { createMailer, type Mail } from "../../server/mail.ts";
import { createMailOutbox } from "../../server/mail-outbox.ts";
import { ORIGIN, postForm, postJson, signUp } from "../support/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { startSmtpReceiver } from "../support/smtp-receiver.ts";
import { createTestApp } from "../support/test-app.ts";

const RESET_SENT = "Password Reset Successfully, Please Check your email";
const API_ANSWER = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};
const DAY_MS = 24 * 60 * 60 * 1000;
const later = (ms: number) => new Date(Date.now() + ms);

describe.each(engines)("the mail outbox on %s", (engine) => {
  let database: TestDatabase;
  const directory = mkdtempSync(join(tmpdir(), "ielts-hub-outbox-"));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  /** Rows of every table, and the rate-limit hits counted (one per attempt, new row or not). */
  async function snapshot(): Promise<Record<string, number>> {
    const tables = (await database.db.introspection.getTables())
      .map((table) => table.name)
      .filter((name) => !name.startsWith("kysely_"));
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const { count } = await database.db
        .selectFrom(table as "users")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      counts[table] = Number(count);
    }
    const { hits } = await database.db
      .selectFrom("rate_limits")
      .select((eb) => eb.fn.sum<number | string>("hits").as("hits"))
      .executeTakeFirstOrThrow();
    counts["rate_limits.hits"] = Number(hits ?? 0);
    delete counts.rate_limits;
    return counts;
  }

  function changes(before: Record<string, number>, after: Record<string, number>) {
    return Object.fromEntries(
      Object.keys(after)
        .filter((key) => after[key] !== before[key])
        .map((key) => [key, (after[key] ?? 0) - (before[key] ?? 0)]),
    );
  }

  it("both reset-request paths do the same work for any address, and send nothing before answering", async () => {
    await database.db.deleteFrom("mail_outbox").execute();
    const outbox: Mail[] = [];
    const app = await createTestApp(database, { TRUST_PROXY: "true" }, outbox);
    const { email: known } = await signUp(app, { name: "Known" });
    // Its link to confirm the address is not what this test is about.
    await database.db.deleteFrom("mail_outbox").execute();
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const requests = [
      ["form", known, () => postForm(app, "/login", { intent: "forgot", email: known })],
      ["form", unknown, () => postForm(app, "/login", { intent: "forgot", email: unknown })],
      [
        "api",
        known,
        () =>
          postJson(app, "/api/auth/request-password-reset", {
            email: known,
            redirectTo: "/..//evil.example",
          }),
      ],
      ["api", unknown, () => postJson(app, "/api/auth/request-password-reset", { email: unknown })],
    ] as const;

    for (const [path, email, send] of requests) {
      const before = await snapshot();
      const response = await send();
      expect(response.status).toBe(200);
      if (path === "form") expect(await response.text()).toContain(RESET_SENT);
      else expect(await response.json()).toEqual(API_ANSWER);
      // One outbox row and one counted attempt; no token, no session, no mail yet.
      expect(changes(before, await snapshot()), `${path} ${email}`).toEqual({
        mail_outbox: 1,
        "rate_limits.hits": 1,
      });
      const row = await database.db
        .selectFrom("mail_outbox")
        .select(["kind", "recipient"])
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ kind: "password-reset", recipient: email });
    }
    expect(outbox).toEqual([]);
    expect(
      app.securityEvents
        .filter((event) => event.event === "password-reset-request")
        .map(({ outcome, email, route }) => ({ outcome, email, route })),
    ).toEqual([
      { outcome: "success", email: known, route: "POST /login" },
      { outcome: "success", email: unknown, route: "POST /login" },
      { outcome: "success", email: known, route: "POST /api/auth/request-password-reset" },
      { outcome: "success", email: unknown, route: "POST /api/auth/request-password-reset" },
    ]);

    const before = await snapshot();
    await app.deliverMail();
    // Only the existing account got links (a token each); the outbox is empty again.
    expect(outbox.map((mail) => mail.to)).toEqual([known, known]);
    expect(changes(before, await snapshot())).toEqual({ mail_outbox: -4, verifications: 2 });
    for (const mail of outbox) {
      expect(mail.text).toContain(`${ORIGIN}/api/auth/reset-password/`);
      expect(mail.text).toMatch(/callbackURL=%2Freset-password\s/);
    }
    await app.deliverMail();
    expect(outbox).toHaveLength(2);
  });

  it("counts the per-address limit on both paths and answers 429 with Retry-After", async () => {
    const app = await createTestApp(database, { TRUST_PROXY: "true" });
    const address = { "x-forwarded-for": "192.0.2.77" };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const email = `limit-${attempt}@example.com`;
      statuses.push((await postForm(app, "/login", { intent: "forgot", email }, address)).status);
      statuses.push(
        (await postJson(app, "/api/auth/request-password-reset", { email }, address)).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await postJson(
      app,
      "/api/auth/request-password-reset",
      { email: "x@example.com" },
      address,
    );
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toHaveProperty("message");
    const form = await postForm(
      app,
      "/login",
      { intent: "forgot", email: "x@example.com" },
      address,
    );
    expect(form.status).toBe(429);
    expect(form.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(app.securityEvents.filter((event) => event.event === "rate-limited")).toHaveLength(3);
    // Bad bodies get a 4xx with a message and write nothing.
    const before = await database.db.selectFrom("mail_outbox").select("id").execute();
    const bad = await postJson(app, "/api/auth/request-password-reset", { email: ["a"] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("message");
    const notJson = await app.request(`${ORIGIN}/api/auth/request-password-reset`, {
      method: "POST",
      body: "email=a@example.com",
      headers: { "content-type": "text/plain", origin: ORIGIN },
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toHaveProperty("message");
    const huge = await postJson(app, "/api/auth/request-password-reset", {
      email: `${"a".repeat(5000)}@example.com`,
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toHaveProperty("message");
    expect(await database.db.selectFrom("mail_outbox").select("id").execute()).toEqual(before);
    await database.db.deleteFrom("mail_outbox").execute();
  });

  it("loses no mail while the SMTP server refuses, retries with backoff, and sends it once", async () => {
    await database.db.deleteFrom("mail_outbox").execute();
    // Refuses every message until told to accept.
    const smtp = await startSmtpReceiver({ accepting: false });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sendMail = createMailer(loadConfig({ SMTP_URL: smtp.url, DATA_DIR: directory }));
    try {
      const app = await createTestApp(database, {}, [], { sendMail });
      const { email } = await signUp(app);
      await database.db.deleteFrom("mail_outbox").execute();
      const response = await postJson(app, "/api/auth/request-password-reset", { email });
      expect(response.status).toBe(200);
      // The answer came without any contact with the mail server.
      expect(smtp.state.connections).toBe(0);

      await app.deliverMail();
      expect(smtp.state.attempts).toBe(1);
      expect(smtp.state.received).toEqual([]);
      const waiting = await database.db
        .selectFrom("mail_outbox")
        .select(["kind", "attempts", "failed_at"])
        .execute();
      expect(waiting).toEqual([{ kind: "mail", attempts: 1, failed_at: null }]);
      expect(warn).toHaveBeenCalledTimes(1);
      const warning = String(warn.mock.calls[0]?.[0]);
      expect(warning).toContain("attempt 1 of");
      expect(warning).not.toContain("reset-password");

      // Not due again yet; then due, and refused again.
      await app.deliverMail();
      expect(smtp.state.attempts).toBe(1);
      await app.deliverMail(later(20_000));
      expect(smtp.state.attempts).toBe(2);
      expect(smtp.state.received).toEqual([]);

      smtp.state.accepting = true;
      await app.deliverMail(later(60 * 60 * 1000));
      expect(smtp.state.received).toHaveLength(1);
      expect(smtp.state.received[0]?.data).toContain(`To: ${email}`);
      expect(smtp.state.received[0]?.data.replace(/=\r?\n/g, "")).toContain(
        "/api/auth/reset-password/",
      );
      expect(await database.db.selectFrom("mail_outbox").selectAll().execute()).toEqual([]);

      await app.deliverMail(later(2 * 60 * 60 * 1000));
      expect(smtp.state.received).toHaveLength(1);
    } finally {
      warn.mockRestore();
      sendMail.close();
      await smtp.close();
    }
  });

  it(`gives up after ${MAX_MAIL_ATTEMPTS} attempts and logs it without the message`, async () => {
    await database.db.deleteFrom("mail_outbox").execute();
    const log = { warn: vi.fn(), error: vi.fn() };
    const send = vi.fn(async () => {
      throw new Error("connection refused");
    });
    const worker = createMailOutbox({
      db: database.db,
      send,
      requestPasswordReset: async () => {},
      siteUrl: ORIGIN,
      log,
    });
    await queueMail(database.db, {
      to: "someone@example.com",
      subject: "Secret subject",
      text: "https://example.com/reset-password/SECRET-TOKEN",
    });
    for (let hour = 1; hour <= MAX_MAIL_ATTEMPTS + 2; hour++) {
      await worker.deliverDue(later(hour * 60 * 60 * 1000));
    }
    expect(send).toHaveBeenCalledTimes(MAX_MAIL_ATTEMPTS);
    expect(log.warn).toHaveBeenCalledTimes(MAX_MAIL_ATTEMPTS - 1);
    expect(log.error).toHaveBeenCalledTimes(1);
    const logged = JSON.stringify([log.warn.mock.calls, log.error.mock.calls]);
    expect(logged).toContain(`after ${MAX_MAIL_ATTEMPTS} attempts`);
    expect(logged).not.toContain("SECRET-TOKEN");
    expect(logged).not.toContain("Secret subject");
    const row = await database.db
      .selectFrom("mail_outbox")
      .select(["attempts", "failed_at"])
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(MAX_MAIL_ATTEMPTS);
    expect(row.failed_at).not.toBeNull();
    // Kept a week for the operator, then cleared by the hourly housekeeping.
    const failedAt = new Date(row.failed_at ?? "").getTime();
    await deleteExpiredRows(database.db, new Date(failedAt + 6 * DAY_MS));
    expect(await database.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(1);
    await deleteExpiredRows(database.db, new Date(failedAt + 8 * DAY_MS));
    expect(await database.db.selectFrom("mail_outbox").select("id").execute()).toEqual([]);
  });

  it("retries a refused mail after 15 s, 30 s, 1 min … 16 min, each counted from the failed try, then gives up", async () => {
    await database.db.deleteFrom("mail_outbox").execute();
    const smtp = await startSmtpReceiver({ accepting: false });
    const log = { warn: vi.fn(), error: vi.fn() };
    const send = createMailer(loadConfig({ SMTP_URL: smtp.url, DATA_DIR: directory }));
    const worker = createMailOutbox({
      db: database.db,
      send,
      requestPasswordReset: async () => {},
      siteUrl: ORIGIN,
      log,
    });
    const row = () =>
      database.db
        .selectFrom("mail_outbox")
        .select(["attempts", "next_attempt_at", "failed_at", "claimed_until"])
        .executeTakeFirstOrThrow();
    const iso = (value: unknown) => new Date(value as string).toISOString();
    try {
      const queuedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
      await queueMail(
        database.db,
        { to: "patient@example.com", subject: "Your enrolment", text: "Welcome." },
        queuedAt,
      );
      // The backoff as written: 15 s doubled after each failed try.
      const delays = [15, 30, 60, 120, 240, 480, 960].map((seconds) => seconds * 1000);
      let due = queuedAt;
      for (const [index, delay] of delays.entries()) {
        // A millisecond early the mail server is not asked.
        await worker.deliverDue(new Date(due.getTime() - 1));
        expect(smtp.state.attempts, `before try ${index + 1}`).toBe(index);
        // Tried a little after it became due (the worker wakes a moment late): the next try is
        // counted from this one.
        const triedAt = new Date(due.getTime() + 250);
        await worker.deliverDue(triedAt);
        expect(smtp.state.attempts, `try ${index + 1}`).toBe(index + 1);
        const after = await row();
        expect(after.attempts).toBe(index + 1);
        expect(after.failed_at).toBeNull();
        expect(after.claimed_until).toBeNull();
        expect(iso(after.next_attempt_at), `next try after ${index + 1}`).toBe(
          new Date(triedAt.getTime() + delay).toISOString(),
        );
        due = new Date(after.next_attempt_at as string);
      }
      expect(
        log.warn.mock.calls.map((call) => /next try in (\d+) s/.exec(String(call[0]))?.[1]),
      ).toEqual(delays.map((delay) => String(delay / 1000)));
      // The eighth try is the last: given up when it fails, never tried again.
      const lastTry = new Date(due.getTime() + 250);
      await worker.deliverDue(lastTry);
      expect(smtp.state.attempts).toBe(MAX_MAIL_ATTEMPTS);
      const given = await row();
      expect(given.attempts).toBe(MAX_MAIL_ATTEMPTS);
      expect(iso(given.failed_at)).toBe(lastTry.toISOString());
      await worker.deliverDue(new Date(lastTry.getTime() + DAY_MS));
      expect(smtp.state.attempts).toBe(MAX_MAIL_ATTEMPTS);
      expect(smtp.state.received).toEqual([]);
    } finally {
      send.close();
      await smtp.close();
      await database.db.deleteFrom("mail_outbox").execute();
    }
  });

  it("lets one worker hold a row until its claim runs out", async () => {
    await queueMail(database.db, { to: "a@example.com", subject: "s", text: "t" });
    const now = new Date();
    const first = await claimDueItem(database.db, now);
    expect(first?.kind).toBe("mail");
    expect(await claimDueItem(database.db, now)).toBeUndefined();
    const retaken = await claimDueItem(database.db, new Date(now.getTime() + CLAIM_LEASE_MS + 1));
    expect(retaken?.id).toBe(first?.id);
    expect(retaken?.attempts).toBe(2);
    await database.db.deleteFrom("mail_outbox").execute();
  });

  it("once started, sends a queued mail within a second, and stops", async () => {
    const sent: Mail[] = [];
    const worker = createMailOutbox({
      db: database.db,
      send: async (mail) => {
        sent.push(mail);
      },
      requestPasswordReset: async () => {},
      siteUrl: ORIGIN,
    });
    worker.start();
    try {
      await worker.queue({ to: "quick@example.com", subject: "s", text: "t" });
      await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 1000, interval: 10 });
    } finally {
      await worker.stop();
    }
    await worker.queue({ to: "later@example.com", subject: "s", text: "t" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
    await database.db.deleteFrom("mail_outbox").execute();
  });
});
