import { writeSync } from "node:fs";
import { createRequire } from "node:module";
import { hostname } from "node:os";
import { performance } from "node:perf_hooks";
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
  const stream = destination ?? (process.stdout.isTTY ? readableLines() : batchedWrites(1));
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
  const sink: LineSink = { stream, infoEnabled: logger.isLevelEnabled("info") };
  logger.on("level-change", () => {
    sink.infoEnabled = logger.isLevelEnabled("info");
  });
  sinks.set(logger, sink);
  return logger;
}

/**
 * Where a logger's lines go, and whether it writes `info` lines: known here rather than asked of
 * pino per line (its level check reads three properties by symbol, on every request).
 */
interface LineSink {
  stream: DestinationStream;
  infoEnabled: boolean;
}
const sinks = new WeakMap<Logger, LineSink>();
const HOSTNAME = JSON.stringify(hostname());

/**
 * An `info` line in the very shape pino writes (level, time, pid, hostname, then the fields, the
 * message last), straight to the logger's stream. For the one line every request writes, which
 * its caller puts together by hand: pino's own machinery (mixin, serializers, its key-by-key
 * writer) and even one JSON.stringify of the fields cost a kept answer of 20 µs 1.5 to 5 µs
 * (measured, decision 0043). `members`: the fields as JSON object members, `"msg"` last;
 * `at`: when, as a `performance.now()` reading the caller already took (a clock reading fewer).
 */
export function writeInfoLine(logger: Logger, members: string, at?: number) {
  // The same logger every time (the app's): found once, not by a WeakMap lookup per line.
  if (logger !== lastLogger) {
    lastLogger = logger;
    lastSink = sinks.get(logger);
  }
  if (!lastSink) {
    if (logger.isLevelEnabled("info")) logger.info(JSON.parse(`{${members}}`));
    return;
  }
  if (lastSink.infoEnabled) lastSink.stream.write(`${infoLineStart(at)}${members}}\n`);
}

let lastLogger: Logger | undefined;
let lastSink: LineSink | undefined;

/** A line's first members as pino writes them: level (as a word), time, pid and hostname. */
function lineStart(level: "info" | "warn", now = Date.now()): string {
  return `${lineOpening(level)}${new Date(now).toISOString()}${LINE_START_END}`;
}

/** What comes before a line's time. */
const lineOpening = (level: "info" | "warn") => `{"level":"${level}","time":"`;
/** What follows a line's time: the same in every line of the process. */
const LINE_START_END = `","pid":${process.pid},"hostname":${HOSTNAME},`;
/** "000" to "999", the milliseconds of a line's time. */
const MILLISECOND_TEXTS = Array.from({ length: 1000 }, (_, ms) => String(ms).padStart(3, "0"));

let infoStartMillisecond = 0;
let infoStart = "";
let infoStartSecond = Number.NaN;
/** `{"level":"info","time":"2026-11-26T05:16:03.`: the start of lines of the same second. */
let infoStartToSecond = "";

/**
 * The wall clock's time less the monotonic clock's, to turn a `performance.now()` reading into a
 * line's time. Read again every second, so that a step of the wall clock (NTP, a resumed virtual
 * machine) shows in the lines within a second, as it does in those that read the wall clock.
 */
let wallClockOffset = Date.now() - performance.now();
setInterval(() => {
  wallClockOffset = Date.now() - performance.now();
}, 1000).unref();

/**
 * lineStart("info"), made once per millisecond however many lines share it, and from the
 * second's text and the milliseconds' one: a Date's ISO text made each millisecond cost a busy
 * server about 0.1 µs a line (a time zone lookup and a printf within V8; decision 0043).
 */
function infoLineStart(at?: number): string {
  const now = at === undefined ? Date.now() : Math.floor(at + wallClockOffset);
  if (now !== infoStartMillisecond) {
    infoStartMillisecond = now;
    const second = Math.floor(now / 1000);
    if (second !== infoStartSecond) {
      infoStartSecond = second;
      // "2026-11-26T05:16:03." of "2026-11-26T05:16:03.000Z".
      const secondText = new Date(second * 1000).toISOString().slice(0, 20);
      infoStartToSecond = `${lineOpening("info")}${secondText}`;
    }
    // Joined rather than added up: one flat string, copied whole into each line that shares it.
    infoStart = [
      infoStartToSecond,
      MILLISECOND_TEXTS[now - second * 1000],
      "Z",
      LINE_START_END,
    ].join("");
  }
  return infoStart;
}

