/**
 * `npm run bench:load`: the overload budget, measured and printed (it asserts nothing).
 * The site runs as `npm start` runs it (same heap bound) on a seeded SQLite database; then
 *  1. 500 connections for 20 s on server-rendered pages (home, catalogue, a course page);
 *  2. right after, how long the first API answer takes (recovery);
 *  3. 500 connections for 20 s on GET /api/services.
 * For each burst it prints timeouts (budget 0), 503s shed, and p99 latency (the API's under 1 s
 * after the page burst); for the whole run the peak memory of the server against the bound.
 * `npm run bench:load -- 5` runs 5-second bursts for a quick look.
 * Then the write phase (scripts/bench/write-phase.ts) on SQLite and on PostgreSQL with two
 * processes. `npm run bench:load -- --writes` runs only the write phase, and `--engine=sqlite`
 * or `--engine=postgres` only that engine's.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { openDatabase } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { seedCatalogueIfEmpty } from "../../db/seed/index.ts";
import { waitForSite } from "../wait-for-site.ts";
import { nodeOptionsOfStart, siteEnvironment } from "./start-options.ts";
import { type Engine, writePhase } from "./write-phase.ts";

const root = join(import.meta.dirname, "..", "..");
const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"));
const seconds = Number(process.argv.slice(2).find((arg) => !arg.startsWith("--")) ?? 20);
const onlyWrites = flags.includes("--writes");
const engines: Engine[] = flags.some((flag) => flag.startsWith("--engine="))
  ? flags.filter((flag) => flag.startsWith("--engine=")).map((flag) => flag.slice(9) as Engine)
  : ["sqlite", "postgres"];
const CONNECTIONS = 500;
const startOptions = nodeOptionsOfStart(root);
/** What the README promises: the heap bound of `npm start`, plus room for code and buffers. */
const heapMegabytes = Number(
  startOptions.find((option) => option.startsWith("--max-old-space-size="))?.split("=")[1] ??
    Number.NaN,
);
const MEMORY_BOUND_MB = heapMegabytes + 256;

/** The overload bursts of reads (the budget of decision 0034), on SQLite. */
async function readBursts() {
  const work = mkdtempSync(join(tmpdir(), "ielts-hub-load-"));
  const url = `file:${join(work, "load.db")}`;
  const { db } = openDatabase(url);
  await migrateToLatest(db);
  await seedCatalogueIfEmpty(db);
  const course = await db.selectFrom("services").select("id").executeTakeFirstOrThrow();
  await db.destroy();

  const port = 3900 + Math.floor(Math.random() * 50);
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...startOptions, "server/index.ts"], {
    cwd: root,
    env: { ...siteEnvironment(url, port), DATA_DIR: work },
    stdio: ["ignore", "ignore", "inherit"],
  });

  function rssMegabytes(field: "VmRSS" | "VmHWM"): number {
    try {
      const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  }

  async function burst(title: string, paths: string[]) {
    const result = await autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      // As browsers ask: compressed, which keeps each answer in flight a little longer.
      headers: { "accept-encoding": "gzip, deflate, br" },
      requests: paths.map((path) => ({ method: "GET", path })),
    });
    const shed = result.statusCodeStats?.["503"]?.count ?? 0;
    console.log(
      `${title}: ${result.requests.total} requests, ${result["2xx"]} answered, ${shed} shed with 503, ` +
        `${result.timeouts} timeouts (budget 0), ${result.errors - result.timeouts} other errors, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
    return result;
  }

  try {
    await waitForSite(`${origin}/api/`);
    const idle = rssMegabytes("VmRSS");
    console.log(
      `Load: ${CONNECTIONS} connections, ${seconds} s a burst; server heap bound ${heapMegabytes} MB, ` +
        `memory at rest ${idle.toFixed(0)} MB.`,
    );

    await burst("Pages (/, /services, a course)", ["/", "/services", `/services/${course.id}`]);
    const started = performance.now();
    let recovered = false;
    while (!recovered && performance.now() - started < 10_000) {
      recovered = (await fetch(`${origin}/api/services`)).ok;
    }
    console.log(
      `First API answer after the page burst: ${(performance.now() - started).toFixed(0)} ms (budget 1000).`,
    );
    const api = await burst("API (GET /api/services) after the page burst", ["/api/services"]);
    console.log(
      `API p99 after the page burst: ${api.latency.p99} ms (budget under 1000); timeouts: ${api.timeouts}.`,
    );
    const peak = rssMegabytes("VmHWM");
    console.log(
      `Peak memory of the server: ${peak.toFixed(0)} MB (bound ${MEMORY_BOUND_MB} MB: heap ${heapMegabytes} MB + 256 MB).`,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(work, { recursive: true, force: true });
  }
}

if (!onlyWrites) await readBursts();
for (const engine of engines) await writePhase(engine, root);
