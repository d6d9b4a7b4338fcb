import { createRequire } from "node:module";
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
  return pino(
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
    destination ?? (process.stdout.isTTY ? readableLines() : batchedStdout()),
  );
}

/**
 * stdout written in batches of 4 KB or every quarter of a second, whichever comes first: a write
 * to a pipe per request cost a kept answer (which node:http sends in microseconds) a large share
 * of its time. pino writes what is pending when the process exits; a process killed outright
 * loses at most the last quarter second of lines (decision 0043).
 */
function batchedStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 });
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
