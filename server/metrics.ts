import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import {
  AggregatorRegistry,
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
} from "prom-client";
import type { DB } from "../db/index.ts";

/** Asked of the cluster's primary by the process that received a scrape (server/index.ts answers). */
export const METRICS_REQUEST = "ielts-hub:metrics-request";
export const METRICS_ANSWER = "ielts-hub:metrics-answer";
/** A primary that does not answer within this long is not waited for: this process answers alone. */
const CLUSTER_ANSWER_LIMIT_MS = 5000;

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * The route a path belongs to, for labels: a raw path would make one series per course, post
 * and probing bot, which Prometheus would keep for ever.
 */
export function routePattern(path: string): string {
  const known = FIXED_ROUTES.get(path);
  if (known) return known;
  const parts = path.split("/");
  // "/services/abc" splits as ["", "services", "abc"].
  if (parts.length === 3 && parts[2] !== "") {
    if (parts[1] === "services") return "/services/:id";
    if (parts[1] === "blog") return "/blog/:slug";
  }
  if (parts.length === 4 && parts[1] === "api" && parts[3] !== "") {
    if (parts[2] === "services") return "/api/services/:id";
    if (parts[2] === "posts") return "/api/posts/:slug";
  }
  if (path.startsWith("/assets/")) return "/assets/*";
  if (path.startsWith("/api/")) return "/api/other";
  return "other";
}

const FIXED_ROUTES: ReadonlyMap<string, string> = new Map(
  [
    "/",
    "/services",
    "/blog",
    "/login",
    "/register",
    "/contact",
    "/about",
    "/healthz",
    "/readyz",
    "/metrics",
    "/robots.txt",
    "/sitemap.xml",
    "/api/services",
    "/api/posts",
  ].map((path) => [path, path]),
);

const DURATION = "http_request_duration_seconds";
/** Methods counted by name (8 at most, see RequestTallies); any other is counted as `other`. */
const COUNTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
type RequestLabels = { method: string; route: string; status: string };

/** The answers of one method, route pattern and status: their number, time and histogram. */
export class AnswerTally {
  readonly labels: RequestLabels;
  count = 0;
  sum = 0;
  /** Answers per bucket, not yet cumulative: the last is beyond the largest bound. */
  readonly perBucket: number[] = new Array(DURATION_BUCKETS.length + 1).fill(0);

  constructor(labels: RequestLabels) {
    this.labels = labels;
  }

