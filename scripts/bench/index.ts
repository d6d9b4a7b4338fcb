/**
 * `npm run bench`: measures the performance budgets and prints them (it asserts nothing).
 *  1. JavaScript shipped on the first load of / (gzip), against 130 KB.
 *  2. Median server-rendering time of /, /services and a details page with the seeded catalogue,
 *     against 20 ms, and again with 100,000 services and 1,000,000 reviews, against 2× that.
 *     A course with 10,000 reviews against one with 10: each review sort and filter of its page,
 *     against 2× the small course's time (issue 10).
 *  3. Requests per second of GET /api/services against a bare node:http server doing the same
 *     work (bare-api-server.ts: same queries, same JSON, no framework), against at least half;
 *     a bare "hello world" rate is printed beside it for context.
 * Servers run as child processes on 127.0.0.1; the load comes from this process.
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import autocannon from "autocannon";
import { openDatabase } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { seedCatalogueIfEmpty } from "../../db/seed/index.ts";

const root = join(import.meta.dirname, "..", "..");
const work = mkdtempSync(join(tmpdir(), "ielts-hub-bench-"));
const children: ChildProcess[] = [];

async function prepareDatabase(name: string): Promise<string> {
  const url = `file:${join(work, name)}`;
  const { db } = openDatabase(url);
  await migrateToLatest(db);
  await seedCatalogueIfEmpty(db);
  await db.destroy();
  return url;
}

/** 100,000 services and 1,000,000 reviews from 10,000 students (100 each, 10 per course). */
function addLargeCatalogue(url: string) {
  const database = new DatabaseSync(url.slice("file:".length));
  database.exec("PRAGMA synchronous = OFF");
  database.exec("BEGIN");
  const base = Date.UTC(2020, 0, 1);
  const service = database.prepare(
    "insert into services (id, name, price_cents, description, image_url, created_by, created_at) values (?, ?, ?, ?, ?, null, ?)",
  );
  for (let i = 0; i < 100_000; i++) {
    service.run(
      `s${i}`,
      `Course ${i}`,
      1000 + (i % 9000),
      `Description of course ${i}. `.repeat(6),
      "/images/services/listening.svg",
      new Date(base + i * 1000).toISOString(),
    );
  }
  const user = database.prepare(
    "insert into users (id, name, email, image, created_at, updated_at) values (?, ?, ?, null, ?, ?)",
  );
  const now = new Date().toISOString();
  for (let u = 0; u < 10_000; u++)
    user.run(`u${u}`, `Student ${u}`, `student${u}@example.com`, now, now);
  const review = database.prepare(
    "insert into reviews (id, service_id, user_id, rating, message, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  for (let u = 0; u < 10_000; u++) {
    for (let k = 0; k < 100; k++) {
      const s = (u * 37 + k * 1000) % 100_000;
      const at = new Date(base + (u * 100 + k) * 500).toISOString();
      review.run(
        `r${u}-${k}`,
        `s${s}`,
        `u${u}`,
        1 + ((u + k) % 5),
        "A useful course with clear lessons.",
        at,
        at,
      );
    }
  }
  // IELTS results on three reviews in ten, and helpful votes spread over the reviews.
  database.exec(`update reviews set ielts_module = case when rowid % 2 = 0 then 'academic' else 'general' end,
    band_before = 5 + (rowid % 5) * 0.5, band_achieved = 5.5 + (rowid % 6) * 0.5, test_month = '2026-03'
    where rowid % 10 < 3`);
  database.exec("update reviews set helpful_count = rowid % 7");
  // A course with 10,000 reviews (one from each student) and one with 10.
  for (const [id, reviews] of [
    [BIG_COURSE, 10_000],
    [SMALL_COURSE, 10],
  ] as const) {
    service.run(
      id,
      `Course with ${reviews} reviews`,
      5000,
      "A course for the review benchmarks. ".repeat(6),
      "/images/services/listening.svg",
      new Date(base).toISOString(),
    );
    for (let u = 0; u < reviews; u++) {
      const at = new Date(base + u * 60_000).toISOString();
      review.run(`${id}-r${u}`, id, `u${u}`, 1 + (u % 5), "A review of the big course.", at, at);
    }
    database.exec(`update reviews set ielts_module = 'academic', band_before = 6, band_achieved = 7,
      test_month = '2026-03', helpful_count = rowid % 11 where service_id = '${id}' and rowid % 3 = 0`);
  }
  const vote = database.prepare(
    "insert into review_votes (review_id, user_id, created_at) values (?, ?, ?)",
  );
  for (let u = 0; u < 2_000; u++) vote.run(`${BIG_COURSE}-r${u}`, `u${(u + 1) % 10_000}`, now);
  database.exec("COMMIT");
  database.exec("ANALYZE");
  database.close();
}

const BIG_COURSE = "s-big";
const SMALL_COURSE = "s-small";
/** The course page's list choices, each measured on both courses. */
const REVIEW_VIEWS = [
  "",
  "?sort=highest",
  "?sort=lowest",
  "?sort=helpful",
  "?stars=5",
  "?module=academic",
  "?page=3",
];

