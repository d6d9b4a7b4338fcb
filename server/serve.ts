import cluster from "node:cluster";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { getRequestListener } from "@hono/node-server";
import {
  type TwoFactorKey,
  unreadableTwoFactorAccounts,
} from "../core/accounts/two-factor-keys.server.ts";
import { deleteExpiredRows } from "../core/site/housekeeping.server.ts";
import { prepareWritingMeasures } from "../core/writing/measure-answer.server.ts";
import { type DB, openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import {
  fillSeededCourseDetails,
  seedBlogIfEmpty,
  seedCatalogueIfEmpty,
  seedWritingTasksIfEmpty,
} from "../db/seed/index.ts";
import { answeredAtOnce, observeRequest, requestStart } from "./access-log.ts";
import { isAnonymous } from "./anonymous-request.ts";
import { createApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createDrain } from "./draining.ts";
import { asksForHealth, type Lifecycle } from "./health.ts";
import { READ_METHODS, refuseAsBusy, shedLoad } from "./load-shedding.ts";
import { createLogger } from "./logger.ts";
import { asksForMetrics } from "./metrics.ts";
import { putOnPublicOrigin } from "./public-origin.ts";
import { createReadTurns } from "./read-turns.ts";
import {
  answeringAWrite,
  inRequest,
  newRequestRecord,
  requestDatabaseTimings,
  requestIdFor,
} from "./request-scope.ts";
import { checkDatabase, checkDataDirectory, listen } from "./start-up-failures.ts";

/** Servers listening on the port in one process, each accepting a connection per loop turn. */
const ACCEPTING_SERVERS = 8;

type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface ServeOptions {
  /** The environment as the process was started (before the runner set NODE_ENV for React). */
  environment: Record<string, string | undefined>;
  /** The repository's root folder, where `build/client` is. */
  root: string;
  /** Development only: Vite's middleware, which serves the sources and hot updates. */
  viteMiddleware?: NodeMiddleware;
  /**
   * The benchmark only (`--request-log-and-metrics-switch`): SIGUSR2 turns the request line and
   * the request's metrics off, and on again, so that one process is measured with and without
   * them (two processes with the same code differed by up to 20 %, decision 0043). The request
   * id stays: it is the answer's own (X-Request-Id, the error pages' reference), not the log's.
   */
  requestLogAndMetricsSwitch?: boolean;
}

/** Reads the configuration, prepares the database, and serves the site until told to stop. */
export async function serve({
  environment,
  root,
  viteMiddleware,
  requestLogAndMetricsSwitch = false,
}: ServeOptions) {
  const config = loadConfig(environment);
  const logger = createLogger({ level: config.logLevel });
  // What the operator must fix is said in one line before anything is written (decision 0051).
  checkDataDirectory(config);
  await checkDatabase(config.databaseUrl);
  // Each request's line says where it waited in the database (decision 0056).
  const database = openDatabase(config.databaseUrl, {
    timings: requestDatabaseTimings,
    writing: answeringAWrite,
  });
  const { db, engine } = database;
  await migrateToLatest(db);
  const seeded = await seedCatalogueIfEmpty(db);
  const detailed = await fillSeededCourseDetails(db);
  const blogSeeded = await seedBlogIfEmpty(db);
  const writingSeeded = await seedWritingTasksIfEmpty(db);
  const housekeeping = () =>
    deleteExpiredRows(db).catch((error: unknown) =>
      logger.error({ err: error }, "Housekeeping failed"),
    );
  await housekeeping();
  setInterval(housekeeping, 60 * 60 * 1000).unref();
  // The Writing dictionaries, once per process, before it listens: their load blocks the event
  // loop for a moment, and /readyz waits for them (decision 0058).
  await prepareWritingMeasures();
  if (seeded > 0) logger.info(`Seeded the catalogue with ${seeded} courses.`);
  if (detailed > 0) logger.info(`Gave ${detailed} seeded courses their details.`);
  if (blogSeeded > 0) logger.info(`Published the blog's first ${blogSeeded} posts.`);
  if (writingSeeded > 0) logger.info(`Published ${writingSeeded} sample Writing tasks.`);

  const lifecycle: Lifecycle = { phase: "starting" };
  const { app, auth, mailOutbox, postScheduler, webhookWorker, responseCache, metrics } = createApp(
    {
      database,
      config,
      lifecycle,
      logger,
      // In development Vite serves the files (and the pages load through it).
      clientDirectory: viteMiddleware ? undefined : join(root, "build/client"),
    },
  );
  await refuseUnreadableTwoFactor(db, (await auth.$context).secretConfig);
  const toApp = getRequestListener(app.fetch);
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    putOnPublicOrigin(req, config.baseUrl);
    return toApp(req, res);
  };
  let shed = 0;
  const answer = shedLoad(
    (req, res) => {
      if (viteMiddleware) viteMiddleware(req, res, () => listener(req, res));
      else listener(req, res);
    },
    {
      maxInFlight: config.maxInFlight,
      onShed: () => {
        shed++;
        metrics.countShed();
      },
    },
  );
  // libuv accepts one new connection per turn of the event loop, and a turn of a busy process
  // is long: fifty people arriving at once waited seconds to be let in, however little their
  // requests asked (decision 0056). Several servers share the port (SO_REUSEPORT), each taking
  // one per turn. With WEB_CONCURRENCY the supervisor accepts and hands connections over.
  const servers = Array.from(
    { length: cluster.isWorker || process.platform !== "linux" ? 1 : ACCEPTING_SERVERS },
    () => createServer(),
  );
  const drain = createDrain(servers);
  /** A probe or a scrape asks about now: never shed as overload, nor answered from the cache. */
  const asksAboutNow = (req: IncomingMessage) =>
    asksForHealth(req.method, req.url) ||
    // Without a token /metrics is an unknown page, guarded like any other.
    (config.metricsToken !== undefined && asksForMetrics(req.method, req.url));
  /**
   * A kept answer, sent whole at once straight from node:http: no framework, no rendering, no
   * database. False when there is none. The kept answer's header list takes the request's id
   * itself: set beforehand, node:http would set every header of the list one by one (a tenth of
   * a kept answer's time).
   */
  const answerKept = (
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
  ): false | "hit" | "stale" => {
    drain.admit(res);
    return !asksAboutNow(req) && (responseCache?.answerDirectly(req, res, requestId) ?? false);
  };
  /** Any other answer: through the overload guard to the app, or straight to it for a probe. */
  const answerInApp = (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    res.setHeader("X-Request-Id", requestId);
    drain.follow(res);
    if (asksAboutNow(req)) listener(req, res);
    else answer(req, res);
  };
  const observers = { logger, metrics };
  let observing = true;
  if (requestLogAndMetricsSwitch)
    process.on("SIGUSR2", () => {
      observing = !observing;
      logger.info(`Request log and metrics ${observing ? "on" : "off"} (benchmark switch)`);
    });
  const readTurns = createReadTurns({
    refuse: (req, res) => {
      shed++;
      metrics.countShed();
      refuseAsBusy(req, res);
    },
  });
  const answerRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Here, so that every answer has its id, is counted and logged: kept ones sent from
    // node:http and 503s included.
    const record = newRequestRecord(requestIdFor(req.headers["x-request-id"], config.trustProxy));
    const reads = READ_METHODS.has(req.method ?? "GET");
    record.writes = !reads;
    const start = observing ? requestStart(req) : undefined;
    // A pipelined request (no socket yet) waits for the answers before it: its answer is not
    // sent at once, so it is watched as any other.
    const pipelined = res.socket === null;
    /** Answers the request; `watched` when its line and metrics are already arranged. */
    const respond = (watched: boolean) => {
      const kept = !pipelined && answerKept(req, res, record.id);
      if (kept) {
        record.cache = kept;
        if (start && !watched) answeredAtOnce(observers, req, res, record, start);
        return;
      }
      if (start && !watched) observeRequest(observers, req, res, record, start);
      inRequest(record, () => {
        if (!pipelined || !answerKept(req, res, record.id)) answerInApp(req, res, record.id);
      });
    };
    // Writes and signed-in requests first: anonymous reads take turns (server/read-turns.ts).
    if (reads && isAnonymous(req.headers) && !asksAboutNow(req) && !readTurns.now()) {
      if (start) observeRequest(observers, req, res, record, start);
      drain.follow(res);
      readTurns.wait(req, res, () => respond(true));
      return;
    }
    respond(false);
  };
  for (const server of servers) {
    server.on("request", answerRequest);
    // A client that trickles its headers or body must not hold a connection for long.
    server.headersTimeout = 10_000;
    server.requestTimeout = 30_000;
  }
  setInterval(() => {
    if (shed === 0) return;
    logger.warn(`Overloaded: ${shed} requests answered 503 in the last minute.`);
    shed = 0;
  }, 60_000).unref();

  // A port taken (or not this user's to open) stops the start with one line (decision 0051),
  // once the workers, started meanwhile, have finished what they hold.
  const listening = listen(servers, config.port);
  mailOutbox.start();
  postScheduler.start();
  webhookWorker.start();

  /**
   * Nothing in flight is dropped (decision 0041). /readyz says 503 at once, and for the grace
   * period everything else is served as before, while the load balancer notices and sends
   * visitors elsewhere. Then no new connection is accepted, idle ones are closed, and the
   * requests in flight finish (server/draining.ts). The mail in hand is finished and recorded before the process ends
   * (a newsletter copy cut off mid-send could not be sent again); rows not yet sent stay in the
   * outbox for the next start. So are the webhooks being sent (each within its 10 s); the others
   * wait in their table.
   */
  const shutdown = async (graceMs: number) => {
    if (lifecycle.phase === "stopping") return;
    lifecycle.phase = "stopping";
    // Whatever hangs, the process ends; a request still open by then is cut off.
    setTimeout(() => process.exit(1), graceMs + 60_000).unref();
    if (graceMs > 0) {
      logger.info(`Stopping: serving ${graceMs} ms more while /readyz answers 503.`);
      await delay(graceMs);
    }
    await Promise.allSettled([
      drain.drain(),
      mailOutbox.stop(),
      postScheduler.stop(),
      webhookWorker.stop(),
    ]);
    await db
      .destroy()
      .catch((error: unknown) => logger.error({ err: error }, "Closing the database"));
    logger.flush();
    process.exit(0);
  };
  // SIGTERM is a restart by the platform, which may still be sending visitors; Ctrl-C (SIGINT)
  // is a person at a terminal, who wants the process gone now.
  // Both may come (Ctrl-C reaches every process of the group, and the supervisor passes it on).
  process.on("SIGTERM", () => void shutdown(config.shutdownGraceMs));
  process.on("SIGINT", () => void shutdown(0));

  try {
    await listening;
  } catch (error) {
    await Promise.allSettled([mailOutbox.stop(), postScheduler.stop(), webhookWorker.stop()]);
    await db.destroy().catch(() => {});
    throw error;
  }
  if (lifecycle.phase === "starting") lifecycle.phase = "serving";
  logger.info(`IELTS Hub is serving ${config.baseUrl} (port ${config.port}, ${engine} database)`);
  // At once, for whoever waits for it (a supervisor, a test), not with the next batch.
  logger.flush();
}

/**
 * Two-factor secrets are kept encrypted with AUTH_SECRET: started with another one, the site
 * would fail every sign-in of those accounts. A changed AUTH_SECRET is the operator's to settle,
 * so it is said at start, with both ways out (decision 0032).
 */
async function refuseUnreadableTwoFactor(db: DB, key: TwoFactorKey) {
  const unreadable = await unreadableTwoFactorAccounts(db, key);
  if (unreadable.length === 0) return;
  throw new ConfigError(
    `AUTH_SECRET cannot open the two-factor sign-in of ${unreadable.length} account${
      unreadable.length === 1 ? "" : "s"
    }: it was turned on under another AUTH_SECRET. Start again with that one; or, if it must not be used any more (it leaked), run \`npm run two-factor -- reset-unreadable\` with the new one, which turns two-factor sign-in off for those accounts and tells each person by mail.`,
  );
}