  observe(seconds: number) {
    this.count++;
    this.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number))
      bucket++;
    (this.perBucket[bucket] as number)++;
  }
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, tallied in plain numbers and turned
 * into prom-client's series only when scraped. prom-client's own counter and histogram check and
 * hash their labels on every observation, which cost a kept answer (20 µs of CPU in all) a
 * quarter of its time again with the request log (measured, decision 0042). A caller that
 * answers the same method, route and status again and again keeps the tally it was given
 * (server/access-log.ts keeps it with the line's middle): then an answer costs three additions.
 */
class RequestTallies {
  /** By route pattern, then by status and method together (`status * 8 + method's index`). */
  readonly #byRoute = new Map<string, Map<number, AnswerTally>>();
  readonly #all: AnswerTally[] = [];

  tallyFor(method: string | undefined, route: string, status: number): AnswerTally {
    let byAnswer = this.#byRoute.get(route);
    if (!byAnswer) {
      byAnswer = new Map();
      this.#byRoute.set(route, byAnswer);
    }
    const methodIndex = COUNTED_METHODS.indexOf(method as (typeof COUNTED_METHODS)[number]);
    const key = status * 8 + (methodIndex === -1 ? COUNTED_METHODS.length : methodIndex);
    let tally = byAnswer.get(key);
    if (!tally) {
      tally = new AnswerTally({
        method: methodIndex === -1 ? "other" : (method as string),
        route,
        status: String(status),
      });
      byAnswer.set(key, tally);
      this.#all.push(tally);
    }
    return tally;
  }

  register(registry: Registry) {
    const tallies = this.#all;
    const labelNames = ["method", "route", "status"];
    class RequestCount extends Counter {
      override async get() {
        return {
          name: "http_requests_total",
          help: "HTTP answers sent, by method, route pattern and status.",
          type: "counter",
          aggregator: "sum",
          values: tallies.map(({ labels, count }) => ({ labels, value: count })),
        } as unknown as Awaited<ReturnType<Counter["get"]>>;
      }
    }
    /**
     * prom-client writes a histogram's text through `getForPromString()` (a scrape of this
     * process) and hands the cluster's primary what `get()` gives (server/index.ts): both read
     * the tallies here, so a lone process and the cluster show the same series. Each bucket
     * counts the answers at or under its bound (cumulative), the `+Inf` one all of them.
     */
    class RequestDuration extends Histogram {
      override async get() {
        return durationSeries() as unknown as Awaited<ReturnType<Histogram["get"]>>;
      }

      async getForPromString() {
        return durationSeries();
      }
    }
    const durationSeries = () => {
      const values: {
        labels: Record<string, string | number>;
        value: number;
        metricName: string;
      }[] = [];
      for (const { labels, count, sum, perBucket } of tallies) {
        let below = 0;
        DURATION_BUCKETS.forEach((bound, index) => {
          below += perBucket[index] as number;
          values.push({
            labels: { ...labels, le: bound },
            value: below,
            metricName: `${DURATION}_bucket`,
          });
        });
        values.push({
          labels: { ...labels, le: "+Inf" },
          value: count,
          metricName: `${DURATION}_bucket`,
        });
        values.push({ labels, value: sum, metricName: `${DURATION}_sum` });
        values.push({ labels, value: count, metricName: `${DURATION}_count` });
      }
      return {
        name: DURATION,
        help: "Time from the request's arrival to its answer fully sent.",
        type: "histogram",
        aggregator: "sum",
        values,
      };
    };
    new RequestCount({
      name: "http_requests_total",
      help: "HTTP answers sent, by method, route pattern and status.",
      labelNames,
      registers: [registry],
    });
    new RequestDuration({
      name: DURATION,
      help: "Time from the request's arrival to its answer fully sent.",
      labelNames,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
  }
}

/** Where the database gauges read from; the pool's numbers only on PostgreSQL. */
export interface MetricsSources {
  db: DB;
  poolUsage?: () => { inUse: number; waiting: number };
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * One registry per app (tests make many apps in one process). Counters are counted where things
 * happen; the database's numbers are read when scraped, so a request pays nothing for them.
 */
export function createMetrics({ db, poolUsage }: MetricsSources) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const tallies = new RequestTallies();
  tallies.register(registry);
  const inFlight = new Gauge({
    name: "http_requests_in_flight",
    help: "Requests being answered now.",
    registers: [registry],
  });
  const shed = new Counter({
    name: "http_requests_shed_total",
    help: "Requests answered 503 by the overload guard (MAX_IN_FLIGHT).",
    registers: [registry],
  });
  const cacheHits = new Counter({
    name: "response_cache_hits_total",
    help: "Anonymous reads answered from the response cache.",
    registers: [registry],
  });
  const cacheMisses = new Counter({
    name: "response_cache_misses_total",
    help: "Cacheable anonymous reads the response cache did not hold.",
    registers: [registry],
  });
  const mailSent = new Counter({
    name: "mail_sent_total",
    help: "Outbox rows sent by this process's mail worker.",
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: "mail_failed_total",
    help: "Outbox sends that failed (each attempt; retried until given up).",
    registers: [registry],
  });
  // Read from the shared database: every process would read the same number, so the cluster's
  // aggregate takes one, not the sum.
  new Gauge({
    name: "mail_outbox_queued",
    help: "Mail waiting in the outbox (not sent, not given up).",
    aggregator: "max",
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom("mail_outbox")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("failed_at", "is", null)
        .executeTakeFirst();
      this.set(Number(row?.count ?? 0));
    },
  });
  new Gauge({
    name: "newsletter_sends_in_progress",
    help: "Newsletter issues being sent now.",
    aggregator: "max",
    registers: [registry],
    async collect() {
      const row = await db
        .selectFrom("newsletter_issues")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("status", "=", "sending")
        .executeTakeFirst();
      this.set(Number(row?.count ?? 0));
    },
  });
  if (poolUsage) {
    // Each process has its own pool, so these are summed across the cluster.
    new Gauge({
      name: "db_pool_in_use",
      help: "Database connections lent out to queries now.",
      registers: [registry],
      collect() {
        this.set(poolUsage().inUse);
      },
    });
    new Gauge({
      name: "db_pool_waiting",
      help: "Queries waiting for a database connection.",
      registers: [registry],
      collect() {
        this.set(poolUsage().waiting);
      },
    });
  }
  // The cluster's primary asks each process for its registry through prom-client's own messages,
  // which a process answers once an AggregatorRegistry has been made in it.
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  /**
   * One node:http request, whoever answers it: counted in flight from its arrival
   * (`requestStarted`) until its answer is sent or the client leaves (`requestFinished`), and
   * once answered counted with its duration in the tally of its method, route pattern and
   * status (`answerTally`, given the route pattern server/access-log.ts works out once for the
   * log line too). A kept answer, sent whole at once, is never in flight between two ticks, so it
   * is only counted as answered.
   */
  const requestStarted = () => inFlight.inc();
  const requestFinished = () => inFlight.dec();
  const answerTally = (method: string | undefined, route: string, status: number) =>
    tallies.tallyFor(method, route, status);

  /** This process's metrics, or with other processes the whole cluster's (server/index.ts). */
  const exposition = async (): Promise<string> => {
    if (!cluster.isWorker || !process.send) return registry.metrics();
    return (await askPrimary()) ?? registry.metrics();
  };

  return {
    registry,
    requestStarted,
    requestFinished,
    answerTally,
    exposition,
    countShed: () => shed.inc(),
    countCacheHit: () => cacheHits.inc(),
    countCacheMiss: () => cacheMisses.inc(),
    countMailSent: () => mailSent.inc(),
    countMailFailed: () => mailFailed.inc(),
  };
}

let nextRequestId = 0;

function askPrimary(): Promise<string | undefined> {
  const id = ++nextRequestId;
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const answer = message as { type?: string; id?: number; text?: string; error?: string };
      if (answer?.type !== METRICS_ANSWER || answer.id !== id) return;
      settle(answer.text);
    };
    const timer = setTimeout(() => settle(undefined), CLUSTER_ANSWER_LIMIT_MS);
    const settle = (text: string | undefined) => {
      clearTimeout(timer);
      process.off("message", onMessage);
      resolve(text);
    };
    process.on("message", onMessage);
    process.send?.({ type: METRICS_REQUEST, id });
  });
}

