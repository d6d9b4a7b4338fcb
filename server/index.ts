/**
 * The entry point, run by Node as it is (never bundled). It loads the server (server/entry.ts)
 * through Vite in development and from the build otherwise, so the server and the pages share one
 * copy of every module.
 *
 * React picks its development or production build from NODE_ENV when first imported: the built
 * site always runs React's production build. NODE_ENV=production as the process was started also
 * means a public deployment (HTTPS-only headers and cookies, secrets required), so the server
 * reads the environment as it was before NODE_ENV is set here.
 */
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { AggregatorRegistry } from "prom-client";

type ServerEntry = typeof import("./entry.ts");

const development = process.argv.includes("--dev");
const environment = { ...process.env };
process.env.NODE_ENV = development ? "development" : "production";
const root = join(import.meta.dirname, "..");

/**
 * WEB_CONCURRENCY processes share the port (node:cluster): the first prepares the database
 * (migrations, the seeded catalogue) and, once it listens, the others start. Sessions, rate
 * limits, the mail outbox and the response cache's freshness all live in the database, so any
 * process may answer any request. A process that stops is replaced; one that stops before it
 * ever listened (a configuration mistake) stops the whole site. The server checks the value
 * with the rest of the configuration (server/config.ts); this only reads it.
 */
function processCount(): number {
  const wanted = environment.WEB_CONCURRENCY?.trim();
  if (development || !wanted) return 1;
  if (wanted === "auto") return availableParallelism();
  const count = Number(wanted);
  return Number.isInteger(count) && count > 1 && count <= 64 ? count : 1;
}

function superviseProcesses(count: number) {
  let stopping = false;
  // Whether every process stopped cleanly once told to: the supervisor's own exit code says so.
  let allStoppedCleanly = true;
  // Each process reads the environment as it was given, not with the NODE_ENV set above.
  const fork = () => cluster.fork({ NODE_ENV: environment.NODE_ENV ?? "" });
  const listened = new Set<number>();
  cluster.on("listening", (worker) => {
    const first = listened.size === 0;
    listened.add(worker.id);
    if (first && !stopping) for (let i = 1; i < count; i++) fork();
    // Connections are shared out as they open: one opened before every process listens stays
    // with the first (the bench waits for this line before loading the site).
    if (listened.size === count) console.log(`All ${count} server processes are serving.`);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) allStoppedCleanly = false;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(allStoppedCleanly ? 0 : 1);
      return;
    }
    if (!listened.has(worker.id)) process.exit(code ?? 1);
    console.error(`A server process stopped (${signal ?? `exit code ${code}`}); starting another.`);
    fork();
  });
  // Every process drains itself (server/serve.ts): each keeps serving through its grace period,
  // then finishes what it has in hand; the supervisor waits for the last one.
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once("SIGTERM", () => stopAll("SIGTERM"));
  process.once("SIGINT", () => stopAll("SIGINT"));
  answerMetricsForAll();
  fork();
}

/**
 * A scrape reaches one process; it asks here, and the answer counts every process together
 * (prom-client gathers each one's registry over IPC). The message names match server/metrics.ts,
 * which this file cannot import (it runs unbundled, before the build is loaded).
 */
function answerMetricsForAll() {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== "ielts-hub:metrics-request") return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: "ielts-hub:metrics-answer", id: message.id, text }),
      (error: unknown) => {
        console.error("Gathering the metrics of every process failed:", error);
        worker.send({ type: "ielts-hub:metrics-answer", id: message.id });
      },
    );
  });
}

const processes = processCount();
if (processes > 1 && cluster.isPrimary) {
  superviseProcesses(processes);
} else {
  await start();
}

async function start() {
  try {
    if (development) {
      const { createServer } = await import("vite");
      const vite = await createServer({ root, server: { middlewareMode: true } });
      const server = (await vite.ssrLoadModule("/server/entry.ts")) as ServerEntry;
      await server.serve({ environment, root, viteMiddleware: vite.middlewares });
    } else {
      const built = pathToFileURL(join(root, "build", "server", "index.js")).href;
      const server = (await import(built)) as ServerEntry;
      await server.serve({
        environment,
        root,
        requestLogAndMetricsSwitch: process.argv.includes("--request-log-and-metrics-switch"),
      });
    }
  } catch (error) {
    // A configuration mistake, or what stops the start and is the operator's to fix (the port
    // taken, the data folder or the database not to be opened: server/start-up-failures.ts), is
    // said as it is, without a stack; a defect keeps its stack.
    const operators =
      error instanceof Error && (error.name === "ConfigError" || error.name === "StartUpError");
    console.error(operators ? error.message : error);
    process.exit(1);
  }
}