async function startSite(url: string, port: number): Promise<void> {
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), NODE_ENV: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.push(child);
  await waitFor(`http://127.0.0.1:${port}/api/`);
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function javascriptOnFirstLoad(origin: string): Promise<number> {
  const html = await (await fetch(`${origin}/`)).text();
  const paths = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ""),
  );
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g))
    paths.add(match[1] ?? "");
  let total = 0;
  for (const path of paths) {
    // fetch() inflates the body, so the size on the wire is the sent Content-Length (files
    // under 512 bytes are sent as they are).
    const response = await fetch(`${origin}${path}`, { headers: { "accept-encoding": "gzip" } });
    const body = await response.arrayBuffer();
    total += Number(response.headers.get("content-length") ?? body.byteLength);
  }
  return total;
}

async function medianRenderMs(url: string, requests = 300): Promise<number> {
  console.log(`  timing ${url}`);
  for (let i = 0; i < 30; i++) await (await fetch(url)).text();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    const response = await fetch(url);
    await response.text();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

async function requestsPerSecond(url: string): Promise<number> {
  console.log(`  load on ${url}`);
  await autocannon({ url, connections: 10, duration: 2 });
  const result = await autocannon({ url, connections: 10, duration: 8 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function pages(origin: string) {
  const [first] = (await (await fetch(`${origin}/api/`)).json()) as { _id: string }[];
  return {
    "/": `${origin}/`,
    "/services": `${origin}/services`,
    "/services/{id}": `${origin}/services/${first?._id}`,
  };
}

const rows: string[][] = [];
const report = (what: string, measured: string, budget: string, ok: boolean) =>
  rows.push([what, measured, budget, ok ? "within" : "OVER"]);

try {
  execSync("node scripts/build-if-needed.ts", { cwd: root, stdio: "inherit" });

  console.log("Seeded catalogue…");
  const seeded = await prepareDatabase("seeded.db");
  const seededFile = seeded.slice("file:".length);
  await startSite(seeded, 3901);
  const origin = "http://127.0.0.1:3901";
  const javascript = await javascriptOnFirstLoad(origin);
  report(
    "JavaScript on first load of / (gzip)",
    `${(javascript / 1024).toFixed(1)} KB`,
    "≤ 130 KB",
    javascript <= 130 * 1024,
  );

  const small: Record<string, number> = {};
  for (const [name, url] of Object.entries(await pages(origin))) {
    small[name] = await medianRenderMs(url);
    report(
      `median render ${name}, seeded`,
      `${small[name]?.toFixed(2)} ms`,
      "< 20 ms",
      (small[name] ?? 99) < 20,
    );
  }

  const apiPath = "/api/services?page=0&size=9";
  const bare = spawn(
    process.execPath,
    [join(root, "scripts/bench/bare-api-server.ts"), seededFile, "3902"],
    {
      stdio: "inherit",
    },
  );
  const hello = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => { s.writeHead(200, { "content-type": "application/json" }); s.end("{}"); }).listen(3904, "127.0.0.1")`,
    ],
    { stdio: "inherit" },
  );
  children.push(bare, hello);
  await waitFor(`http://127.0.0.1:3902${apiPath}`);
  await waitFor("http://127.0.0.1:3904/");
  const siteRate = await requestsPerSecond(`${origin}${apiPath}`);
  const bareRate = await requestsPerSecond(`http://127.0.0.1:3902${apiPath}`);
  const helloRate = await requestsPerSecond("http://127.0.0.1:3904/");
  await stop(bare);
  await stop(hello);
  report(
    "GET /api/services req/s vs bare node:http, same work",
    `${Math.round(siteRate)} vs ${Math.round(bareRate)} (${((siteRate / bareRate) * 100).toFixed(0)}%)`,
    "≥ 50%",
    siteRate >= bareRate / 2,
  );
  rows.push(["(context) bare node:http answering {}", `${Math.round(helloRate)} req/s`, "", ""]);
  await stop(children[0]);

  console.log("100,000 services and 1,000,000 reviews…");
  const large = await prepareDatabase("large.db");
  addLargeCatalogue(large);
  await startSite(large, 3903);
  for (const [name, url] of Object.entries(await pages("http://127.0.0.1:3903"))) {
    const median = await medianRenderMs(url);
    const limit = 2 * Math.max(small[name] ?? 0, 1);
    report(
      `median render ${name}, large`,
      `${median.toFixed(2)} ms`,
      `≤ 2× seeded (${limit.toFixed(2)} ms)`,
      median <= limit,
    );
  }
  for (const view of REVIEW_VIEWS) {
    const small = await medianRenderMs(
      `http://127.0.0.1:3903/services/${SMALL_COURSE}${view}`,
      100,
    );
    const big = await medianRenderMs(`http://127.0.0.1:3903/services/${BIG_COURSE}${view}`, 100);
    const limit = 2 * Math.max(small, 1);
    report(
      `course of 10,000 reviews vs 10: /services/{id}${view || " (newest)"}`,
      `${big.toFixed(2)} vs ${small.toFixed(2)} ms`,
      `≤ 2× (${limit.toFixed(2)} ms)`,
      big <= limit,
    );
  }
} finally {
  for (const child of children) await stop(child);
  rmSync(work, { recursive: true, force: true });
}

const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
console.log("\nPerformance budgets");
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
