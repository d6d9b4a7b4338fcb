import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { routePattern } from "../../server/metrics.ts";
import { engines } from "../support/databases.ts";
import { insertService } from "../support/fixtures.ts";
import { freePort } from "../support/free-port.ts";
import { testSiteOn } from "../support/test-app.ts";

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

describe.each([
  { processes: 1, serving: /IELTS Hub is serving/ },
  { processes: 2, serving: /All 2 server processes are serving/ },
])(
  "/metrics through the built server with WEB_CONCURRENCY=$processes",
  ({ processes, serving }) => {
    let server: ChildProcess | undefined;
    afterEach(async () => {
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    });

    it("counts every answer once with its latency, by pattern, summed over the processes", async () => {
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
          WEB_CONCURRENCY: String(processes),
          SHUTDOWN_GRACE_MS: "0",
          METRICS_TOKEN: TOKEN,
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
      const origin = `http://127.0.0.1:${port}`;

      // A different number of requests to each route and status, so that no two series could be
      // taken for each other; fresh connections each time, so that with two processes the
      // requests are shared out between them.
      const made = [
        { method: "GET", path: "/services", route: "/services", status: 200, times: 12 },
        {
          method: "GET",
          path: "/services/not-a-real-course",
          route: "/services/:id",
          status: 404,
          times: 7,
        },
        { method: "GET", path: "/api/services", route: "/api/services", status: 200, times: 5 },
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
      for (const { method, route, status, times } of made) {
        const key = `${method} ${route} ${status}`;
        expect(latency.get(key)?.count, key).toBe(times);
        const since = (scraped - (firstSent.get(key) as number)) / 1000;
        expect(latency.get(key)?.sum, key).toBeLessThan(since);
      }
      expect(text).not.toContain("not-a-real-course");
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
    }, 60_000);
  },
);
