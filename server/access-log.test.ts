import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import type { DB } from "../db/index.ts";
import {
  type AnsweredRequest,
  answeredAtOnce,
  hundredthsText,
  requestStart,
  writeAccessLine,
} from "./access-log.ts";
import { createLogger, jsonText } from "./logger.ts";
import { createMetrics, type Metrics } from "./metrics.ts";
import { newRequestRecord, type RequestRecord } from "./request-scope.ts";

/** The line writeAccessLine writes for one request, as text and as parsed. */
function lineOf(
  { id, ...learnt }: Pick<RequestRecord, "id"> & Partial<RequestRecord>,
  answered: AnsweredRequest,
) {
  const record = { ...newRequestRecord(id), ...learnt };
  const written: string[] = [];
  const logger = createLogger({
    level: "info",
    destination: { write: (line) => written.push(line) },
  });
  writeAccessLine(logger, record, answered);
  expect(written).toHaveLength(1);
  const text = written[0] ?? "";
  return { text, line: JSON.parse(text) as Record<string, unknown> };
}

const ANSWERED = {
  method: "GET",
  target: "/services",
  status: 200,
  bytes: 5321,
  durationMs: 12.3456,
};

describe("the request line, put together by hand", () => {
  it("is the JSON pino would write: its fields in pino's order, the message last, one line", () => {
    const { text, line } = lineOf(
      { id: "3f1e0c52-9a7b-4d0e-8c41-1b2a3c4d5e6f", userId: "user-1", cache: "hit" },
      ANSWERED,
    );
    expect(text.endsWith("}\n")).toBe(true);
    expect(text.indexOf("\n")).toBe(text.length - 1);
    expect(Object.keys(line)).toEqual([
      "level",
      "time",
      "pid",
      "hostname",
      "requestId",
      "method",
      "path",
      "route",
      "status",
      "bytes",
      "durationMs",
      "cache",
      "userId",
      "msg",
    ]);
    expect(line).toMatchObject({
      level: "info",
      pid: process.pid,
      requestId: "3f1e0c52-9a7b-4d0e-8c41-1b2a3c4d5e6f",
      method: "GET",
      path: "/services",
      route: "/services",
      status: 200,
      bytes: 5321,
      cache: "hit",
      userId: "user-1",
      msg: "request",
    });
    expect(new Date(line.time as string).toISOString()).toBe(line.time);
    expect(line.durationMs).toBe(12.35);
    // The very text JSON.stringify makes of the same fields: no spacing or escaping of its own.
    expect(text).toBe(`${JSON.stringify(line)}\n`);
  });

  it("says where a request waited in the database, and how the cache answered a crowd", () => {
    const waits = { connectionMs: 0.5, lockMs: 0, transactionMs: 1.234, commitMs: 1.1 };
    const { text, line } = lineOf({ id: "w", cache: "stale", waits }, ANSWERED);
    expect(line.waits).toEqual({
      connectionMs: 0.5,
      lockMs: 0,
      transactionMs: 1.23,
      commitMs: 1.1,
    });
    expect(line.cache).toBe("stale");
    expect(Object.keys(line).indexOf("waits")).toBe(Object.keys(line).indexOf("durationMs") + 1);
    expect(text).toBe(`${JSON.stringify(line)}\n`);
    expect(lineOf({ id: "s", cache: "shared" }, ANSWERED).line).not.toHaveProperty("waits");
    expect(lineOf({ id: "s", cache: "shared" }, ANSWERED).line.cache).toBe("shared");
  });

  it("leaves out the user when nobody signed in, says pass without the cache, marks a client gone", () => {
    const { line } = lineOf({ id: "abc" }, { ...ANSWERED, aborted: true });
    expect(line).not.toHaveProperty("userId");
    expect(line.cache).toBe("pass");
    expect(line.aborted).toBe(true);
    expect(Object.keys(line).at(-1)).toBe("msg");
  });

  it("stays one valid JSON line whatever the path holds: quotes, backslashes, controls, other scripts", () => {
    const awkward = [
      '/search?q="quoted"',
      "/a\\b",
      "/tab\there",
      "/line\nbreak\r\n",
      "/nul\u0000\u001f\u007f",
      "/café/日本語/😀",
      // A lone surrogate: JSON.stringify writes it escaped, so the line stays valid UTF-8.
      "/half\ud800",
      "/latin1\u00ff\u0080",
    ];
    for (const target of awkward) {
      const { text, line } = lineOf({ id: "x" }, { ...ANSWERED, target });
      expect(text.indexOf("\n")).toBe(text.length - 1);
      expect(line.path).toBe(target);
      expect(text).toBe(`${JSON.stringify(line)}\n`);
    }
  });

  it("says each request's own method and status when one address is asked again and again", () => {
    const target = "/services/8132dd50-9163-44d6-adaa-70df60886673";
    const first = lineOf({ id: "a", cache: "hit" }, { ...ANSWERED, target });
    const again = lineOf({ id: "b", cache: "hit" }, { ...ANSWERED, target });
    const notModified = lineOf({ id: "c" }, { ...ANSWERED, target, status: 304 });
    const head = lineOf({ id: "d" }, { ...ANSWERED, target, method: "HEAD" });
    // The clock may pass a millisecond between the two lines: everything else is the same text.
    const withoutTime = (text: string) => text.replace(/"time":"[^"]*"/, '"time":""');
    expect(withoutTime(again.text)).toBe(
      withoutTime(first.text).replace('"requestId":"a"', '"requestId":"b"'),
    );
    expect(notModified.line).toMatchObject({ status: 304, method: "GET", path: target });
    expect(head.line).toMatchObject({ status: 200, method: "HEAD", route: "/services/:id" });
    for (const { text, line } of [first, again, notModified, head])
      expect(text).toBe(`${JSON.stringify(line)}\n`);
  });

  it("dates the line by the wall clock when given the answer's monotonic clock reading", () => {
    const before = Date.now();
    const { line } = lineOf({ id: "t" }, { ...ANSWERED, answeredAt: performance.now() });
    const after = Date.now();
    const time = Date.parse(line.time as string);
    // Within the wall clock's reading before and after (and its millisecond), however long the
    // process has run: the monotonic clock starts near zero.
    expect(time).toBeGreaterThanOrEqual(before - 1);
    expect(time).toBeLessThanOrEqual(after + 1);
  });

  it("writes each millisecond's time as an ISO time, across seconds, minutes and days", () => {
    // Answers 7 ms apart for 7 s (every millisecond of a second met once), then one a day
    // later: every time is the clock's own ISO text, and each is the one before it plus the step
    // (the second's text is kept, the milliseconds are added to it; a wrong second would be
    // 1,000 ms off). Within a millisecond: a reading is rounded down to its millisecond, and 7
    // added to it may round either way.
    const first = performance.now();
    const readings = Array.from({ length: 1000 }, (_, k) => first + k * 7);
    readings.push(first + 86_400_000);
    const times = readings.map((answeredAt, k) => {
      const { line } = lineOf({ id: `t${k}` }, { ...ANSWERED, answeredAt });
      const time = line.time as string;
      expect(new Date(time).toISOString()).toBe(time);
      return Date.parse(time);
    });
    const apart = (from: number, to: number) => (times[to] ?? 0) - (times[from] ?? 0);
    for (let k = 1; k < 1000; k++) expect(Math.abs(apart(k - 1, k) - 7)).toBeLessThanOrEqual(1);
    expect(Math.abs(apart(0, 1000) - 86_400_000)).toBeLessThanOrEqual(1);
  });

  it("follows the logger's level when it changes: no request lines above info, then again", () => {
    const written: string[] = [];
    const logger = createLogger({
      level: "info",
      destination: { write: (line) => written.push(line) },
    });
    const record = newRequestRecord("level");
    writeAccessLine(logger, record, ANSWERED);
    logger.level = "warn";
    writeAccessLine(logger, record, ANSWERED);
    logger.level = "debug";
    writeAccessLine(logger, record, ANSWERED);
    expect(written).toHaveLength(2);
  });

  it("still redacts the query's secrets and masks addresses", () => {
    const { line } = lineOf(
      { id: "x" },
      { ...ANSWERED, target: "/reset?token=s3cret&email=jane%40example.com&page=2" },
    );
    expect(line.path).toBe("/reset?token=[redacted]&email=[redacted]&page=2");
    // Asked again, the secret is still not shown (and was not kept by its address).
    const again = lineOf(
      { id: "y" },
      { ...ANSWERED, target: "/reset?token=s3cret&email=jane%40example.com&page=2" },
    );
    expect(again.text).not.toContain("s3cret");
    expect(again.text).not.toContain("jane");
  });
});

