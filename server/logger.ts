import { writeSync } from "node:fs";
import { createRequire } from "node:module";
import { hostname } from "node:os";
import { type DestinationStream, type Logger, pino } from "pino";
import { maskEmailsIn } from "./log-redaction.ts";
import { currentRequest } from "./request-scope.ts";

export type { Logger };

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * The one logger of a server process (pino): JSON lines on stdout for whatever collects them
 * (journald, Docker, a log shipper), or readable single lines when stdout is a terminal. Every
 * line written while a request is answered carries its id (server/request-scope.ts).
 */
export function createLogger({
  level,
  destination,
}: {
  level: LogLevel;
  /** Where the lines go; by default stdout (tests pass a stream they read). */
  destination?: DestinationStream;
}): Logger {
  const stream = destination ?? (process.stdout.isTTY ? readableLines() : batchedStdout());
  const logger = pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      // "level":"info" reads better in a log search than pino's "level":30.
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const request = currentRequest();
        return request ? { requestId: request.id } : {};
      },
      serializers: { err: loggableError },
    },
    stream,
  );
  streams.set(logger, stream);
  return logger;
}

const streams = new WeakMap<Logger, DestinationStream>();
const HOSTNAME = JSON.stringify(hostname());

/**
 * An `info` line in the very shape pino writes (level, time, pid, hostname, then the fields, the
 * message last), straight to the logger's stream. For the one line every request writes, which
 * its caller puts together by hand: pino's own machinery (mixin, serializers, its key-by-key
 * writer) and even one JSON.stringify of the fields cost a kept answer of 20 µs 1.5 to 5 µs
 * (measured, decision 0043). `members`: the fields as JSON object members, `"msg"` last.
 */
export function writeInfoLine(logger: Logger, members: string) {
  if (!logger.isLevelEnabled("info")) return;
  const stream = streams.get(logger);
  if (!stream) {
    logger.info(JSON.parse(`{${members}}`));
    return;
  }
  stream.write(
    `{"level":"info","time":"${isoTimeNow()}","pid":${process.pid},"hostname":${HOSTNAME},${members}}\n`,
  );
}

/** Printable ASCII without quote or backslash: such a string, quoted, is its own JSON text. */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as a JSON value; a plain one (nearly every path, id and route) without escaping. */
export function jsonText(text: string): string {
  return PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text);
}

let isoMillisecond = 0;
let isoText = "";

/** The time as pino's isoTime writes it; made once per millisecond however many lines share it. */
function isoTimeNow(): string {
  const now = Date.now();
  if (now !== isoMillisecond) {
    isoMillisecond = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

/** Lines wait until this much is pending, or until the next quarter second. */
const BATCH_BYTES = 16 * 1024;
const BATCH_WAIT_MS = 250;

/**
 * stdout written in batches of 16 KB or every quarter of a second, whichever comes first, with
 * one plain write each (decision 0043). Measured with a pipe as stdout (as journald's or Docker's
 * is), a request's line cost the site 1 µs of CPU this way; one write per line, or pino's own
 * asynchronous destination (sonic-boom, a thread-pool write per batch), cost 10 to 12. When the
 * reader lags and the pipe is full, what was not taken waits for the next batch; pending lines
 * are written when the process exits.
 */
function batchedStdout(): DestinationStream & { flush: () => void } {
  let pending = "";
  const flush = () => {
    while (pending.length > 0) {
      try {
        const bytes = Buffer.from(pending);
        const written = writeSync(1, bytes);
        pending = written === bytes.length ? "" : bytes.subarray(written).toString();
      } catch (error) {
        // A full pipe that does not block: keep the lines for the next batch. Any other
        // failure (stdout closed) loses them: a request is never failed for its log line.
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") pending = "";
        return;
      }
    }
  };
  setInterval(flush, BATCH_WAIT_MS).unref();
  process.on("exit", flush);
  return {
    write(line: string) {
      pending += line;
      if (pending.length >= BATCH_BYTES) flush();
    },
    flush,
  };
}

/**
 * An error as a log line may carry it: its kind, message and stack only. A database error's own
 * fields (PostgreSQL's `detail`: "Key (email)=(…) already exists") would name the very values a
 * log must not, and a message may quote an address too.
 */
export function loggableError(error: unknown) {
  if (!(error instanceof Error)) return { message: maskEmailsIn(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: maskEmailsIn(error.message),
    stack: error.stack ? maskEmailsIn(error.stack) : undefined,
    ...(typeof code === "string" ? { code } : {}),
  };
}

function readableLines(): DestinationStream {
  // Loaded only at a terminal: a production process never needs the formatter.
  const require = createRequire(import.meta.url);
  const pretty = require("pino-pretty") as typeof import("pino-pretty");
  return pretty({
    singleLine: true,
    sync: true,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname,method,path,status,durationMs",
    // A request reads as what it was: "GET /services 200 12.3 ms", its other fields after it.
    messageFormat: (line, messageKey) =>
      line.method === undefined
        ? String(line[messageKey])
        : `${line.method} ${line.path} ${line.status} ${line.durationMs} ms`,
  });
}
