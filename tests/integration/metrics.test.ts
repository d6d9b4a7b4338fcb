import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config.ts";
import { createMailer } from "../../server/mail.ts";
import { routePattern } from "../../server/metrics.ts";
import { signUp } from "../support/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { insertService } from "../support/fixtures.ts";
import { freePort } from "../support/free-port.ts";
import { startSmtpReceiver } from "../support/smtp-receiver.ts";
import { createTestApp, testSiteOn } from "../support/test-app.ts";

const root = join(import.meta.dirname, "..", "..");
const TOKEN = "metrics-token-".padEnd(40, "m");
const AUTHORIZED = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
function sample(text: string, name: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

/** Every sample of a metric summed over its labels. */
function total(text: string, name: string): number {
  return text
    .split("\n")
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
}

describe.each(engines)("/metrics on %s without METRICS_TOKEN", (engine) => {
  const site = testSiteOn(engine);

  it("is not there: 404 like any unknown page, token or not", async () => {
    expect((await site.app.request("/metrics")).status).toBe(404);
    expect((await site.app.request("/metrics", { headers: AUTHORIZED })).status).toBe(404);
  });
});

describe.each(engines)("/metrics on %s with METRICS_TOKEN", (engine) => {
  const site = testSiteOn(engine, { METRICS_TOKEN: TOKEN });

  it("refuses a missing or wrong token with 401", async () => {
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong" },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of refused) {
      const response = await site.app.request("/metrics", { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).not.toContain("http_requests_total");
    }
  });

  it("answers Prometheus text with the cache, mail outbox and Node's own numbers", async () => {
    await insertService(site.database.db);
    const scrape = async () => {
      const response = await site.app.request("/metrics", { headers: AUTHORIZED });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      return response.text();
    };
    const before = await scrape();
    expect(before).toContain("# TYPE http_requests_total counter");
    expect(before).toContain("# TYPE http_request_duration_seconds histogram");
    expect(before).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
    expect(sample(before, "mail_outbox_queued")).toBe(0);
    expect(sample(before, "newsletter_sends_in_progress")).toBe(0);
    if (engine === "postgres") expect(sample(before, "db_pool_in_use")).toBeTypeOf("number");

    // PostgreSQL's listener connects as the site starts; until it listens nothing is kept.
    for (let attempt = 0; attempt < 50; attempt++) {
      for (let i = 0; i < 2; i++) expect((await site.app.request("/services")).status).toBe(200);
      if (sample(await scrape(), "response_cache_hits_total")) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const after = await scrape();
    expect(sample(after, "response_cache_hits_total")).toBeGreaterThan(
      sample(before, "response_cache_hits_total") ?? 0,
    );
    expect(sample(after, "response_cache_misses_total")).toBeGreaterThan(0);
  });
});

describe.each(engines)("the mail numbers of /metrics on %s", (engine) => {
  let database: TestDatabase;
  const directory = mkdtempSync(join(tmpdir(), "ielts-hub-metrics-mail-"));
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
    rmSync(directory, { recursive: true, force: true });
  });

  it("shows a queued mail in mail_outbox_queued, a refused try in mail_failed_total, and the sent mail in mail_sent_total", async () => {
    // A real mail server on this machine, refusing until told to accept.
    const smtp = await startSmtpReceiver({ accepting: false });
    const sendMail = createMailer(loadConfig({ SMTP_URL: smtp.url, DATA_DIR: directory }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const app = await createTestApp(database, { METRICS_TOKEN: TOKEN }, [], { sendMail });
      const mailNumbers = async () => {
        const response = await app.request("/metrics", { headers: AUTHORIZED });
        expect(response.status).toBe(200);
        const samples = parseExposition(await response.text());
        const value = (name: string) => {
          const found = samples.filter((s) => s.name === name);
          expect(found, name).toHaveLength(1);
          return found[0]?.value;
        };
        return {
          queued: value("mail_outbox_queued"),
          sent: value("mail_sent_total"),
          failed: value("mail_failed_total"),
        };
      };
      expect(await mailNumbers()).toEqual({ queued: 0, sent: 0, failed: 0 });

      // Signing up queues the mail that confirms the address: one mail waiting, none sent.
      const { email } = await signUp(app);
      expect(await mailNumbers()).toEqual({ queued: 1, sent: 0, failed: 0 });

      await app.deliverMail();
      expect(smtp.state.attempts).toBe(1);
      expect(await mailNumbers()).toEqual({ queued: 1, sent: 0, failed: 1 });

      smtp.state.accepting = true;
      await app.deliverMail(new Date(Date.now() + 60 * 60 * 1000));
      expect(smtp.state.received.map((message) => message.to)).toEqual([[email]]);
      expect(await mailNumbers()).toEqual({ queued: 0, sent: 1, failed: 1 });
    } finally {
      warn.mockRestore();
      sendMail.close();
      await smtp.close();
    }
  });
});

describe("routePattern", () => {
  it.each([
    ["/", "/"],
    ["/services", "/services"],
    ["/services/0b6f2c9e-1111-4e55-9a3d-42", "/services/:id"],
    ["/blog/how-to-write-task-2", "/blog/:slug"],
    ["/api/services/abc", "/api/services/:id"],
    ["/api/posts/some-slug", "/api/posts/:slug"],
    ["/api/reviews/1/reply", "/api/other"],
    ["/assets/entry-abc123.js", "/assets/*"],
    ["/services/abc/edit", "other"],
    ["/wp-login.php", "other"],
    ["/services/", "other"],
  ])("%s → %s", (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });
});

/** One sample of the Prometheus text format: `name{label="value",…} value`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Every sample of a scrape, parsed as Prometheus reads the text format (version 0.0.4): comments
 * skipped, label values unescaped, `+Inf`, `-Inf` and NaN as numbers.
 */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const [, name = "", labelText = "", valueText = ""] = match;
    const labels: Record<string, string> = {};
    const label = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;
    let consumed = 0;
    for (let found = label.exec(labelText); found; found = label.exec(labelText)) {
      labels[found[1] as string] = (found[2] as string).replace(/\\(.)/g, (_, c: string) =>
        c === "n" ? "\n" : c,
      );
      consumed = label.lastIndex;
    }
    if (consumed !== labelText.length) throw new Error(`Labels not understood: ${line}`);
    const value =
      valueText === "+Inf" ? Infinity : valueText === "-Inf" ? -Infinity : Number(valueText);
    // prom-client writes NaN as `Nan` (Node's event-loop lag before its first sample);
    // Prometheus reads any case of it.
    if (Number.isNaN(value) && !/^nan$/i.test(valueText)) throw new Error(`Not a value: ${line}`);
    samples.push({ name, labels, value });
  }
  return samples;
}

