import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogueIfEmpty } from "../../db/seed/index.ts";
import type { Mail } from "../../server/mail.ts";
import { ORIGIN, postJson, signUpWithToken } from "../support/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { freePort } from "../support/free-port.ts";
import { FUZZ_ROUTES } from "../support/fuzz-routes.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";

const root = join(import.meta.dirname, "..", "..");
const NEW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogLine = Record<string, unknown>;

function parsed(lines: readonly string[]): LogLine[] {
  return lines.map((line) => JSON.parse(line) as LogLine);
}

/** The request lines (one per request) among a log's lines. */
function requestLines(lines: readonly string[]): LogLine[] {
  return parsed(lines).filter((line) => line.msg === "request");
}

describe.each(engines)("the request id and the request log on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApp;
  let serviceId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogueIfEmpty(database.db);
    app = await createTestApp(database, { TRUST_PROXY: "true" });
    serviceId = (await database.db.selectFrom("services").select("id").executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => database.drop());

  it("answers with the proxy's X-Request-Id when well formed, and with a new one otherwise", async () => {
    const idOf = async (incoming?: string) =>
      (
        await app.request(`${ORIGIN}/about`, {
          headers: incoming === undefined ? {} : { "x-request-id": incoming },
        })
      ).headers.get("x-request-id");
    expect(await idOf("lb-7f3a.2026:11-25_x")).toBe("lb-7f3a.2026:11-25_x");
    expect(await idOf("a".repeat(128))).toBe("a".repeat(128));
    for (const badlyFormed of ["a".repeat(129), "has space", "<script>", "a/b", "é", ""]) {
      expect(await idOf(badlyFormed)).toMatch(NEW_ID);
    }
    const first = await idOf();
    expect(first).toMatch(NEW_ID);
    expect(await idOf()).not.toBe(first);
  });

  it("does not take the client's id without TRUST_PROXY: anyone could send one", async () => {
    const direct = await createTestApp(database);
    const response = await direct.request(`${ORIGIN}/about`, {
      headers: { "x-request-id": "chosen-by-the-client" },
    });
    expect(response.headers.get("x-request-id")).toMatch(NEW_ID);
  });

  it("writes one JSON line per request: id, method, path, route, status, bytes, duration, cache and user", async () => {
    const from = app.logLines.length;
    // The time measured around each request, its answer's body read: its line's duration, from
    // its arrival to its answer, cannot be longer.
    const timed = async (path: string, headers: Record<string, string> = {}) => {
      const before = performance.now();
      const response = await app.request(`${ORIGIN}${path}`, { headers });
      await response.clone().arrayBuffer();
      return Object.assign(response, { measuredMs: performance.now() - before });
    };
    const first = await timed("/services?q=listening");
    const second = await timed("/services?q=listening");
    const course = await timed(`/services/${serviceId}`, { "x-request-id": "course-page-1" });
    expect([first.status, second.status, course.status]).toEqual([200, 200, 200]);
    const lines = requestLines(app.logLines.slice(from));
    expect(lines).toHaveLength(3);
    const [missed, kept, coursePage] = lines as [LogLine, LogLine, LogLine];
    expect(missed).toMatchObject({
      level: "info",
      requestId: first.headers.get("x-request-id"),
      method: "GET",
      path: "/services?q=listening",
      route: "/services",
      status: 200,
      cache: "miss",
    });
    expect(kept).toMatchObject({ requestId: second.headers.get("x-request-id"), cache: "hit" });
    expect(coursePage).toMatchObject({
      requestId: "course-page-1",
      route: "/services/:id",
      path: `/services/${serviceId}`,
    });
    for (const line of lines) {
      expect(typeof line.time).toBe("string");
      expect(Number.isNaN(Date.parse(line.time as string))).toBe(false);
      expect(line.bytes).toBeGreaterThan(1000);
      expect(line).not.toHaveProperty("userId");
    }
    [first, second, course].forEach((response, index) => {
      const durationMs = lines[index]?.durationMs as number;
      expect(durationMs, `request ${index + 1}`).toBeGreaterThan(0);
      expect(durationMs, `request ${index + 1}`).toBeLessThanOrEqual(response.measuredMs);
    });
  });

  it("names the signed-in user by id, by cookie and by bearer token, and never caches for them", async () => {
    const student = await signUpWithToken(app, database.db);
    const from = app.logLines.length;
    await app.request(`${ORIGIN}/my-reviews`, { headers: { cookie: student.cookie } });
    await app.request(`${ORIGIN}/api/my-reviews`, {
      headers: { authorization: `Bearer ${student.token}` },
    });
    const lines = requestLines(app.logLines.slice(from));
    expect(lines.map((line) => [line.route, line.status, line.userId, line.cache])).toEqual([
      ["other", 200, student.id, "pass"],
      ["/api/other", 200, student.id, "pass"],
    ]);
  });

  it("writes the security log through the same logger, with the request's id; an unknown address masked", async () => {
    const student = await signUpWithToken(app, database.db);
    const from = app.logLines.length;
    const failed = await postJson(app, "/api/auth/sign-in/email", {
      email: "jane.doe@example.com",
      password: "not the password at all",
    });
    expect(failed.status).toBe(401);
    const signedIn = await postJson(app, "/api/auth/sign-in/email", {
      email: student.email,
      password: student.password,
    });
    expect(signedIn.status).toBe(200);
    const lines = parsed(app.logLines.slice(from));
    const security = lines.filter((line) => line.log === "security");
    expect(security).toEqual([
      expect.objectContaining({
        requestId: failed.headers.get("x-request-id"),
        event: "sign-in",
        outcome: "failure",
        email: "j***@example.com",
      }),
      expect.objectContaining({
        requestId: signedIn.headers.get("x-request-id"),
        event: "sign-in",
        outcome: "success",
        userId: student.id,
      }),
    ]);
    expect(security[1]).not.toHaveProperty("email");
    // Each security line sits beside its request's own line, under the same id.
    for (const line of security) {
      expect(requestLines(app.logLines.slice(from)).map((request) => request.requestId)).toContain(
        line.requestId,
      );
    }
  });

  it("never writes a cookie, token, password, code or whole e-mail address, on any route of the fuzz test", async () => {
    // As server/serve.ts does before it listens: /readyz is then ready, and answers measured.
    await app.prepareWritingMeasures();
    const student = await signUpWithToken(app, database.db);
    const sessionToken = decodeURIComponent(student.cookie.split("=")[1] ?? "");
    expect(sessionToken.length).toBeGreaterThan(20);
    // A reset link's token, carried in the path of Better Auth's link.
    await postJson(app, "/api/auth/request-password-reset", {
      email: student.email,
      redirectTo: "/reset-password",
    });
    const outbox: Mail[] = [];
    const mailed = await createTestApp(database, { TRUST_PROXY: "true" }, outbox);
    // The reset is asked of Better Auth when its row is sent, which queues the mail itself.
    await mailed.deliverMail();
    await mailed.deliverMail();
    const resetToken =
      /reset-password\/([^?\s"]+)/.exec(outbox.map((mail) => mail.text).join("\n"))?.[1] ?? "";
    expect(resetToken.length).toBeGreaterThan(10);
    const secrets = {
      password: student.password,
      email: student.email,
      bearer: student.token,
      session: sessionToken,
      reset: resetToken,
      code: "493817",
    };
    const from = app.logLines.length;
    const secretQuery = new URLSearchParams({
      token: student.token,
      password: student.password,
      email: student.email,
      code: secrets.code,
      state: sessionToken,
      newPassword: student.password,
      callbackURL: `/x?email=${student.email}`,
    }).toString();
    let sent = 0;
    for (const [methods, template] of FUZZ_ROUTES) {
      for (const method of methods) {
        const path = template
          .replaceAll("{id}", serviceId)
          .replaceAll("{any}", encodeURIComponent(student.email));
        const target = `${path}${path.includes("?") ? "&" : "?"}${secretQuery}`;
        const withBody = !["GET", "HEAD"].includes(method);
        const response = await app.request(`${ORIGIN}${target}`, {
          method,
          headers: {
            cookie: student.cookie,
            ...(path.startsWith("/api/") ? { authorization: `Bearer ${student.token}` } : {}),
            ...(withBody ? { "content-type": "application/json", origin: ORIGIN } : {}),
          },
          body: withBody ? JSON.stringify({ ...secrets, currentPassword: student.password }) : null,
          redirect: "manual",
        });
        expect(response.status, `${method} ${target}`).toBeLessThan(500);
        sent++;
      }
    }
    await app.request(
      `${ORIGIN}/api/auth/reset-password/${resetToken}?callbackURL=/reset-password`,
    );
    sent++;
    const written = app.logLines.slice(from);
    // Every request was logged: the scan below looked at them all.
    expect(requestLines(written).length).toBe(sent);
    const log = written.join("\n");
    for (const [name, value] of Object.entries(secrets)) {
      expect(log.includes(value), `the ${name} is in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(value)), `the encoded ${name} is in the log`).toBe(
        false,
      );
    }
    expect(log).not.toMatch(/[A-Za-z0-9._%+-]{2,}@example\.com/);
    expect(log).toContain(`${student.email[0]}***@example.com`);
  });

  it("shows the request's id on a 500 page and in a 500 JSON answer, and logs the failure under it", async () => {
    const broken = await createTestDatabase(engine);
    try {
      const site = await createTestApp(broken);
      await sql`drop table services${sql.raw(engine === "postgres" ? " cascade" : "")}`.execute(
        broken.db,
      );
      const page = await site.request(`${ORIGIN}/services`);
      expect(page.status).toBe(500);
      const pageId = page.headers.get("x-request-id") ?? "";
      expect(pageId).toMatch(NEW_ID);
      const html = await page.text();
      expect(html).toContain("Something went wrong on our side.");
      expect(html).toContain(`Quote this reference: ${pageId}`);

      const api = await site.request(`${ORIGIN}/api/services`);
      expect(api.status).toBe(500);
      const apiId = api.headers.get("x-request-id") ?? "";
      expect(await api.json()).toEqual({
        message: `Something went wrong on our side. Please try again. Quote this reference: ${apiId}`,
        reference: apiId,
      });

      const failures = parsed(site.logLines).filter((line) => line.level === "error");
      expect(failures.map((line) => line.requestId)).toEqual(
        expect.arrayContaining([pageId, apiId]),
      );
      for (const failure of failures) {
        expect(failure.err).toMatchObject({ message: expect.stringMatching(/services/) });
      }
    } finally {
      await broken.drop();
    }
  });

  it("writes nothing below LOG_LEVEL", async () => {
    const quiet = await createTestApp(database, { LOG_LEVEL: "error" });
    await quiet.request(`${ORIGIN}/about`);
    await postJson(quiet, "/api/auth/sign-in/email", {
      email: "jane.doe@example.com",
      password: "not the password at all",
    });
    expect(quiet.logLines).toEqual([]);
  });
});

/** The built server as `npm start` runs it, on its own port and data folder; its stdout kept. */
async function startBuiltServer(
  databaseUrl: string,
  environment: Record<string, string> = {},
  args: string[] = [],
) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDirectory = mkdtempSync(join(tmpdir(), "ielts-hub-request-log-"));
  const server = spawn(process.execPath, [join(root, "server/index.ts"), ...args], {
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: origin,
      DATA_DIR: dataDirectory,
      DATABASE_URL: databaseUrl,
      SHUTDOWN_GRACE_MS: "0",
      NODE_ENV: "",
      ...environment,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const started = {
    server,
    origin,
    /** Everything the server wrote on stdout so far. */
    output: "",
    async stop() {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      started.output += chunk.toString();
      if (started.output.includes("is serving")) resolve();
    });
    server.once("exit", (code) =>
      reject(new Error(`The server exited (${code}):\n${started.output}`)),
    );
  });
  return started;
}

describe.each(engines)("the running server's request log on %s", (engine) => {
  let database: TestDatabase;
  let site: Awaited<ReturnType<typeof startBuiltServer>>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    site = await startBuiltServer(database.url, { TRUST_PROXY: "true" });
  }, 60_000);
  afterAll(async () => {
    await site.stop();
    await database.drop();
  });

  it("writes only JSON lines on stdout, one per request, kept answers sent from node:http included", async () => {
    // On PostgreSQL answers are kept once the process listens for changes: ask until one is.
    let kept: Response | undefined;
    let asked = 0;
    // The time measured around each request, by its id, answer read to its end.
    const measuredMs = new Map<string, number>();
    while (!kept && asked < 50) {
      asked++;
      const before = performance.now();
      const answer = await fetch(`${site.origin}/services`, {
        headers: { "x-request-id": `ask-${asked}` },
      });
      await answer.clone().arrayBuffer();
      measuredMs.set(`ask-${asked}`, performance.now() - before);
      expect(answer.headers.get("x-request-id")).toBe(`ask-${asked}`);
      if (answer.headers.get("x-cache") === "hit") kept = answer;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!kept) throw new Error("No answer was kept");
    const beforeHealth = performance.now();
    const health = await fetch(`${site.origin}/healthz`);
    await health.clone().arrayBuffer();
    const healthId = health.headers.get("x-request-id") ?? "";
    measuredMs.set(healthId, performance.now() - beforeHealth);
    expect(healthId).toMatch(NEW_ID);
    // Lines are written in batches (a quarter of a second at most): wait for the last one.
    for (let waited = 0; !site.output.includes(healthId) && waited < 50; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const lines = site.output.trim().split("\n");
    // Start-up's own lines are JSON too: a log shipper reads every line alike.
    const all = parsed(lines);
    expect(all).toContainEqual(
      expect.objectContaining({ level: "info", msg: expect.stringContaining("is serving") }),
    );
    const requests = requestLines(lines);
    // Before the process listens for changes nothing is cacheable (pass); then kept once (miss).
    expect(requests.map((line) => [line.requestId, line.route, line.status, line.cache])).toEqual([
      ...Array.from({ length: asked - 1 }, (_, index) => [
        `ask-${index + 1}`,
        "/services",
        200,
        expect.stringMatching(/^(pass|miss)$/),
      ]),
      [`ask-${asked}`, "/services", 200, "hit"],
      [healthId, "/healthz", 200, "pass"],
    ]);
    expect(requests.at(-3)?.cache).toBe("miss");
    // Each line's duration is some time, and no more than the client measured around it: the
    // kept answer sent from node:http and the probe too.
    for (const line of requests) {
      const id = line.requestId as string;
      expect(line.durationMs, id).toBeGreaterThan(0);
      expect(line.durationMs, id).toBeLessThanOrEqual(measuredMs.get(id) as number);
    }
    // What went down the connection: the kept answer's whole compressed page and its headers.
    const keptBytes = Number(kept.headers.get("content-length") ?? 0);
    expect(requests.at(-2)?.bytes).toBeGreaterThan(keptBytes);
    expect(requests.at(-2)?.bytes).toBeLessThan(keptBytes + 2000);
  });
});

describe("the benchmark's switch (--request-log-and-metrics-switch)", () => {
  it("turns the request line and the request's count off with SIGUSR2 and on again; the request id stays", async () => {
    const database = await createTestDatabase("sqlite");
    const token = "a-metrics-token-for-the-switch-test";
    const site = await startBuiltServer(database.url, { METRICS_TOKEN: token }, [
      "--request-log-and-metrics-switch",
    ]);
    const { server, origin } = site;
    const waitFor = async (text: string) => {
      for (let waited = 0; !site.output.includes(text) && waited < 100; waited++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(site.output).toContain(text);
    };
    const healthCount = async () => {
      const scrape = await fetch(`${origin}/metrics`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const line = /^http_requests_total\{[^}]*route="\/healthz"[^}]*\} (\d+)$/m.exec(
        await scrape.text(),
      );
      return Number(line?.[1] ?? 0);
    };
    const askHealth = async () => {
      const answer = await fetch(`${origin}/healthz`);
      const id = answer.headers.get("x-request-id") ?? "";
      expect(id).toMatch(NEW_ID);
      return id;
    };
    try {
      const first = await askHealth();
      await waitFor(first);
      expect(await healthCount()).toBe(1);

      server.kill("SIGUSR2");
      await waitFor("Request log and metrics off (benchmark switch)");
      const unseen = await askHealth();
      expect(await healthCount()).toBe(1);

      server.kill("SIGUSR2");
      await waitFor("Request log and metrics on (benchmark switch)");
      const seenAgain = await askHealth();
      await waitFor(seenAgain);
      expect(await healthCount()).toBe(2);
      expect(site.output).not.toContain(unseen);
    } finally {
      await site.stop();
      await database.drop();
    }
  }, 60_000);
});
