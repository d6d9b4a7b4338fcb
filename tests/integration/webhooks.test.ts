import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { grantOwner } from "../../core/accounts/owners.server.ts";
import { deleteExpiredRows } from "../../core/site/housekeeping.server.ts";
import { setTimeZone } from "../../core/site/site-settings.server.ts";
import {
  type ResolvedAddress,
  resolveWithSystem,
} from "../../core/webhooks/webhook-addresses.server.ts";
import { WEBHOOK_EVENT_TYPES } from "../../core/webhooks/webhook-event-types.ts";
import { webhookEventSchema } from "../../core/webhooks/webhook-events.ts";
import { sealWebhookSecret, webhookSecretKey } from "../../core/webhooks/webhook-secrets.server.ts";
import { queueWebhookEvent } from "../../core/webhooks/webhooks.server.ts";
import { MAX_ANSWER_BYTES, sendWebhook } from "../../server/webhook-sender.ts";
import { ORIGIN, signUp, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertService, insertWritingTask } from "../support/fixtures.ts";
import { signUpOwner } from "../support/owners.ts";
import { secondServerOn } from "../support/second-server.ts";
import { createTestApp, type TestApp, testSiteOn } from "../support/test-app.ts";
import {
  startWebhookReceiver,
  verifyWebhook,
  type WebhookReceiver,
  WebhookVerificationError,
} from "../support/webhook-receiver.ts";

type Person = Awaited<ReturnType<typeof signUpWithToken>>;

/** The AUTH_SECRET every test app runs with (tests/support/test-app.ts). */
const TEST_AUTH_SECRET = "test-secret-".padEnd(40, "x");
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Host names the tests make up, each with the addresses it has for now; any other name goes to
 * the system's resolver (`localhost` among them).
 */
const madeUpNames = new Map<string, string[]>();
async function resolve(hostname: string): Promise<ResolvedAddress[]> {
  const addresses = madeUpNames.get(hostname);
  if (!addresses) return resolveWithSystem(hostname);
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
}

/** Waits until `check` holds, or fails after `timeoutMs`. */
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 5000) {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error("Timed out waiting");
    await delay(20);
  }
}

