import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
// Imported, not the global: Node defines the global `performance` as a getter, which every
// request's two readings went through (about 90 ns in all, measured with perf, decision 0043).
import { performance } from "node:perf_hooks";
import { redactTarget } from "./log-redaction.ts";
import { jsonText, type Logger, writeInfoLine } from "./logger.ts";
import { type AnswerTally, type Metrics, routePattern } from "./metrics.ts";
import type { RequestRecord, RequestWaits } from "./request-scope.ts";

export interface AnsweredRequest {
  method: string;
  /** The path and query as the client sent them. */
  target: string;
  status: number;
  bytes: number;
  durationMs: number;
  /** When it was answered, as read from `performance.now()`: the line's time. */
  answeredAt?: number;
  /** The client went away before the whole answer was sent. */
  aborted?: boolean;
}

/**
 * The line of one answered request. `cache` is `hit` or `miss` where the response cache was
 * asked, `pass` where it was not (a signed-in page, a write, a probe). Put together by hand, not
 * by JSON.stringify: every request writes one (decision 0043); server/access-log.test.ts holds
 * it to what JSON.stringify would write. Only the path and the user id can hold what JSON must
 * escape: a request id is a UUID or passed the well-formed check (server/request-scope.ts), a
 * method is a token node:http's parser knows, and a route is one of server/metrics.ts's patterns.
 */
export function writeAccessLine(
  logger: Logger,
  record: RequestRecord,
  answered: AnsweredRequest,
  middle = lineMiddle(answered.method, answered.target, answered.status),
) {
  const cache = record.cache ?? "pass";
  writeInfoLine(
    logger,
    `"requestId":"${record.id}${middle.text},"bytes":${answered.bytes},"durationMs":${hundredthsText(answered.durationMs)}${
      record.waits === undefined ? "" : waitsText(record.waits)
    }${
      record.userId === undefined && !answered.aborted
        ? ANONYMOUS_LINE_ENDS[cache]
        : `,"cache":"${cache}"${record.userId === undefined ? "" : `,"userId":${jsonText(record.userId)}`}${
            answered.aborted ? `,"aborted":true` : ""
          },"msg":"request"`
    }`,
    answered.answeredAt,
  );
}

/** Where a request that used the database waited (server/request-scope.ts). */
function waitsText(waits: RequestWaits): string {
  return `,"waits":{"connectionMs":${hundredthsText(
    waits.connectionMs,
  )},"lockMs":${hundredthsText(waits.lockMs)},"transactionMs":${hundredthsText(
    waits.transactionMs,
  )},"commitMs":${hundredthsText(waits.commitMs)}}`;
}

/** How the line of an anonymous answer the client took whole ends: one string, not four. */
const ANONYMOUS_LINE_ENDS = {
  hit: ',"cache":"hit","msg":"request"',
  miss: ',"cache":"miss","msg":"request"',
  stale: ',"cache":"stale","msg":"request"',
  shared: ',"cache":"shared","msg":"request"',
  pass: ',"cache":"pass","msg":"request"',
} as const;

/** A line's members from the method to the status, and the route pattern among them. */
interface LineMiddle {
  method: string;
  status: number;
  route: string;
  /** `","method":"GET","path":"/services","route":"/services","status":200`, one flat string. */
  text: string;
  /** Where the metrics count these answers, and whose metrics those are (tests make many). */
  tally: AnswerTally | undefined;
  tallyOf: Metrics | undefined;
}

/**
 * The middles of recent lines, by the request's target. Most requests ask for one of a few
 * addresses again and again (the kept answers above all), and making this part of the line —
 * redacting and escaping the path, finding its route, adding up eight pieces — was most of the
 * line's cost (decision 0043). Only a target the line shows as it is (nothing redacted) is kept,
 * so no secret from an address waits here; the map is emptied when it reaches its size.
 */
const recentMiddles = new Map<string, LineMiddle>();
const RECENT_MIDDLES_MAX = 1000;

