import type { IncomingMessage, ServerResponse } from "node:http";
import { redactTarget } from "./log-redaction.ts";
import { type Logger, writeInfoLine } from "./logger.ts";
import { type Metrics, routePattern } from "./metrics.ts";
import type { RequestRecord } from "./request-scope.ts";

export interface AnsweredRequest {
  method: string | undefined;
  /** The path and query as the client sent them. */
  target: string;
  /** Its route pattern (server/metrics.ts), when already worked out. */
  route?: string;
  status: number;
  bytes: number;
  startedAt: number;
  /** The client went away before the whole answer was sent. */
  aborted?: boolean;
}

/**
 * The line of one answered request. `cache` is `hit` or `miss` where the response cache was
 * asked, `pass` where it was not (a signed-in page, a write, a probe).
 */
export function writeAccessLine(logger: Logger, record: RequestRecord, answered: AnsweredRequest) {
  const queryAt = answered.target.indexOf("?");
  const route =
    answered.route ??
    routePattern(queryAt === -1 ? answered.target : answered.target.slice(0, queryAt));
  writeInfoLine(logger, {
    requestId: record.id,
    method: answered.method,
    path: redactTarget(answered.target),
    route,
    status: answered.status,
    bytes: answered.bytes,
    durationMs: Math.round((performance.now() - answered.startedAt) * 100) / 100,
    cache: record.cache ?? "pass",
    userId: record.userId,
    ...(answered.aborted ? { aborted: true } : {}),
    msg: "request",
  });
}

/**
 * Watches one node:http request, whoever answers it (a kept answer sent straight from node:http,
 * a 503 of the overload guard, a page): counts it in the metrics and writes its line once the
 * answer is sent or the client went away. One listener does both, and the route pattern is
 * worked out once for both: this runs for every request, so its cost is measured by the bench.
 */
export function observeRequest(
  { logger, metrics }: { logger: Logger; metrics: Metrics },
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
) {
  const startedAt = performance.now();
  // Read now: the app later rewrites req.url onto the public origin (server/public-origin.ts).
  const target = req.url ?? "/";
  const socket = req.socket;
  const writtenBefore = socket.bytesWritten;
  metrics.requestStarted();
  res.once("close", () => {
    const queryAt = target.indexOf("?");
    const route = routePattern(queryAt === -1 ? target : target.slice(0, queryAt));
    metrics.requestEnded(req.method, route, res.statusCode, startedAt);
    writeAccessLine(logger, record, {
      method: req.method,
      target,
      route,
      status: res.statusCode,
      // What went down the connection for this answer, headers and compression included.
      bytes: socket.bytesWritten - writtenBefore,
      startedAt,
      aborted: !res.writableFinished,
    });
  });
}