const seriesKey = ({ method, route, status }: Record<string, string>) =>
  `${method} ${route} ${status}`;

/**
 * The latency histogram of every series `http_requests_total` has, checked the way Prometheus's
 * `histogram_quantile` needs it: a `_bucket` for every bound, cumulative, the `+Inf` one equal to
 * `_count`, `_count` equal to the series' requests, and a `_sum`. Returns each series' count and
 * sum by "method route status".
 */
function latencyBySeries(samples: Sample[]) {
  const requests = samples.filter((s) => s.name === "http_requests_total");
  expect(requests.length).toBeGreaterThan(0);
  const of = (name: string, key: string) =>
    samples.filter((s) => s.name === name && seriesKey(s.labels) === key);
  const bySeries = new Map<string, { count: number; sum: number }>();
  for (const request of requests) {
    const key = seriesKey(request.labels);
    expect(Object.keys(request.labels).sort(), key).toEqual(["method", "route", "status"]);
    const buckets = of("http_request_duration_seconds_bucket", key).map((bucket) => ({
      le: bucket.labels.le === "+Inf" ? Infinity : Number(bucket.labels.le),
      value: bucket.value,
    }));
    const [count, ...moreCounts] = of("http_request_duration_seconds_count", key);
    const [sum, ...moreSums] = of("http_request_duration_seconds_sum", key);
    expect(count, `${key}: _count`).toBeDefined();
    expect(sum, `${key}: _sum`).toBeDefined();
    expect([moreCounts, moreSums], key).toEqual([[], []]);
    // One bucket per bound, each once, and the +Inf one last.
    const bounds = buckets.map((bucket) => bucket.le);
    expect(bounds.length, `${key}: buckets`).toBeGreaterThan(1);
    expect(new Set(bounds).size, key).toBe(bounds.length);
    expect(
      [...bounds].sort((a, b) => a - b),
      key,
    ).toEqual(bounds);
    expect(bounds.at(-1), key).toBe(Infinity);
    for (let i = 1; i < buckets.length; i++) {
      expect(buckets[i]?.value, `${key}: cumulative at le=${bounds[i]}`).toBeGreaterThanOrEqual(
        buckets[i - 1]?.value as number,
      );
    }
    expect(buckets.at(-1)?.value, `${key}: +Inf = _count`).toBe(count?.value);
    expect(count?.value, `${key}: _count = http_requests_total`).toBe(request.value);
    expect(sum?.value, `${key}: _sum`).toBeGreaterThan(0);
    bySeries.set(key, { count: count?.value as number, sum: sum?.value as number });
  }
  // And no histogram series without its count.
  const counted = new Set(requests.map((request) => seriesKey(request.labels)));
  for (const sample of samples.filter((s) => s.name.startsWith("http_request_duration_seconds"))) {
    expect(counted.has(seriesKey(sample.labels)), seriesKey(sample.labels)).toBe(true);
  }
  return bySeries;
}

