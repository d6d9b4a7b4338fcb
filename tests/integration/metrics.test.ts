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

describe("/metrics through the built server with WEB_CONCURRENCY=2", () => {
  let server: ChildProcess | undefined;
  afterEach(async () => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  it("counts the answers of both processes in one scrape, with the course page by pattern", async () => {
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
        WEB_CONCURRENCY: "2",
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
        if (/All 2 server processes are serving/.test(log)) resolve();
      });
      started.once("exit", (code) => reject(new Error(`The server exited (${code}):\n${log}`)));
    });
    const origin = `http://127.0.0.1:${port}`;

    // Fresh connections each time, so the requests are shared out between both processes.
    const requests = 40;
    for (let i = 0; i < requests; i++) {
      const path = i % 2 === 0 ? "/services" : "/services/not-a-real-course";
      const response = await fetch(`${origin}${path}`, { headers: { connection: "close" } });
      await response.arrayBuffer();
    }
    const response = await fetch(`${origin}/metrics`, { headers: AUTHORIZED });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(total(text, "http_requests_total")).toBeGreaterThanOrEqual(requests);
    expect(text).toMatch(/http_requests_total\{[^}]*route="\/services\/:id"/);
    expect(text).not.toContain("not-a-real-course");
    expect(total(text, "response_cache_hits_total")).toBeGreaterThan(0);
    // Kept answers, sent from node:http at once, are counted once each like any other; nothing
    // is left in flight but the scrape itself.
    expect(total(text, 'http_requests_total{method="GET",route="/services",status="200"}')).toBe(
      requests / 2,
    );
    expect(total(text, "http_requests_in_flight")).toBe(1);
    // The database's numbers are read by each process but not added up across them.
    expect(sample(text, "mail_outbox_queued")).toBe(0);
  }, 60_000);
});
