import type { MiddlewareHandler } from "hono";
import {
  prepareWritingMeasures,
  writingMeasuresReady,
} from "../core/writing/measure-answer.server.ts";
import type { DB } from "../db/index.ts";
import { unappliedMigrations } from "../db/migrate.ts";
import type { Logger } from "./logger.ts";

/** Where a process is in its life: only a serving one should be sent visitors. */
export type Phase = "starting" | "serving" | "stopping";

export interface Lifecycle {
  phase: Phase;
}

export const HEALTH_PATHS: ReadonlySet<string> = new Set(["/healthz", "/readyz"]);

/** Whether a request (its method and target, as node:http gives them) asks for a health check. */
export function asksForHealth(method: string | undefined, target: string | undefined): boolean {
  if ((method !== "GET" && method !== "HEAD") || !target) return false;
  const queryAt = target.indexOf("?");
  return HEALTH_PATHS.has(queryAt === -1 ? target : target.slice(0, queryAt));
}

/** A database slower than this is as good as gone for a visitor: send them elsewhere. */
const DATABASE_ANSWER_LIMIT_MS = 1000;
/**
 * A check that never came back (a connection hung mid-query) is given up after this long and a
 * new one is tried. Until then every /readyz waits on the same one, so a hung database holds one
 * pooled connection, not one per probe.
 */
const ABANDON_CHECK_AFTER_MS = 10_000;

const NO_STORE = { "Cache-Control": "no-store" };

/** What /readyz says while the Writing dictionaries load (decision 0058). */
export const WRITING_MEASURES_LOADING = "the writing measures are loading";

/**
 * Whether Writing answers can be measured now, and how to get there: the real ones
 * (core/writing/measure-answer.server.ts) but in a test that proves /readyz waits for them.
 */
export interface WritingMeasuresReadiness {
  ready: () => boolean;
  prepare: () => Promise<void>;
}

const WRITING_MEASURES: WritingMeasuresReadiness = {
  ready: writingMeasuresReady,
  prepare: prepareWritingMeasures,
};

/**
 * `/healthz` says the process runs; `/readyz` whether it should be sent visitors: serving, the
 * Writing measures' dictionaries loaded (decision 0058), its database answering within a second,
 * every migration applied (decision 0041). Both answer before anything else in the app reads the
 * request, so no session, limit or refusal applies.
 */
export function healthChecks({
  db,
  lifecycle,
  logger,
  writingMeasures = WRITING_MEASURES,
}: {
  db: DB;
  lifecycle: Lifecycle;
  logger: Logger;
  writingMeasures?: WritingMeasuresReadiness;
}) {
  let check: { startedAt: number; outcome: Promise<string | undefined> } | undefined;

  /** Why the database is not fit to serve, or undefined when it is. */
  const databaseProblem = async (): Promise<string | undefined> => {
    try {
      const unapplied = await unappliedMigrations(db);
      if (unapplied.length === 0) return undefined;
      return `${unapplied.length} database migration${unapplied.length === 1 ? " is" : "s are"} not applied`;
    } catch (error) {
      // One line per failed check: probes come every few seconds.
      logger.error({ err: error }, "Readiness check: the database failed");
      return "the database failed";
    }
  };

  const sharedCheck = () => {
    if (!check || Date.now() - check.startedAt > ABANDON_CHECK_AFTER_MS) {
      const current = { startedAt: Date.now(), outcome: databaseProblem() };
      check = current;
      void current.outcome.finally(() => {
        if (check === current) check = undefined;
      });
    }
    return check.outcome;
  };

  const withinLimit = (outcome: Promise<string | undefined>) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`the database did not answer within ${DATABASE_ANSWER_LIMIT_MS} ms`),
        DATABASE_ANSWER_LIMIT_MS,
      );
    });
    return Promise.race([outcome, late]).finally(() => clearTimeout(timer));
  };

  /**
   * The server loads them before it listens (server/serve.ts): not ready here means that load is
   * still under way or failed, so it is asked for again (the same promise while it runs; a
   * failed one is tried anew), its failure logged, and the process is not sent visitors meanwhile.
   */
  const writingMeasuresProblem = (): string | undefined => {
    if (writingMeasures.ready()) return undefined;
    writingMeasures.prepare().catch((error: unknown) => {
      logger.error({ err: error }, "Readiness check: the writing measures failed to load");
    });
    return WRITING_MEASURES_LOADING;
  };

  const readiness = async (): Promise<string | undefined> => {
    if (lifecycle.phase !== "serving") return lifecycle.phase;
    const loading = writingMeasuresProblem();
    if (loading) return loading;
    const problem = await withinLimit(sharedCheck());
    // The process may have been told to stop while the database was asked.
    return lifecycle.phase === "serving" ? problem : lifecycle.phase;
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (c.req.path === "/healthz") return c.json({ status: "ok" }, 200, NO_STORE);
    if (c.req.path === "/readyz") {
      const reason = await readiness();
      if (reason === undefined) return c.json({ status: "ready" }, 200, NO_STORE);
      return c.json({ status: "unready", reason }, 503, NO_STORE);
    }
    return next();
  };
  return middleware;
}