describe("hundredthsText", () => {
  it("writes a duration as JSON.stringify writes it rounded to hundredths", () => {
    const samples = [0, 0.004, 0.005, 0.01, 0.1, 0.5, 0.999, 1, 1.005, 2.675, 9.995, 10, 12.3456];
    samples.push(99.99, 100, 1234.5678, 30_000.001, 86_400_000.25);
    // Every hundredth up to 100 ms, and a spread of ordinary ones.
    for (let n = 0; n <= 10_000; n++) samples.push(n / 100, n / 100 + 0.004, n * 0.0137);
    for (const ms of samples)
      expect(hundredthsText(ms)).toBe(JSON.stringify(Math.round(ms * 100) / 100));
  });
});

describe("jsonText", () => {
  it("is JSON.stringify's text for every string, plain or not", () => {
    const samples = ["", "plain/path-1.2_3~", ' "', "\\", "\u0000", "\u2028\u2029", "é", "\udc00x"];
    for (let code = 0; code < 0x100; code++) samples.push(`a${String.fromCharCode(code)}b`);
    for (const sample of samples) expect(jsonText(sample)).toBe(JSON.stringify(sample));
  });
});

describe("counting an answer in the metrics", () => {
  /** A kept answer of `target`, as node:http hands it over, counted by `metrics`. */
  const answerOnce = (metrics: Metrics, target: string, status = 200) => {
    const logger = createLogger({ level: "silent" });
    const socket = { bytesWritten: 0, destroyed: false } as unknown as Socket;
    const req = { method: "GET", url: target, socket } as IncomingMessage;
    const res = { statusCode: status } as ServerResponse;
    const start = requestStart(req);
    answeredAtOnce({ logger, metrics }, req, res, newRequestRecord("m"), start);
  };
  const countsOf = async (metrics: Metrics) =>
    (await metrics.registry.getSingleMetricAsString("http_requests_total"))
      .split("\n")
      .filter((line) => line.startsWith("http_requests_total{"));

  it("counts each app's answers in its own metrics, though the line's middle is shared", async () => {
    // Tests make many apps in one process: the tally kept with a line's middle is one app's.
    const first = createMetrics({ db: {} as DB });
    const second = createMetrics({ db: {} as DB });
    answerOnce(first, "/services/counted-apart");
    answerOnce(first, "/services/counted-apart");
    answerOnce(second, "/services/counted-apart");
    answerOnce(second, "/services/counted-apart", 304);
    expect(await countsOf(first)).toEqual([
      'http_requests_total{method="GET",route="/services/:id",status="200"} 2',
    ]);
    expect(await countsOf(second)).toEqual([
      'http_requests_total{method="GET",route="/services/:id",status="200"} 1',
      'http_requests_total{method="GET",route="/services/:id",status="304"} 1',
    ]);
  });
});