/** Printable ASCII without quote or backslash: such a string, quoted, is its own JSON text. */
const PLAIN_TEXT = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as a JSON value; a plain one (nearly every path, id and route) without escaping. */
export function jsonText(text: string): string {
  return PLAIN_TEXT.test(text) ? `"${text}"` : JSON.stringify(text);
}

/** Lines wait until a batch of 64 KB is full, or until the next quarter second. */
const BATCH_BYTES = 64 * 1024;
const BATCH_WAIT_MS = 250;
/**
 * Lines are joined into runs of about 4 KB (in UTF-16 units) before they are encoded into the
 * batch: one encoding call per run instead of one per line, and a run small enough to die young.
 */
const RUN_UNITS = 4 * 1024;
/** What may wait for a reader that has stopped reading; lines beyond it are counted and dropped. */
const MAX_WAITING_BYTES = 8 * 1024 * 1024;

type Write = (fd: number, buffer: Uint8Array, offset?: number, length?: number) => number;

/**
 * Lines written to a file descriptor (stdout) in batches of 64 KB or every quarter of a second,
 * whichever comes first, each batch with one plain write (decision 0043). Measured with a pipe
 * as stdout (as journald's or Docker's is), one write per line, or pino's own asynchronous
 * destination (sonic-boom, a thread-pool write per batch), cost a kept answer 10 to 12 µs of its
 * 20. When the reader lags and the pipe is full, what it did not take waits, in order, for the
 * next quarter second (never retried line by line) and up to 8 MB; lines beyond that are dropped
 * and their number said once the reader catches up. What waits is written when the process exits.
 */
export function batchedWrites(
  fd: number,
  { write = writeSync as Write, maxWaitingBytes = MAX_WAITING_BYTES } = {},
): DestinationStream & { flush: () => void } {
  const batch = Buffer.allocUnsafe(BATCH_BYTES);
  let used = 0;
  /** Lines not yet encoded into the batch, one after the other. */
  let run = "";
  /** Bytes the descriptor has not taken yet (a full pipe), oldest first. */
  const waiting: Buffer[] = [];
  let waitingBytes = 0;
  let dropped = 0;

  /** Writes what waits; false while the descriptor takes no more. */
  const writeWaiting = (): boolean => {
    while (waiting.length > 0) {
      const first = waiting[0] as Buffer;
      const written = attempt(first, 0, first.length);
      if (written === undefined) return false;
      waitingBytes -= written;
      if (written === first.length) waiting.shift();
      else waiting[0] = first.subarray(written);
    }
    return true;
  };
  /** Bytes written, or undefined when none could be. */
  const attempt = (bytes: Buffer, from: number, to: number): number | undefined => {
    try {
      return write(fd, bytes, from, to - from);
    } catch (error) {
      // Another failure than a full pipe (stdout closed) loses the lines for good: a request is
      // never failed for its log line.
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") {
        waiting.length = 0;
        waitingBytes = 0;
      }
      return undefined;
    }
  };
  const keep = (bytes: Buffer) => {
    waiting.push(bytes);
    waitingBytes += bytes.length;
  };
  const writeBatch = () => {
    const caughtUp = writeWaiting();
    if (used > 0) {
      const written = caughtUp ? (attempt(batch, 0, used) ?? 0) : 0;
      // Copied: the batch is written over from now on.
      if (written < used) keep(Buffer.from(batch.subarray(written, used)));
      used = 0;
    }
  };
  /**
   * The run into the batch; the batch is written first when the run may not fit (UTF-8 takes up
   * to 3 bytes per UTF-16 unit).
   */
  const encodeRun = () => {
    if (run.length * 3 > BATCH_BYTES - used) {
      writeBatch();
      if (run.length * 3 > BATCH_BYTES) {
        // One line longer than a batch (a long stack) is written on its own.
        const bytes = Buffer.from(run);
        run = "";
        const written = waiting.length === 0 ? (attempt(bytes, 0, bytes.length) ?? 0) : 0;
        if (written < bytes.length) keep(bytes.subarray(written));
        return;
      }
    }
    used += batch.write(run, used);
    run = "";
  };
  const flush = () => {
    if (run.length > 0) encodeRun();
    writeBatch();
    if (dropped > 0 && waiting.length === 0) {
      const notice = `${lineStart("warn")}"msg":"${dropped} log lines were dropped: the log's reader took no more"}\n`;
      dropped = 0;
      add(notice);
    }
  };
  const add = (line: string) => {
    if (waitingBytes > maxWaitingBytes) {
      dropped++;
      return;
    }
    run += line;
    if (run.length >= RUN_UNITS) encodeRun();
  };
  setInterval(flush, BATCH_WAIT_MS).unref();
  process.on("exit", flush);
  return { write: add, flush };
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