function lineMiddle(method: string, target: string, status: number): LineMiddle {
  const kept = recentMiddles.get(target);
  if (kept !== undefined && kept.method === method && kept.status === status) return kept;
  const path = redactTarget(target);
  const route = routePattern(pathOf(target));
  const middle: LineMiddle = {
    method,
    status,
    route,
    // Joined, not added up: one flat string, copied whole into every line that shares it.
    text: [
      '","method":"',
      method,
      '","path":',
      jsonText(path),
      ',"route":"',
      route,
      '","status":',
      String(status),
    ].join(""),
    tally: undefined,
    tallyOf: undefined,
  };
  if (path === target) {
    if (recentMiddles.size >= RECENT_MIDDLES_MAX) recentMiddles.clear();
    recentMiddles.set(target, middle);
  }
  return middle;
}

/**
 * A duration in ms to two decimals, as JSON.stringify writes `Math.round(ms * 100) / 100`
 * ("12.35", "0.5", "3"), from its integer parts: a float's shortest text costs a tenth of a
 * microsecond more, on every line.
 */
export function hundredthsText(ms: number): string {
  const hundredths = Math.round(ms * 100);
  const whole = Math.floor(hundredths / 100);
  const part = hundredths - whole * 100;
  if (part === 0) return `${whole}`;
  if (part % 10 === 0) return `${whole}.${part / 10}`;
  return `${whole}.${part < 10 ? "0" : ""}${part}`;
}

function pathOf(target: string): string {
  const queryAt = target.indexOf("?");
  return queryAt === -1 ? target : target.slice(0, queryAt);
}

interface Observers {
  logger: Logger;
  metrics: Metrics;
}

/** What is read of a request before it is answered, for its line and its metrics. */
export interface RequestStart {
  startedAt: number;
  /** Read first: the app later rewrites req.url onto the public origin (server/public-origin.ts). */
  target: string;
  socket: Socket;
  /** The connection's bytes written so far: the answer's bytes are what it adds. */
  writtenBefore: number;
}

export function requestStart(req: IncomingMessage): RequestStart {
  return {
    startedAt: performance.now(),
    target: req.url ?? "/",
    socket: req.socket,
    writtenBefore: req.socket.bytesWritten,
  };
}

/**
 * Counts a request in the metrics and writes its line, once the answer is sent or the client
 * went away, whoever answers it (a page, the API, a 503 of the overload guard, a probe).
 */
export function observeRequest(
  observers: Observers,
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
  start: RequestStart,
) {
  observers.metrics.requestStarted();
  res.once("close", () => {
    observers.metrics.requestFinished();
    requestEnded(observers, req, res, record, start, !res.writableFinished);
  });
}

/**
 * Counts and writes the line of an answer already handed whole to the connection: a kept answer,
 * which node:http sends at once without a listener, in-flight count or tick of its own. Each of
 * those cost a kept answer (~20 µs) a noticeable share (decision 0043).
 */
export function answeredAtOnce(
  observers: Observers,
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
  start: RequestStart,
) {
  requestEnded(observers, req, res, record, start, start.socket.destroyed);
}

function requestEnded(
  { logger, metrics }: Observers,
  req: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
  start: RequestStart,
  aborted: boolean,
) {
  // Always there on a request node:http parsed (only a response's message lacks one).
  const method = req.method ?? "";
  // Worked out once, for the metrics and the line.
  const middle = lineMiddle(method, start.target, res.statusCode);
  const answeredAt = performance.now();
  const durationMs = answeredAt - start.startedAt;
  let tally = middle.tally;
  if (tally === undefined || middle.tallyOf !== metrics) {
    tally = metrics.answerTally(method, middle.route, res.statusCode);
    middle.tally = tally;
    middle.tallyOf = metrics;
  }
  tally.observe(durationMs / 1000);
  writeAccessLine(
    logger,
    record,
    {
      method,
      target: start.target,
      status: res.statusCode,
      // What went down the connection for this answer, headers and compression included.
      bytes: start.socket.bytesWritten - start.writtenBefore,
      durationMs,
      answeredAt,
      aborted,
    },
    middle,
  );
}
