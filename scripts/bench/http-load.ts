/**
 * A minimal HTTP/1.1 load generator for `npm run bench`: `connections` keep-alive connections,
 * each sending its next request as soon as the previous answer is complete, for `seconds`. It
 * reads status, headers and as many body bytes as Content-Length or the chunked encoding says,
 * and decodes nothing.
 *
 * Why not autocannon (still used by `npm run bench:load` for overload): it turns every body into
 * a string (`body += data`), which for a compressed page costs the client more than the server
 * spends. On this machine it measured a bare node:http server replaying the very bytes of a
 * cached /services page at 9,300 requests a second and the same server sending 7.8 KB of ASCII
 * at 63,000: the client, not the server, was measured (the server was 85 % idle).
 */
import { connect, type Socket } from "node:net";
import { setTimeout as delay } from "node:timers/promises";

export interface LoadResult {
  /** Answers per second over the measured time. */
  rate: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx. */
  failures: number;
}

const HEADER_END = Buffer.from("\r\n\r\n");
/** Time for a supervisor to hand a new connection to one of its processes (node:cluster). */
const CONNECTION_GAP_MS = 5;

export async function httpLoad({
  url,
  connections,
  warmUpSeconds = 0,
  seconds,
  headers = {},
  onMeasureStart,
  onMeasureEnd,
}: {
  url: string;
  connections: number;
  /**
   * Load before the measured time, on the same connections, so that what is measured is the
   * server's pace under load, not its first answers (compiling, filling caches) nor the set-up of
   * connections opened while it was busy (which delayed some first answers by up to a second).
   */
  warmUpSeconds?: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Called as the measured time begins, and once its last answer is in (to read CPU times). */
  onMeasureStart?: () => void;
  onMeasureEnd?: () => void;
}): Promise<LoadResult> {
  const target = new URL(url);
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n${Object.entries(
      headers,
    )
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("")}\r\n`,
    "latin1",
  );
  const latencies: number[] = [];
  let failures = 0;
  // Every connection is open before the first request, one after another. A site of several
  // processes (node:cluster) hands a new connection to a process that has acknowledged the
  // previous one it got: connections opened in a burst, or while the processes were busy
  // answering, went unevenly (on two processes, 17 and 33 of fifty) and stayed so, each
  // process's connections then waiting on its own queue.
  const sockets: Socket[] = [];
  for (let i = 0; i < connections; i++) {
    sockets.push(
      await new Promise<Socket>((resolve, reject) => {
        const socket = connect(Number(target.port || 80), target.hostname, () => resolve(socket));
        socket.once("error", reject);
      }),
    );
    await delay(CONNECTION_GAP_MS);
  }
  const measuredFrom = performance.now() + warmUpSeconds * 1000;
  const ends = measuredFrom + seconds * 1000;
  const measureStart = onMeasureStart && setTimeout(onMeasureStart, warmUpSeconds * 1000);

  const runConnection = (socket: Socket) =>
    new Promise<void>((resolve, reject) => {
      socket.setNoDelay(true);
      let pending: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      /** What is left of the current answer's body, or the state of its chunked body. */
      let stage: "head" | "body" | "chunk-size" | "chunk-data" | "chunk-end" | "trailer" = "head";
      let remaining = 0;
      let status = 0;

      const send = () => {
        if (performance.now() >= ends) {
          socket.end();
          return;
        }
        sentAt = performance.now();
        socket.write(request);
      };
      const complete = () => {
        if (sentAt >= measuredFrom) {
          latencies.push(performance.now() - sentAt);
          lastAnswerAt = performance.now();
        }
        if (status < 200 || status > 299) failures++;
        stage = "head";
        send();
      };

      socket.on("error", reject);
      socket.on("close", () => resolve());
      socket.on("data", (data: Buffer) => {
        pending = pending.length === 0 ? data : Buffer.concat([pending, data]);
        for (;;) {
          if (stage === "head") {
            const end = pending.indexOf(HEADER_END);
            if (end === -1) return;
            const head = pending.toString("latin1", 0, end);
            pending = pending.subarray(end + 4);
            status = Number(head.slice(9, 12));
            const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
            if (length) {
              stage = "body";
              remaining = Number(length[1]);
            } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
              stage = "chunk-size";
            } else {
              complete(); // No body (304, or a HEAD).
            }
          } else if (stage === "body") {
            const taken = Math.min(remaining, pending.length);
            remaining -= taken;
            pending = pending.subarray(taken);
            if (remaining > 0) return;
            complete();
          } else if (stage === "chunk-size" || stage === "trailer") {
            const end = pending.indexOf("\r\n");
            if (end === -1) return;
            const line = pending.toString("latin1", 0, end);
            pending = pending.subarray(end + 2);
            if (stage === "trailer") {
              if (line === "") complete();
            } else {
              remaining = Number.parseInt(line, 16);
              stage = remaining === 0 ? "trailer" : "chunk-data";
            }
          } else if (stage === "chunk-data") {
            const taken = Math.min(remaining, pending.length);
            remaining -= taken;
            pending = pending.subarray(taken);
            if (remaining > 0) return;
            stage = "chunk-end";
          } else {
            if (pending.length < 2) return;
            pending = pending.subarray(2);
            stage = "chunk-size";
          }
        }
      });
      send();
    });

  let lastAnswerAt = measuredFrom;
  await Promise.all(sockets.map(runConnection)).finally(() => clearTimeout(measureStart));
  onMeasureEnd?.();
  const elapsed = (lastAnswerAt - measuredFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.floor((latencies.length - 1) * share)] ?? Number.NaN;
  return {
    rate: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    requests: latencies.length,
    failures,
  };
}
