/**
 * `npm run lighthouse`: Lighthouse's mobile audit (its default configuration: a mid-range phone
 * on a slow 4G network, simulated) of `/`, `/services`, a course page, `/blog`, the newest
 * post and the API reference (`/api/docs`) of the built site, and
 * a table of the four category scores against their targets: 100 for each (issue 11 asked 98 for
 * performance, issue 13 asks 100). Exits 1 when a score is under its target.
 *
 * It builds when a source changed, starts the site as a child process on a fresh SQLite database
 * holding the seeded catalogue (in a temporary folder, removed at the end), and drives the
 * system's Chromium (CHROMIUM_PATH to use another). Performance varies from run to run on a busy
 * machine, so each page is audited LIGHTHOUSE_RUNS times (5 by default) and the median of each
 * score is reported, as Lighthouse's own documentation advises. LIGHTHOUSE_REPORTS=<folder> keeps
 * every run's full report there.
 * Not part of `npm test`: it takes a minute or two and measures, rather than proves, behaviour.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedCatalogueIfEmpty } from "../db/seed/index.ts";
import { median } from "./median.ts";
import { waitForSite } from "./wait-for-site.ts";

const CATEGORIES = [
  ["performance", "Performance", 100],
  ["accessibility", "Accessibility", 100],
  ["best-practices", "Best practices", 100],
  ["seo", "SEO", 100],
] as const;
type Category = (typeof CATEGORIES)[number][0];

const root = join(import.meta.dirname, "..");
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3920);
const origin = `http://localhost:${port}`;
/** Where to keep each run's full report (JSON, viewable at googlechrome.github.io/lighthouse/viewer), if anywhere. */
const reportsDirectory = process.env.LIGHTHOUSE_REPORTS;

async function startSite(dataDirectory: string): Promise<ChildProcess> {
  const url = `file:${join(dataDirectory, "lighthouse.db")}`;
  const { db } = openDatabase(url);
  await migrateToLatest(db);
  await seedCatalogueIfEmpty(db);
  await db.destroy();
  // Not NODE_ENV=production: that means a public deployment, which needs real secrets and mail.
  // The pages, files and headers are the built site's all the same.
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDirectory,
      PORT: String(port),
      SHUTDOWN_GRACE_MS: "0",
      NODE_ENV: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForSite(`${origin}/api/`, { seconds: 10, server: child });
  return child;
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** Each category's median score (0–100) over `runs` audits of `url`, and what kept it down. */
async function audit(url: string, chromePort: number) {
  const scores: Record<Category, number[]> = {
    performance: [],
    accessibility: [],
    "best-practices": [],
    seo: [],
  };
  /** "category: audit title" → its value in each run where it lost points. */
  const failing = new Map<string, string[]>();
  const benchmarkIndexes: number[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES.map(([id]) => id),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (reportsDirectory) {
      const name = `${new URL(url).pathname.replaceAll("/", "_") || "_"}-${run + 1}.json`;
      writeFileSync(join(reportsDirectory, name), JSON.stringify(result.lhr));
    }
    benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
    for (const [id] of CATEGORIES) {
      const category = result.lhr.categories[id];
      scores[id].push(Math.round((category?.score ?? 0) * 100));
      // The scored audits that lost points, to say what to fix.
      for (const reference of category?.auditRefs ?? []) {
        const item = result.lhr.audits[reference.id];
        if (reference.weight > 0 && item && item.score !== null && item.score < 1) {
          const key = `${id}: ${item.title}`;
          failing.set(key, [...(failing.get(key) ?? []), item.displayValue ?? "failed"]);
        }
      }
    }
  }
  return {
    medians: Object.fromEntries(CATEGORIES.map(([id]) => [id, median(scores[id])])) as Record<
      Category,
      number
    >,
    failing,
    benchmarkIndex: median(benchmarkIndexes),
  };
}

const work = mkdtempSync(join(tmpdir(), "ielts-hub-lighthouse-"));
let site: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
let belowTarget = false;
try {
  execFileSync(process.execPath, ["scripts/build-if-needed.ts"], { cwd: root, stdio: "inherit" });
  if (reportsDirectory) mkdirSync(reportsDirectory, { recursive: true });
  site = await startSite(work);
  const [first] = (await (await fetch(`${origin}/api/`)).json()) as { _id: string }[];
  if (!first) throw new Error("The seeded catalogue is empty.");
  const { posts } = (await (await fetch(`${origin}/api/posts`)).json()) as {
    posts: { slug: string }[];
  };
  if (!posts[0]) throw new Error("The seeded blog is empty.");
  const pages = {
    "/": "/",
    "/services": "/services",
    "/services/{id}": `/services/${first._id}`,
    "/blog": "/blog",
    "/blog/{slug}": `/blog/${posts[0].slug}`,
    "/api/docs": "/api/docs",
  };

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    // CI runs as root, where Chromium needs --no-sandbox.
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });

  const rows: string[][] = [
    ["page", ...CATEGORIES.map(([, name, target]) => `${name} (≥ ${target})`)],
  ];
  const notes: string[] = [];
  const benchmarkIndexes: number[] = [];
  for (const [name, path] of Object.entries(pages)) {
    console.log(`Auditing ${name} (${runs} ${runs === 1 ? "run" : "runs"})…`);
    const { medians, failing, benchmarkIndex } = await audit(`${origin}${path}`, chrome.port);
    benchmarkIndexes.push(benchmarkIndex);
    rows.push([
      name,
      ...CATEGORIES.map(([id, , target]) => {
        const under = medians[id] < target;
        belowTarget ||= under;
        return `${medians[id]}${under ? " UNDER" : ""}`;
      }),
    ]);
    for (const [audit, values] of failing) notes.push(`${name} ${audit}: ${values.join(", ")}`);
  }

  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  console.log("\nLighthouse, mobile (median of each score)");
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
  if (notes.length > 0) {
    console.log("\nAudits that lost points in at least one run:");
    for (const note of notes) console.log(`  ${note}`);
  }
  // Lighthouse simulates a phone by slowing what this machine did by 4, which its documentation
  // (docs/throttling.md) calibrates for a machine of benchmark index 1300 or more: on a slower or
  // busy one the CPU-bound metrics, Total Blocking Time above all, come out worse than a phone's.
  const index = Math.round(median(benchmarkIndexes));
  console.log(
    `\nThis machine's Lighthouse benchmark index: ${index}${index < 1300 ? " (under the 1300 Lighthouse's CPU slowdown assumes: performance is understated; run on a quieter machine)" : ""}.`,
  );
  console.log(belowTarget ? "Some scores are under target." : "Every score meets its target.");
} finally {
  chrome?.kill();
  await stop(site);
  rmSync(work, { recursive: true, force: true });
}
process.exit(belowTarget ? 1 : 0);