function sameToken(given: string, expected: Buffer): boolean {
  const offered = Buffer.from(given);
  // timingSafeEqual needs equal lengths; comparing with itself keeps the time the same.
  if (offered.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(offered, expected);
}

/**
 * `GET /metrics` for Prometheus, with `Authorization: Bearer METRICS_TOKEN`. Without a token
 * configured it is an unknown page like any other (decision 0042).
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): MiddlewareHandler {
  const expected = token === undefined ? undefined : Buffer.from(token);
  return async (c, next) => {
    if (!expected || c.req.path !== "/metrics") return next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const authorization = c.req.header("authorization") ?? "";
    const given = authorization.startsWith("Bearer ") ? authorization.slice(7) : "";
    if (!sameToken(given, expected)) {
      return c.text("Unauthorized", 401, { ...NO_STORE, "WWW-Authenticate": "Bearer" });
    }
    const text = await metrics.exposition();
    return c.body(text, 200, { ...NO_STORE, "Content-Type": metrics.registry.contentType });
  };
}

/** Whether a request (as node:http gives it) asks for the metrics, past the guard and the cache. */
export function asksForMetrics(method: string | undefined, target: string | undefined): boolean {
  if ((method !== "GET" && method !== "HEAD") || !target) return false;
  return target === "/metrics" || target.startsWith("/metrics?");
}