describe("the tests' own signature check", () => {
  it("accepts the specification's test vector among other signatures, and nothing else", () => {
    const headers = {
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature":
        "v1,bm9wZQ== v2,g0hM9SsE v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    };
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(verifyWebhook(secret, headers, body, 1614265330)).toEqual({ test: 2432232314 });
    expect(() => verifyWebhook(secret, headers, body.replace("4}", "5}"), 1614265330)).toThrow(
      "No matching signature",
    );
    expect(() => verifyWebhook(secret, { ...headers, "webhook-id": "" }, body, 1614265330)).toThrow(
      "Missing headers",
    );
  });
});

describe.each(engines)("webhooks on %s", (engine) => {
  // Retries come after a tenth of a second here, not 5 s, 30 s, …: a day's schedule in a moment.
  const site = testSiteOn(
    engine,
    { TRUST_PROXY: "true", WEBHOOKS_ALLOW_PRIVATE: "true" },
    { webhooks: { retryDelaysMs: [100, 100, 100, 100], resolve } },
  );
  /** The same site without WEBHOOKS_ALLOW_PRIVATE, as a deployment runs (same database). */
  let strict: TestApp;
  let owner: Person;
  let student: Person;
  const receivers: WebhookReceiver[] = [];
  let address = 0;
  const from = () => ({
    "x-forwarded-for": `10.47.${Math.floor(++address / 250)}.${address % 250}`,
  });
  const db = () => site.database.db;

  beforeAll(async () => {
    owner = await signUpOwner(site.app, db());
    student = await signUpWithToken(site.app, db(), { name: "Webhook Student" });
    strict = await createTestApp(site.database, { TRUST_PROXY: "true" }, [], {
      webhooks: { resolve },
    });
  });

  afterEach(async () => {
    await site.app.webhookWorker.stop();
    await Promise.all(receivers.splice(0).map((receiver) => receiver.close()));
    await db().deleteFrom("webhook_endpoints").execute();
    madeUpNames.clear();
  });

  async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
    const started = await startWebhookReceiver(...args);
    receivers.push(started);
    return started;
  }

  const page = (path: string, who?: { cookie: string }, app = site.app) =>
    app.request(`${ORIGIN}${path}`, {
      headers: { ...from(), ...(who ? { cookie: who.cookie } : {}) },
      redirect: "manual",
    });

  /** A form as the browser sends it: a field may come more than once (the event boxes). */
  const post = (
    path: string,
    fields: [string, string][],
    who?: { cookie: string },
    app = site.app,
  ) =>
    app.request(`${ORIGIN}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: ORIGIN,
        ...from(),
        ...(who ? { cookie: who.cookie } : {}),
      },
      redirect: "manual",
    });

  const api = (method: string, path: string, who: Person, body?: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${who.token}`,
        ...from(),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  /** Adds an endpoint as the owner does on /admin/webhooks. */
  async function addEndpoint(url: string, events: string[] = ["review.created"], app = site.app) {
    const response = await post(
      "/admin/webhooks",
      [
        ["intent", "add-endpoint"],
        ["url", url],
        ...events.map((type): [string, string] => ["events", type]),
      ],
      owner,
      app,
    );
    const html = await response.text();
    const secret = /whsec_[A-Za-z0-9+/]+=*/.exec(html)?.[0] ?? "";
    const row = await db()
      .selectFrom("webhook_endpoints")
      .select("id")
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    return { response, html, secret, id: row?.id ?? "" };
  }

  /** An endpoint written straight into the table, as no form would take it. */
  async function insertEndpoint(url: string, events: string[] = ["review.created"]) {
    const id = crypto.randomUUID();
    await db()
      .insertInto("webhook_endpoints")
      .values({
        id,
        url,
        events: JSON.stringify(events),
        secret: sealWebhookSecret(
          webhookSecretKey(TEST_AUTH_SECRET),
          "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0",
        ),
        state: "on",
        state_changed_at: null,
        failing_since: null,
        created_by: owner.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  }

  const deliveriesOf = (endpointId: string) =>
    db()
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .orderBy("created_at")
      .execute();

  let courses = 0;
  const newCourse = () => insertService(db(), { name: `Webhook course ${++courses}` });

  it("shows a new endpoint's secret once, keeps it sealed, and signs a review posted through the API, received within a second", async () => {
    const hook = await receiver();
    const added = await addEndpoint(hook.url());
    expect(added.response.status).toBe(200);
    expect(added.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(added.secret.slice(6), "base64")).toHaveLength(32);
    // Never again: not on the page, not readable in the table.
    const later = await (await page("/admin/webhooks", owner)).text();
    expect(later).toContain(hook.url());
    expect(later).not.toContain(added.secret);
    const [stored] = await db().selectFrom("webhook_endpoints").select("secret").execute();
    expect(stored?.secret).not.toContain(added.secret.slice(6));
    expect(stored?.secret).not.toContain(
      Buffer.from(added.secret.slice(6), "base64").toString("hex"),
    );

    site.app.webhookWorker.start();
    const serviceId = await newCourse();
    const sentAt = performance.now();
    const response = await api("POST", "/api/reviews", student, {
      serviceId,
      userMessage: "Signed and delivered.",
      rating: 5,
    });
    expect(response.status).toBe(201);
    const { insertedId } = (await response.json()) as { insertedId: string };
    const [received] = await hook.waitFor(1, 1000);
    expect((received?.at ?? Infinity) - sentAt).toBeLessThan(1000);
    if (!received) throw new Error("nothing received");
    expect(received.headers["content-type"]).toBe("application/json");
    expect(received.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const event = webhookEventSchema.parse(
      verifyWebhook(added.secret, received.headers, received.body),
    );
    expect(event).toMatchObject({
      type: "review.created",
      data: {
        id: insertedId,
        serviceId,
        serviceName: `Webhook course ${courses}`,
        authorName: "Webhook Student",
        rating: 5,
        message: "Signed and delivered.",
      },
    });
    expect(received.body).not.toContain(student.email);
    expect(received.body).not.toContain(student.id);
    // Anything else fails the check: another secret, a changed body, an old or future timestamp.
    expect(() => verifyWebhook("whsec_b3RoZXI=", received.headers, received.body)).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      verifyWebhook(added.secret, received.headers, received.body.replace("Signed", "Forged")),
    ).toThrow("No matching signature");
    const sent = Number(received.headers["webhook-timestamp"]);
    expect(() => verifyWebhook(added.secret, received.headers, received.body, sent + 301)).toThrow(
      "too old",
    );
    expect(() => verifyWebhook(added.secret, received.headers, received.body, sent - 301)).toThrow(
      "too new",
    );
    // Several signatures, space-separated (a secret being rotated): any one of them may match.
    const signature = String(received.headers["webhook-signature"]);
    expect(
      verifyWebhook(
        added.secret,
        {
          ...received.headers,
          "webhook-signature": `v1,bm9wZQ== v2,${signature.slice(3)} ${signature}`,
        },
        received.body,
      ),
    ).toEqual(JSON.parse(received.body));

    await until(async () => (await deliveriesOf(added.id))[0]?.status === "delivered");
    const [delivery] = await deliveriesOf(added.id);
    expect(delivery).toMatchObject({
      id: received.headers["webhook-id"],
      attempts: 1,
      last_status_code: 200,
    });
  });

  it("signs a review posted through the page's form too, received within a second", async () => {
    const hook = await receiver();
    const added = await addEndpoint(hook.url());
    site.app.webhookWorker.start();
    const serviceId = await newCourse();
    const sentAt = performance.now();
    const response = await post(
      `/services/${serviceId}`,
      [
        ["rating", "4"],
        ["message", "Posted from the page."],
      ],
      student,
    );
    expect(response.status).toBe(302);
    const [received] = await hook.waitFor(1, 1000);
    if (!received) throw new Error("nothing received");
    expect(received.at - sentAt).toBeLessThan(1000);
    expect(
      webhookEventSchema.parse(verifyWebhook(added.secret, received.headers, received.body)),
    ).toMatchObject({
      type: "review.created",
      data: { serviceId, rating: 4, message: "Posted from the page." },
    });
  });

  it("answers the review at once while a slow receiver takes 2 s: the delivery happens after the answer", async () => {
    const hook = await receiver(() => ({ status: 204, delayMs: 2000 }));
    const added = await addEndpoint(hook.url());
    site.app.webhookWorker.start();
    const started = performance.now();
    const response = await api("POST", "/api/reviews", student, {
      serviceId: await newCourse(),
      userMessage: "Do not keep me waiting.",
      rating: 3,
    });
    const answeredIn = performance.now() - started;
    expect(response.status).toBe(201);
    expect(answeredIn).toBeLessThan(1000);
    // The receiver has it, and is still thinking: the review was answered long before.
    await hook.waitFor(1, 1000);
    expect((await deliveriesOf(added.id))[0]?.status).toBe("pending");
    await until(async () => (await deliveriesOf(added.id))[0]?.status === "delivered", 5000);
    expect((await deliveriesOf(added.id))[0]?.last_status_code).toBe(204);
  });

  it("tries again after failures under the same webhook-id: 500, 500, then one accepted delivery", async () => {
    const hook = await receiver((_request, count) => ({ status: count <= 2 ? 500 : 200 }));
    const added = await addEndpoint(hook.url());
    site.app.webhookWorker.start();
    const response = await api("POST", "/api/reviews", student, {
      serviceId: await newCourse(),
      userMessage: "Third time lucky.",
      rating: 4,
    });
    expect(response.status).toBe(201);
    const attempts = await hook.waitFor(3, 5000);
    await until(async () => (await deliveriesOf(added.id))[0]?.status === "delivered");
    // Nothing more comes once it is accepted.
    await delay(400);
    expect(hook.state.received).toHaveLength(3);
    const ids = new Set(attempts.map((attempt) => attempt.headers["webhook-id"]));
    expect(ids.size).toBe(1);
    for (const attempt of attempts) {
      expect(verifyWebhook(added.secret, attempt.headers, attempt.body)).toMatchObject({
        type: "review.created",
      });
      expect(attempt.body).toBe(attempts[0]?.body);
    }
    const deliveries = await deliveriesOf(added.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      id: [...ids][0],
      status: "delivered",
      attempts: 3,
      last_status_code: 200,
      last_error: null,
    });
  });

  it("does not follow a redirect: a 3xx is a failed attempt, tried again later", async () => {
    const hook = await receiver((request) =>
      request.path === "/hooks"
        ? { status: 302, headers: { location: `/elsewhere` } }
        : { status: 200 },
    );
    const added = await addEndpoint(hook.url());
    await queueWebhookEvent(db(), "review.created", () => reviewData());
    await site.app.deliverWebhooks();
    expect(hook.state.received.map((request) => request.path)).toEqual(["/hooks"]);
    const [delivery] = await deliveriesOf(added.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, last_status_code: 302 });
    expect(delivery?.last_error).toMatch(/redirect, which is not followed/);
  });

  it("reads no more than 64 KB of an answer, and gives up on one that never comes after the timeout", async () => {
    const talker = await receiver(() => ({ endless: true }));
    const added = await addEndpoint(talker.url());
    await queueWebhookEvent(db(), "review.created", () => reviewData());
    const started = performance.now();
    await site.app.deliverWebhooks();
    expect(performance.now() - started).toBeLessThan(5000);
    expect((await deliveriesOf(added.id))[0]).toMatchObject({
      status: "delivered",
      last_status_code: 200,
    });
    // The receiver was cut off while it still had more to say.
    await until(() => talker.state.endlessClosed === 1);

    const addresses = [{ address: "127.0.0.1", family: 4 as const }];
    const answer = await sendWebhook({ url: talker.url(), addresses, headers: {}, body: "{}" });
    expect(answer).toEqual({ status: 200, bytesRead: MAX_ANSWER_BYTES });

    const silent = await receiver(() => ({ silent: true }));
    const waited = performance.now();
    await expect(
      sendWebhook({ url: silent.url(), addresses, headers: {}, body: "{}", timeoutMs: 300 }),
    ).rejects.toThrow("No answer within");
    expect(performance.now() - waited).toBeLessThan(2000);
  });

  it("refuses private, loopback and link-local addresses when the endpoint is added, beside the field", async () => {
    madeUpNames.set("internal.test", ["10.1.2.3"]);
    madeUpNames.set("mixed.test", ["93.184.216.34", "10.0.0.1"]);
    madeUpNames.set("public.test", ["93.184.216.34"]);
    madeUpNames.set("mapped.test", ["::ffff:192.168.0.7"]);
    const hook = await receiver();
    const refusedEverywhere: [string, RegExp][] = [
      ["http://10.0.0.5/", /a private network \(10\.0\.0\.5\)/],
      ["http://169.254.169.254/latest/meta-data/", /link-local address.*169\.254\.169\.254/],
      ["https://[fe80::1]/hooks", /link-local address.*fe80::1/],
      ["https://[fd12:3456::1]/hooks", /a private network/],
      ["http://[::ffff:10.0.0.5]/", /a private network \(::ffff:a00:5\)/],
      ["http://0.0.0.0/", /unspecified address/],
      ["https://[::]/", /unspecified address/],
      ["https://192.168.1.20/hooks", /a private network/],
      ["https://172.20.0.1/hooks", /a private network/],
      ["https://100.64.0.9/hooks", /a private network/],
      ["https://224.0.0.1/", /multicast/],
      ["https://internal.test/hooks", /a private network \(10\.1\.2\.3\)/],
      ["https://mixed.test/hooks", /a private network \(10\.0\.0\.1\)/],
      ["https://mapped.test/hooks", /a private network \(::ffff:192\.168\.0\.7\)/],
      ["http://public.test/hooks", /must start with https:\/\//],
      ["ftp://public.test/hooks", /must start with https:\/\//],
      ["https://someone:pass@public.test/hooks", /user name or password/],
      ["not an address", /whole address/],
      ["", /enter the endpoint's address/],
    ];
    const refusedWithoutTheFlag: [string, RegExp][] = [
      [`http://127.0.0.1:${hook.port}/hooks`, /this server itself.*127\.0\.0\.1/],
      [`http://[::1]:${hook.port}/hooks`, /this server itself.*::1/],
      [`http://localhost:${hook.port}/hooks`, /this server itself/],
      ["https://localhost/hooks", /this server itself/],
      // The URL parser reads this as 127.0.0.1.
      ["http://2130706433/", /this server itself.*127\.0\.0\.1/],
      ["https://[::ffff:127.0.0.1]/", /this server itself/],
    ];
    const cases: [TestApp, string, RegExp][] = [
      ...refusedEverywhere.flatMap(([url, message]): [TestApp, string, RegExp][] => [
        [site.app, url, message],
        [strict, url, message],
      ]),
      ...refusedWithoutTheFlag.map(([url, message]): [TestApp, string, RegExp] => [
        strict,
        url,
        message,
      ]),
    ];
    for (const [app, url, message] of cases) {
      const { response, html } = await addEndpoint(url, ["review.created"], app);
      expect(response.status, url).toBe(400);
      const error = /<p id="field-url-error"[^>]*>([^<]*)<\/p>/.exec(html)?.[1] ?? "";
      expect(error.replaceAll("&#x27;", "'"), url).toMatch(message);
      expect(html, url).toMatch(
        /aria-invalid="true"[^>]*aria-describedby="field-url-error"|aria-describedby="field-url-error"[^>]*aria-invalid="true"/,
      );
      expect(html).not.toContain("whsec_");
    }
    expect(await db().selectFrom("webhook_endpoints").select("id").execute()).toEqual([]);

    // No event ticked: said under the group.
    const none = await addEndpoint("https://public.test/hooks", [], strict);
    expect(none.response.status).toBe(400);
    expect(none.html).toContain("Please choose at least one event.");
    // What is allowed: a public address over https; with the flag, this machine's over http.
    expect(
      (await addEndpoint("https://public.test/hooks", ["review.created"], strict)).secret,
    ).not.toBe("");
    expect((await addEndpoint(hook.url(), ["review.created"])).secret).not.toBe("");
    expect((await addEndpoint(`http://localhost:${hook.port}/hooks`)).secret).not.toBe("");
    expect(await db().selectFrom("webhook_endpoints").select("id").execute()).toHaveLength(3);
  });

  it("checks the address again before every attempt, and connects only to the address it checked", async () => {
    const hook = await receiver();
    // Written straight into the table (no form takes them): refused when their time comes.
    const privateOne = await insertEndpoint("http://10.0.0.5/hooks");
    const metadata = await insertEndpoint("http://169.254.169.254/latest/meta-data/");
    const loopback = await insertEndpoint(`http://localhost:${hook.port}/hooks`);
    await queueWebhookEvent(db(), "review.created", () => reviewData());
    await strict.deliverWebhooks();
    const errorOf = async (id: string) => (await deliveriesOf(id))[0]?.last_error;
    expect(await errorOf(privateOne)).toMatch(/^Refused: .*a private network \(10\.0\.0\.5\)/);
    expect(await errorOf(metadata)).toMatch(/^Refused: .*link-local.*169\.254\.169\.254/);
    expect(await errorOf(loopback)).toMatch(/^Refused: .*this server itself/);
    expect(hook.state.connections).toBe(0);
    await db().deleteFrom("webhook_endpoints").execute();

    // A name that led to a public address when added, and to this machine when sent (DNS
    // rebinding): refused, and nothing connects.
    madeUpNames.set("rebind.test", ["93.184.216.34"]);
    const rebinding = await addEndpoint(
      `https://rebind.test:${hook.port}/hooks`,
      ["review.created"],
      strict,
    );
    expect(rebinding.secret).not.toBe("");
    madeUpNames.set("rebind.test", ["127.0.0.1"]);
    await queueWebhookEvent(db(), "review.created", () => reviewData());
    await strict.deliverWebhooks();
    expect(await errorOf(rebinding.id)).toMatch(/^Refused: .*this server itself.*\(127\.0\.0\.1\)/);
    expect(hook.state.connections).toBe(0);
    await db().deleteFrom("webhook_endpoints").execute();

    // The connection goes to the checked address, not to a second lookup: this name is known
    // only to the site's resolver, never to the system's.
    madeUpNames.set("pinned.test", ["127.0.0.1"]);
    const pinned = await addEndpoint(`http://pinned.test:${hook.port}/hooks`);
    await queueWebhookEvent(db(), "review.created", () => reviewData());
    await site.app.deliverWebhooks();
    expect((await deliveriesOf(pinned.id))[0]).toMatchObject({ status: "delivered" });
    expect(hook.state.received[0]?.headers.host).toBe(`pinned.test:${hook.port}`);
    expect(
      verifyWebhook(
        pinned.secret,
        hook.state.received[0]?.headers ?? {},
        hook.state.received[0]?.body ?? "",
      ),
    ).toBeTruthy();
  });

  it("turns an endpoint off after 3 days of nothing but failures, and mails the owners", async () => {
    const hook = await receiver(() => ({ status: 503 }));
    const added = await addEndpoint(hook.url("/hooks/private-token-123"), ["contact.received"]);
    const t0 = new Date(Date.now() + DAY_MS);
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const event = (now: Date) =>
      queueWebhookEvent(
        db(),
        "contact.received",
        () => ({
          id: crypto.randomUUID(),
          name: "Ann",
          email: "ann@example.com",
          message: "Hello",
          receivedAt: now.toISOString(),
        }),
        { now },
      );
    const state = async () =>
      db()
        .selectFrom("webhook_endpoints")
        .select(["state", "failing_since"])
        .where("id", "=", added.id)
        .executeTakeFirstOrThrow();

    await event(t0);
    await site.app.deliverWebhooks(t0);
    expect((await state()).state).toBe("on");
    expect(new Date((await state()).failing_since ?? 0).getTime()).toBe(t0.getTime());
    // A success in between starts the count again.
    hook.state.answer = () => ({ status: 200 });
    await event(at(DAY_MS));
    await site.app.deliverWebhooks(at(DAY_MS));
    expect((await state()).failing_since).toBeNull();
    hook.state.answer = () => ({ status: 503 });
    const failingFrom = at(DAY_MS + 60_000);
    await event(failingFrom);
    await site.app.deliverWebhooks(failingFrom);
    await event(at(3 * DAY_MS));
    await site.app.deliverWebhooks(at(3 * DAY_MS));
    expect((await state()).state).toBe("on");
    site.outbox.length = 0;
    // The mail names the time in the site's zone, as every time the site shows (decision 0055).
    await setTimeZone(db(), "Australia/Sydney");

    const threeDaysOn = new Date(failingFrom.getTime() + 3 * DAY_MS + 1000);
    await event(threeDaysOn);
    // One more, due a minute later, still waiting when the endpoint is turned off: never sent.
    await event(new Date(threeDaysOn.getTime() + 60_000));
    await site.app.deliverWebhooks(threeDaysOn);
    expect((await state()).state).toBe("failing");
    const deliveries = await deliveriesOf(added.id);
    expect(deliveries.filter((delivery) => delivery.status === "pending")).toEqual([]);
    expect(
      deliveries.some(
        (delivery) => delivery.last_error === "Not sent: the endpoint was turned off.",
      ),
    ).toBe(true);
    // Nothing new is written for it while it is off.
    expect(await event(threeDaysOn)).toBe(0);

    await site.app.deliverMail(new Date(threeDaysOn.getTime() + 1000));
    const mails = site.outbox.filter((mail) =>
      mail.subject.includes("webhook endpoint was turned off"),
    );
    expect(mails.map((mail) => mail.to)).toEqual([owner.email]);
    expect(mails[0]?.text).toContain(`http://127.0.0.1:${hook.port}`);
    expect(mails[0]?.text).toContain("/admin/webhooks");
    expect(mails[0]?.text).not.toContain("private-token-123");
    const inSydney = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Australia/Sydney",
      dateStyle: "long",
      timeStyle: "short",
      hourCycle: "h23",
    }).format(failingFrom);
    expect(mails[0]?.text).toContain(`has failed since ${inSydney} (Australia/Sydney), so`);
    await setTimeZone(db(), "UTC");
    const listed = await (await page("/admin/webhooks", owner)).text();
    expect(listed).toContain("the site turned it off");

    // The owner turns it on again: a clean slate.
    const on = await post(
      "/admin/webhooks",
      [
        ["intent", "endpoint-on"],
        ["endpointId", added.id],
      ],
      owner,
    );
    expect(on.status).toBe(302);
    expect(await state()).toEqual({ state: "on", failing_since: null });
  });

  it("sends a test event, turns an endpoint off and on, sends a failed delivery again, and deletes it", async () => {
    let failing = true;
    const hook = await receiver((request) => ({
      status: failing && request.body.includes('"review.created"') ? 500 : 200,
    }));
    const added = await addEndpoint(hook.url());
    const test = await post(
      "/admin/webhooks",
      [
        ["intent", "test-endpoint"],
        ["endpointId", added.id],
      ],
      owner,
    );
    expect(test.status).toBe(302);
    expect(test.headers.get("location")).toBe(`/admin/webhooks#endpoint-${added.id}`);
    await site.app.deliverWebhooks();
    const ping = webhookEventSchema.parse(
      verifyWebhook(
        added.secret,
        hook.state.received[0]?.headers ?? {},
        hook.state.received[0]?.body ?? "",
      ),
    );
    expect(ping).toMatchObject({ type: "ping", data: { endpointId: added.id } });
    const listed = await (await page("/admin/webhooks", owner)).text();
    expect(listed).toMatch(/ping<\/code>.*Delivered \(HTTP 200\)/s);

    // Off: events are not written for it; a test still reaches it.
    await post(
      "/admin/webhooks",
      [
        ["intent", "endpoint-off"],
        ["endpointId", added.id],
      ],
      owner,
    );
    const serviceId = await newCourse();
    expect(
      (await api("POST", "/api/reviews", student, { serviceId, userMessage: "Unheard." })).status,
    ).toBe(201);
    expect(await deliveriesOf(added.id)).toHaveLength(1);
    await post(
      "/admin/webhooks",
      [
        ["intent", "endpoint-on"],
        ["endpointId", added.id],
      ],
      owner,
    );

    // A delivery that failed for good, sent again under the same id.
    await queueWebhookEvent(db(), "review.created", () => reviewData());
    const created = (await deliveriesOf(added.id)).find(
      (delivery) => delivery.event_type === "review.created",
    );
    if (!created) throw new Error("no delivery");
    await db()
      .updateTable("webhook_deliveries")
      .set({ retry_until: new Date().toISOString() })
      .where("id", "=", created.id)
      .execute();
    await site.app.deliverWebhooks();
    expect((await deliveriesOf(added.id)).find((d) => d.id === created.id)).toMatchObject({
      status: "failed",
      last_status_code: 500,
    });
    expect(await (await page("/admin/webhooks", owner)).text()).toContain("Send again");
    failing = false;
    const again = await post(
      "/admin/webhooks",
      [
        ["intent", "resend-delivery"],
        ["deliveryId", created.id],
      ],
      owner,
    );
    expect(again.status).toBe(302);
    await site.app.deliverWebhooks();
    expect((await deliveriesOf(added.id)).find((d) => d.id === created.id)).toMatchObject({
      status: "delivered",
      attempts: 2,
    });
    const sentForIt = hook.state.received.filter(
      (request) => request.headers["webhook-id"] === created.id,
    );
    expect(sentForIt).toHaveLength(2);
    expect(sentForIt[1]?.body).toBe(sentForIt[0]?.body);
    // Only a failed one is sent again.
    expect(
      (
        await post(
          "/admin/webhooks",
          [
            ["intent", "resend-delivery"],
            ["deliveryId", created.id],
          ],
          owner,
        )
      ).status,
    ).toBe(404);

    const deleted = await post(
      "/admin/webhooks",
      [
        ["intent", "delete-endpoint"],
        ["endpointId", added.id],
      ],
      owner,
    );
    expect(deleted.status).toBe(302);
    expect(await db().selectFrom("webhook_endpoints").select("id").execute()).toEqual([]);
    expect(await deliveriesOf(added.id)).toEqual([]);
  });

  it("says so on the page and in each attempt when an endpoint's secret was sealed under another AUTH_SECRET", async () => {
    const hook = await receiver();
    const endpointId = crypto.randomUUID();
    await db()
      .insertInto("webhook_endpoints")
      .values({
        id: endpointId,
        url: hook.url(),
        events: JSON.stringify(["review.created"]),
        secret: sealWebhookSecret(
          webhookSecretKey("an-earlier-secret-of-forty-characters!!"),
          "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0",
        ),
        state: "on",
        created_by: owner.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await (await page("/admin/webhooks", owner)).text()).toContain(
      "Its secret can no longer be opened",
    );
    await queueWebhookEvent(db(), "review.created", () => reviewData());
    await site.app.deliverWebhooks();
    expect((await deliveriesOf(endpointId))[0]?.last_error).toMatch(
      /made under another AUTH_SECRET.*delete the endpoint and add it again/,
    );
    expect(hook.state.connections).toBe(0);
  });

  it("sends every event it names, each body of the shape core/webhooks/webhook-events.ts gives", async () => {
    const hook = await receiver();
    // /admin/webhooks offers every event, writing.marked (issue 39) among them.
    const form = await (await page("/admin/webhooks", owner)).text();
    for (const type of WEBHOOK_EVENT_TYPES) expect(form).toContain(`value="${type}"`);
    expect(form).toContain("The teacher returned (or corrected) the marking of a Writing answer");
    const added = await addEndpoint(hook.url(), [...WEBHOOK_EVENT_TYPES]);
    const writer = await signUpWithToken(site.app, db(), { name: "Busy Student" });
    const serviceId = await newCourse();
    const review = (await (
      await api("POST", "/api/reviews", writer, { serviceId, userMessage: "First words." })
    ).json()) as { insertedId: string };
    expect(
      (
        await api("PATCH", `/api/reviews/${review.insertedId}`, writer, {
          text: "Second words.",
          rating: 2,
        })
      ).status,
    ).toBe(200);
    expect((await api("DELETE", `/api/reviews/${review.insertedId}`, writer)).status).toBe(200);
    const enrolled = (await (
      await api("POST", "/api/enrollments", writer, { serviceId, message: "Please" })
    ).json()) as {
      insertedId: string;
    };
    expect((await api("DELETE", `/api/enrollments/${enrolled.insertedId}`, writer)).status).toBe(
      200,
    );
    expect(
      (
        await post("/contact", [
          ["name", "Curious Visitor"],
          ["email", "visitor@example.com"],
          ["message", "Do you teach on Sundays?"],
        ])
      ).status,
    ).toBe(302);
    await post("/newsletter", [["email", "reader@example.com"]]);
    const { token } = await db()
      .selectFrom("newsletter_subscribers")
      .select("token")
      .where("email", "=", "reader@example.com")
      .executeTakeFirstOrThrow();
    expect((await page(`/newsletter/confirm?token=${token}`)).status).toBe(200);
    // Followed again: nothing new happened.
    expect((await page(`/newsletter/confirm?token=${token}`)).status).toBe(200);
    const course = (await (
      await api("POST", "/api/services", writer, {
        serviceName: "Webhook-made course",
        price: 12.5,
        description: "Made to be told of.",
      })
    ).json()) as { insertedId: string };

    const taskId = await insertWritingTask(db(), { title: "Told of, not read" });
    await site.app.prepareWritingMeasures();
    const essay = "Cities should keep cars out of their centres, because buses are faster.";
    const answer = (await (
      await api("POST", "/api/writing/submissions", writer, {
        taskId,
        text: essay,
        timed: true,
        secondsTaken: 600,
      })
    ).json()) as { submission: { _id: string; submittedAt: string } };
    // The teacher marks it and returns it (issue 39): the writer's course includes marking.
    await db()
      .updateTable("services")
      .set({ writing_answers_marked: 1 })
      .where("id", "=", serviceId)
      .execute();
    await db()
      .insertInto("enrollments")
      .values({
        id: crypto.randomUUID(),
        service_id: serviceId,
        user_id: writer.id,
        start_date: null,
        message: null,
        status: "confirmed",
        owner_note: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const marking = `/api/writing/submissions/${answer.submission._id}`;
    expect((await api("POST", `${marking}/marking-request`, writer)).status).toBe(201);
    expect(
      (
        await api("POST", `${marking}/comments`, owner, {
          criterion: "lexicalResource",
          text: "Which buses?",
          quote: "buses are faster",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api("PUT", `${marking}/marks`, owner, {
          bands: { task: 5, coherenceCohesion: 6, lexicalResource: 6, grammaticalRangeAccuracy: 6 },
          summary: "Too short, but clear.",
        })
      ).status,
    ).toBe(200);
    const returned = (await (await api("POST", `${marking}/return`, owner)).json()) as {
      marking: { returnedAt: string };
    };

    await site.app.deliverWebhooks();
    const events = hook.state.received.map((request) =>
      webhookEventSchema.parse(verifyWebhook(added.secret, request.headers, request.body)),
    );
    expect(events.map((event) => event.type).sort()).toEqual([
      "contact.received",
      "enrollment.cancelled",
      "enrollment.requested",
      "review.created",
      "review.deleted",
      "review.updated",
      "service.created",
      "subscriber.confirmed",
      "writing.marked",
      "writing.submitted",
    ]);
    const of = <T extends string>(type: T) => events.find((event) => event.type === type)?.data;
    expect(of("review.updated")).toMatchObject({
      id: review.insertedId,
      message: "Second words.",
      rating: 2,
    });
    expect(of("review.deleted")).toEqual({
      id: review.insertedId,
      serviceId,
      serviceName: `Webhook course ${courses}`,
    });
    expect(of("enrollment.requested")).toMatchObject({
      id: enrolled.insertedId,
      serviceId,
      student: { name: "Busy Student", email: writer.email },
      message: "Please",
      startDate: null,
    });
    expect(of("enrollment.cancelled")).toMatchObject({
      id: enrolled.insertedId,
      student: { email: writer.email },
    });
    expect(of("contact.received")).toMatchObject({
      name: "Curious Visitor",
      email: "visitor@example.com",
      message: "Do you teach on Sundays?",
    });
    expect(of("subscriber.confirmed")).toMatchObject({ email: "reader@example.com" });
    expect(of("service.created")).toMatchObject({
      id: course.insertedId,
      name: "Webhook-made course",
      price: 12.5,
      status: "published",
      creatorName: "Busy Student",
    });
    // That an answer came, never its words nor who wrote it (decision 0059).
    expect(of("writing.submitted")).toEqual({
      id: answer.submission._id,
      taskId,
      words: 12,
      timed: true,
      submittedAt: answer.submission.submittedAt,
    });
    // The marking's bands, never its comments, summary, nor who wrote the answer (issue 39).
    expect(of("writing.marked")).toEqual({
      id: answer.submission._id,
      taskId,
      bands: { task: 5, coherenceCohesion: 6, lexicalResource: 6, grammaticalRangeAccuracy: 6 },
      // (5 + 6 + 6 + 6) / 4 = 5.75, a quarter point: up to 6 (decision 0061).
      taskBand: 6,
      comments: 1,
      returnedAt: returned.marking.returnedAt,
      correctedAt: null,
    });
    for (const type of ["writing.submitted", "writing.marked"]) {
      const told = hook.state.received.find((request) => request.body.includes(`"${type}"`));
      expect(told?.body).not.toContain("buses");
      expect(told?.body).not.toContain("Too short");
      expect(told?.body).not.toContain(writer.email);
      expect(told?.body).not.toContain("Busy Student");
    }
  });

  it("keeps the owner's pages and every webhook action to owners, judged before the form is read", async () => {
    const stranger = await signUp(site.app, { name: "Stranger" });
    const unproven = await signUpWithToken(site.app, db(), { name: "Owner Without Second Factor" });
    await grantOwner(db(), unproven.email);
    const endpointId = await insertEndpoint("https://public.test/hooks");
    await queueWebhookEvent(db(), "review.created", () => reviewData());
    const [delivery] = await deliveriesOf(endpointId);
    await db().updateTable("webhook_deliveries").set({ status: "failed" }).execute();
    const snapshot = async () =>
      JSON.stringify([
        await db().selectFrom("webhook_endpoints").selectAll().execute(),
        await db().selectFrom("webhook_deliveries").selectAll().execute(),
      ]);
    const before = await snapshot();

    expect((await page("/admin/webhooks")).status).toBe(404);
    expect((await page("/admin/webhooks", stranger)).status).toBe(404);
    const redirected = await page("/admin/webhooks", unproven);
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/account/two-factor");
    const forms: [string, string][][] = [
      [
        ["intent", "add-endpoint"],
        ["url", "https://public.test/x"],
        ["events", "review.created"],
      ],
      [
        ["intent", "test-endpoint"],
        ["endpointId", endpointId],
      ],
      [
        ["intent", "endpoint-off"],
        ["endpointId", endpointId],
      ],
      [
        ["intent", "endpoint-on"],
        ["endpointId", endpointId],
      ],
      [
        ["intent", "delete-endpoint"],
        ["endpointId", endpointId],
      ],
      [
        ["intent", "resend-delivery"],
        ["deliveryId", delivery?.id ?? ""],
      ],
    ];
    for (const fields of forms) {
      expect((await post("/admin/webhooks", fields)).status, fields[0]?.[1]).toBe(404);
      expect((await post("/admin/webhooks", fields, stranger)).status, fields[0]?.[1]).toBe(404);
      const unprovenAnswer = await post("/admin/webhooks", fields, unproven);
      expect(unprovenAnswer.headers.get("location"), fields[0]?.[1]).toBe("/account/two-factor");
    }
    // An owner naming what does not exist: the same 404.
    for (const fields of [
      [
        ["intent", "test-endpoint"],
        ["endpointId", "no-such-endpoint"],
      ],
      [
        ["intent", "delete-endpoint"],
        ["endpointId", crypto.randomUUID()],
      ],
      [
        ["intent", "resend-delivery"],
        ["deliveryId", "x".repeat(500)],
      ],
    ] as [string, string][][]) {
      expect((await post("/admin/webhooks", fields, owner)).status).toBe(404);
    }
    expect(await snapshot()).toBe(before);
    expect(
      site.app.securityEvents.filter(
        (event) => event.event === "access-refused" && event.route === "POST /admin/webhooks",
      ).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("removes deliveries finished over 30 days ago, and the deliveries about an account deleted with it", async () => {
    const endpointId = await insertEndpoint("https://public.test/hooks", [
      "review.created",
      "contact.received",
    ]);
    const now = new Date();
    await queueWebhookEvent(db(), "review.created", () => reviewData(), {
      now: new Date(now.getTime() - 31 * DAY_MS),
    });
    await queueWebhookEvent(db(), "review.created", () => reviewData(), {
      now: new Date(now.getTime() - 29 * DAY_MS),
    });
    await db().updateTable("webhook_deliveries").set({ status: "delivered" }).execute();
    await deleteExpiredRows(db(), now);
    expect(await deliveriesOf(endpointId)).toHaveLength(1);

    const leaving = await signUpWithToken(site.app, db(), { name: "Leaving Student" });
    const serviceId = await newCourse();
    expect(
      (await api("POST", "/api/reviews", leaving, { serviceId, userMessage: "Bye", rating: 2 }))
        .status,
    ).toBe(201);
    expect(
      (
        await post("/contact", [
          ["name", "Leaving Student"],
          ["email", leaving.email],
          ["message", "One question before I go."],
        ])
      ).status,
    ).toBe(302);
    expect(await deliveriesOf(endpointId)).toHaveLength(3);
    const gone = await api("DELETE", "/api/me", leaving, { password: leaving.password });
    expect(gone.status).toBe(200);
    const left = await deliveriesOf(endpointId);
    expect(left).toHaveLength(1);
    expect(left[0]?.payload).not.toContain(leaving.email);
  });

  it("tells of the reviews and open requests an account's deletion removes, as the student's own deletes do, and forgets the person once told", async () => {
    const hook = await receiver();
    const added = await addEndpoint(hook.url(), ["review.deleted", "enrollment.cancelled"]);
    const leaving = await signUpWithToken(site.app, db(), { name: "Departing Student" });
    const [first, second, declinedCourse] = [
      await newCourse(),
      await newCourse(),
      await newCourse(),
    ];
    const names = await db()
      .selectFrom("services")
      .select(["id", "name"])
      .where("id", "in", [first, second])
      .execute();
    const nameOf = (id: string) => names.find((row) => row.id === id)?.name;
    const reviewIds: string[] = [];
    for (const [serviceId, words] of [
      [first, "Clear lessons on Task 2."],
      [second, "The mock tests helped a lot."],
    ] as const) {
      const posted = await api("POST", "/api/reviews", leaving, {
        serviceId,
        userMessage: words,
        rating: 4,
      });
      expect(posted.status).toBe(201);
      reviewIds.push(((await posted.json()) as { insertedId: string }).insertedId);
    }
    const requested = await api("POST", "/api/enrollments", leaving, {
      serviceId: second,
      message: "Evenings, please.",
    });
    expect(requested.status).toBe(201);
    const openId = ((await requested.json()) as { insertedId: string }).insertedId;
    // A request the teacher declined is over already: its deletion tells of nothing.
    const past = await api("POST", "/api/enrollments", leaving, { serviceId: declinedCourse });
    const pastId = ((await past.json()) as { insertedId: string }).insertedId;
    expect(
      (
        await post(
          "/admin",
          [
            ["intent", "decide-enrollment"],
            ["enrollmentId", pastId],
            ["decision", "declined"],
            ["note", "That course is full."],
          ],
          owner,
        )
      ).status,
    ).toBe(302);
    // Nothing was deleted yet: the endpoint has heard nothing.
    await site.app.deliverWebhooks();
    expect(hook.state.received).toHaveLength(0);

    const gone = await api("DELETE", "/api/me", leaving, { password: leaving.password });
    expect(gone.status).toBe(200);
    // Written with the deletion, before anything is sent.
    const written = await deliveriesOf(added.id);
    expect(written.map((row) => [row.event_type, row.status]).sort()).toEqual([
      ["enrollment.cancelled", "pending"],
      ["review.deleted", "pending"],
      ["review.deleted", "pending"],
    ]);

    await site.app.deliverWebhooks();
    const events = hook.state.received.map((request) =>
      webhookEventSchema.parse(verifyWebhook(added.secret, request.headers, request.body)),
    );
    expect(
      events
        .filter((event) => event.type === "review.deleted")
        .map((event) => event.data)
        .sort((a, b) => reviewIds.indexOf(a.id) - reviewIds.indexOf(b.id)),
    ).toEqual([
      { id: reviewIds[0], serviceId: first, serviceName: nameOf(first) },
      { id: reviewIds[1], serviceId: second, serviceName: nameOf(second) },
    ]);
    const cancelled = events.filter((event) => event.type === "enrollment.cancelled");
    expect(cancelled.map((event) => event.data)).toEqual([
      {
        id: openId,
        serviceId: second,
        serviceName: nameOf(second),
        student: { name: "Departing Student", email: leaving.email },
        cancelledAt: expect.any(String),
      },
    ]);
    // The account's deletion and the events happened at one moment.
    const at = cancelled[0]?.data.cancelledAt ?? "";
    expect(events.map((event) => event.timestamp)).toEqual([at, at, at]);

    // Once told, the site keeps no row naming the person: the request's delivery is gone, the
    // reviews' (which name no one) stay in the owner's history.
    const kept = await deliveriesOf(added.id);
    expect(kept.map((row) => [row.event_type, row.status])).toEqual([
      ["review.deleted", "delivered"],
      ["review.deleted", "delivered"],
    ]);
    for (const row of kept) {
      expect(row.payload).not.toContain(leaving.email);
      expect(row.payload).not.toContain(leaving.id);
      expect(row.about_user_id).toBeNull();
    }
  });

  it("forgets at the next housekeeping a deleted account's request that was never sent, its endpoint turned off", async () => {
    const endpointId = await insertEndpoint("https://public.test/hooks", ["enrollment.cancelled"]);
    const leaving = await signUpWithToken(site.app, db(), { name: "Another Departing Student" });
    const serviceId = await newCourse();
    expect((await api("POST", "/api/enrollments", leaving, { serviceId })).status).toBe(201);
    expect((await api("DELETE", "/api/me", leaving, { password: leaving.password })).status).toBe(
      200,
    );
    const turnedOff = await post(
      "/admin/webhooks",
      [
        ["intent", "endpoint-off"],
        ["endpointId", endpointId],
      ],
      owner,
    );
    expect(turnedOff.status).toBe(302);
    // Given up with the endpoint's other waiting deliveries; the owner's page may show it a while.
    const [givenUp] = await deliveriesOf(endpointId);
    expect(givenUp).toMatchObject({ event_type: "enrollment.cancelled", status: "failed" });
    expect(givenUp?.payload).toContain(leaving.email);
    await deleteExpiredRows(db());
    expect(await deliveriesOf(endpointId)).toEqual([]);
  });
});

/** A review's data, for deliveries queued straight through the use case's own function. */
function reviewData() {
  const now = new Date().toISOString();
  return {
    id: crypto.randomUUID(),
    serviceId: crypto.randomUUID(),
    serviceName: "A course",
    authorName: "A student",
    rating: 5,
    message: "Good.",
    module: null,
    bandBefore: null,
    bandAchieved: null,
    testMonth: null,
    createdAt: now,
    updatedAt: now,
  };
}

describe.each(engines)("webhooks sent by a server process on its own, on %s", (engine) => {
  const site = testSiteOn(engine, { WEBHOOKS_ALLOW_PRIVATE: "true" });
  const dataDirectory = mkdtempSync(join(tmpdir(), "ielts-hub-webhooks-"));
  // `npm start`'s process with its workers, on the same database: the test app only writes rows.
  const server = secondServerOn(site, {
    WEBHOOKS_ALLOW_PRIVATE: "true",
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATA_DIR: dataDirectory,
  });
  let hook: WebhookReceiver;

  beforeAll(async () => {
    hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hook.close();
    rmSync(dataDirectory, { recursive: true, force: true });
  });

  it("delivers a review posted to it within a second, signed with the secret shown when the endpoint was added", async () => {
    const owner = await signUpOwner(site.app, site.database.db);
    const added = await site.app.request(`${ORIGIN}/admin/webhooks`, {
      method: "POST",
      body: new URLSearchParams([
        ["intent", "add-endpoint"],
        ["url", hook.url()],
        ["events", "review.created"],
      ]),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: ORIGIN,
        cookie: owner.cookie,
      },
    });
    const secret = /whsec_[A-Za-z0-9+/]+=*/.exec(await added.text())?.[0] ?? "";
    expect(secret).not.toBe("");
    const student = await signUpWithToken(site.app, site.database.db);
    const serviceId = await insertService(site.database.db, { name: "Served course" });
    const sentAt = performance.now();
    const response = await fetch(`${server.origin}/api/reviews`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${student.token}` },
      body: JSON.stringify({ serviceId, userMessage: "Through the real server.", rating: 5 }),
    });
    expect(response.status).toBe(201);
    const [received] = await hook.waitFor(1, 1000);
    if (!received) throw new Error("nothing received");
    expect(received.at - sentAt).toBeLessThan(1000);
    expect(
      webhookEventSchema.parse(verifyWebhook(secret, received.headers, received.body)),
    ).toMatchObject({
      type: "review.created",
      data: { serviceId, message: "Through the real server." },
    });
  });
});