/** The built server as `npm start` runs it, on a fresh SQLite file, until the test's end. */
function builtServer() {
  let server: ChildProcess | undefined;
  afterEach(async () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });
  return async (environment: Record<string, string>, serving: RegExp) => {
    const port = await freePort();
    const dataDirectory = mkdtempSync(join(tmpdir(), "ielts-hub-metrics-"));
    const started = spawn(process.execPath, [join(root, "server/index.ts")], {
      env: {
        ...process.env,
        PORT: String(port),
        BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDirectory,
        DATABASE_URL: `file:${join(dataDirectory, "site.db")}`,
        NODE_ENV: "",
        SHUTDOWN_GRACE_MS: "0",
        METRICS_TOKEN: TOKEN,
        ...environment,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    server = started;
    started.once("exit", () => rmSync(dataDirectory, { recursive: true, force: true }));
    let log = "";
    await new Promise<void>((resolve, reject) => {
      started.stdout?.on("data", (chunk: Buffer) => {
        log += chunk.toString();
        if (serving.test(log)) resolve();
      });
      started.once("exit", (code) => reject(new Error(`The server exited (${code}):\n${log}`)));
    });
    return { origin: `http://127.0.0.1:${port}`, port };
  };
}

describe.each([
  { processes: 1, serving: /IELTS Hub is serving/ },
  { processes: 2, serving: /All 2 server processes are serving/ },
])(
  "/metrics through the built server with WEB_CONCURRENCY=$processes",
  ({ processes, serving }) => {
    const start = builtServer();

    it("counts every answer once with its latency, by pattern, summed over the processes", async () => {
      const { origin } = await start({ WEB_CONCURRENCY: String(processes) }, serving);
      // A course of the seeded catalogue, found as a client would: through the API (counted).
      const listed = (await (await fetch(`${origin}/api/services`)).json()) as {
        services: { _id: string }[];
      };
      const courseId = listed.services[0]?._id as string;
      expect(courseId).toBeTruthy();

      // A different number of requests to each route and status, so that no two series could be
      // taken for each other; fresh connections each time, so that with two processes the
      // requests are shared out between them.
      const made = [
        { method: "GET", path: "/services", route: "/services", status: 200, times: 12 },
        {
          method: "GET",
          path: `/services/${courseId}`,
          route: "/services/:id",
          status: 200,
          times: 20,
        },
        {
          method: "GET",
          path: "/services/not-a-real-course",
          route: "/services/:id",
          status: 404,
          times: 7,
        },
        // The one that found the course above, and four more.
        {
          method: "GET",
          path: "/api/services",
          route: "/api/services",
          status: 200,
          times: 4,
          counted: 5,
        },
        { method: "HEAD", path: "/about", route: "/about", status: 200, times: 3 },
        { method: "POST", path: "/api/reviews", route: "/api/other", status: 401, times: 2 },
      ];
      // When each series' first request left, so that its answers' time can be held to the
      // time that has passed since (one after another, they cannot have taken longer).
      const firstSent = new Map<string, number>();
      for (const { method, path, route, status, times } of made) {
        const key = `${method} ${route} ${status}`;
        firstSent.set(key, performance.now());
        for (let i = 0; i < times; i++) {
          const response = await fetch(`${origin}${path}`, {
            method,
            headers: {
              connection: "close",
              ...(method === "POST" ? { origin, "content-type": "application/json" } : {}),
            },
            ...(method === "POST" ? { body: "{}" } : {}),
          });
          await response.arrayBuffer();
          expect(response.status, key).toBe(status);
        }
      }
      const response = await fetch(`${origin}/metrics`, { headers: AUTHORIZED });
      expect(response.status).toBe(200);
      const text = await response.text();
      const scraped = performance.now();
      const samples = parseExposition(text);
      const latency = latencyBySeries(samples);
      const counted = (key: string) =>
        samples.find((s) => s.name === "http_requests_total" && seriesKey(s.labels) === key)?.value;
      for (const { method, route, status, times, counted: expected = times } of made) {
        const key = `${method} ${route} ${status}`;
        expect(counted(key), key).toBe(expected);
        expect(latency.get(key)?.count, key).toBe(expected);
        const since = (scraped - (firstSent.get(key) as number)) / 1000;
        expect(latency.get(key)?.sum, key).toBeLessThan(since);
      }
      // Nothing else was asked but the scrape, which is counted once answered.
      expect(
        samples
          .filter((s) => s.name === "http_requests_total")
          .map((s) => seriesKey(s.labels))
          .sort(),
      ).toEqual(made.map(({ method, route, status }) => `${method} ${route} ${status}`).sort());
      expect(text).not.toContain("not-a-real-course");
      expect(text).not.toContain(courseId);
      expect(total(text, "response_cache_hits_total")).toBeGreaterThan(0);
      // Kept answers, sent from node:http at once, are counted once each like any other; nothing
      // is left in flight but the scrape itself.
      expect(total(text, "http_requests_in_flight")).toBe(1);
      // The database's numbers are read by each process but not added up across them.
      expect(sample(text, "mail_outbox_queued")).toBe(0);

      // A second scrape counts the first: the histogram's series grow with the requests.
      const again = parseExposition(
        await (await fetch(`${origin}/metrics`, { headers: AUTHORIZED })).text(),
      );
      const scrapes = latencyBySeries(again).get("GET /metrics 200");
      expect(scrapes?.count).toBe(1);
      expect(latencyBySeries(again).get("GET /services 200")?.count).toBe(12);
      expect(latencyBySeries(again).get("GET /services/:id 200")?.count).toBe(20);
    }, 60_000);
  },
);

describe("/metrics of an overloaded server", () => {
  const start = builtServer();

  it("counts each answer the overload guard sheds in http_requests_shed_total and as a 503", async () => {
    const { origin, port } = await start({ MAX_IN_FLIGHT: "2" }, /IELTS Hub is serving/);
    // Two requests held in flight: their bodies are announced but not yet sent, so the server
    // is still working on them (a slow client's upload).
    const held = [0, 1].map(() => {
      const request = httpRequest({
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/auth/request-password-reset",
        headers: {
          origin,
          "content-type": "application/json",
          "content-length": "64",
        },
      });
      const answered = new Promise<number>((resolve, reject) => {
        request.once("response", (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        request.once("error", reject);
      });
      // Destroyed unanswered when the test fails: then nobody waits for its answer.
      answered.catch(() => {});
      request.write('{"email":');
      return { request, answered };
    });
    // Whatever happens below, the held requests end with the test: the server drains what it
    // works on before it stops.
    try {
      await overloaded(origin, held);
    } finally {
      for (const { request } of held) request.destroy();
    }
  }, 60_000);
});

/** What the overloaded server answers and counts while `held` keep it at its limit. */
async function overloaded(
  origin: string,
  held: { request: ReturnType<typeof httpRequest>; answered: Promise<number> }[],
) {
  // The server has both: every further request is shed until one of them ends.
  let statuses: number[] = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    const answer = await fetch(`${origin}/contact`, { headers: { connection: "close" } });
    await answer.arrayBuffer();
    statuses.push(answer.status);
    if (answer.status === 503) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(statuses.at(-1)).toBe(503);
  const admittedBefore = statuses.length - 1;
  statuses = [];
  for (let i = 0; i < 6; i++) {
    const answer = await fetch(`${origin}/contact`, { headers: { connection: "close" } });
    await answer.arrayBuffer();
    statuses.push(answer.status);
    expect(answer.headers.get("retry-after")).toBe("1");
  }
  expect(statuses).toEqual([503, 503, 503, 503, 503, 503]);
  const shed = 7;

  // The scrape is never shed.
  const during = await fetch(`${origin}/metrics`, { headers: AUTHORIZED });
  expect(during.status).toBe(200);
  const samples = parseExposition(await during.text());
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples
      .filter(
        (s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v),
      )
      .reduce((sum, s) => sum + s.value, 0);
  expect(value("http_requests_shed_total")).toBe(shed);
  expect(value("http_requests_total", { method: "GET", route: "/contact", status: "503" })).toBe(
    shed,
  );
  expect(value("http_requests_total", { method: "GET", route: "/contact", status: "200" })).toBe(
    admittedBefore,
  );
  // The two held requests and the scrape itself.
  expect(value("http_requests_in_flight")).toBe(3);

  for (const { request } of held)
    request.end('"held@example.com"}'.padEnd(64 - '{"email":'.length));
  expect(await Promise.all(held.map(({ answered }) => answered))).toEqual([200, 200]);
  const after = parseExposition(
    await (await fetch(`${origin}/metrics`, { headers: AUTHORIZED })).text(),
  );
  expect(after.find((s) => s.name === "http_requests_shed_total")?.value).toBe(shed);
}
