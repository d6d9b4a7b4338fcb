import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";

/**
 * A local webhook receiver (node:http on 127.0.0.1, a free port) standing in for the teacher's
 * system, and a signature check written from the Standard Webhooks specification alone
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md),
 * sharing no code with the site's signing, so the two cannot agree by sharing a mistake.
 */

/** Five minutes either way, as the specification's reference libraries allow. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
}

const header = (headers: IncomingHttpHeaders | Record<string, string>, name: string) => {
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The specification's verification: the three headers present; the timestamp within the
 * tolerance of `now` (seconds); the expected signature, HMAC-SHA256 under the secret's decoded
 * bytes over `id.timestamp.body`, among the space-separated `v1,<base64>` signatures, compared in
 * constant time. Returns the parsed body, or throws.
 */
export function verifyWebhook(
  secret: string,
  headers: IncomingHttpHeaders | Record<string, string>,
  body: string,
  now = Math.floor(Date.now() / 1000),
): unknown {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError("Missing headers");
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError("Invalid timestamp");
  const sent = Number(timestamp);
  if (now - sent > TIMESTAMP_TOLERANCE_SECONDS)
    throw new WebhookVerificationError("Message timestamp too old");
  if (sent - now > TIMESTAMP_TOLERANCE_SECONDS)
    throw new WebhookVerificationError("Message timestamp too new");
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  const expected = Buffer.from(
    createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64"),
  );
  for (const versioned of signatures.split(" ")) {
    const [version, signature] = versioned.split(",");
    if (version !== "v1" || signature === undefined) continue;
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected))
      return JSON.parse(body);
  }
  throw new WebhookVerificationError("No matching signature found");
}

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `performance.now()` when the whole request had arrived. */
  at: number;
}

/** How the receiver answers one request (the `count`th, from 1). */
export interface Answer {
  status?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Answer 200 and then talk on, 16 KB at a time, until the client hangs up. */
  endless?: boolean;
  /** Never answer (until the receiver closes). */
  silent?: boolean;
}

export async function startWebhookReceiver(
  answer: (request: ReceivedWebhook, count: number) => Answer = () => ({ status: 200 }),
) {
  const state = {
    received: [] as ReceivedWebhook[],
    answer,
    /** Bytes of an endless answer written before the client hung up, per request. */
    endlessBytes: [] as number[],
    /** Endless answers whose client hung up. */
    endlessClosed: 0,
    /** TCP connections opened to it, requests or not. */
    connections: 0,
    /** Called as each request arrives. */
    onRequest: (_request: ReceivedWebhook) => {},
  };
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const request: ReceivedWebhook = {
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: performance.now(),
      };
      state.received.push(request);
      state.onRequest(request);
      const reply = state.answer(request, state.received.length);
      if (reply.silent) {
        hanging.add(res);
        return;
      }
      if (reply.delayMs) await delay(reply.delayMs);
      if (reply.endless) {
        const chunk = Buffer.alloc(16 * 1024, "x");
        let written = 0;
        const index = state.endlessBytes.push(0) - 1;
        res.writeHead(200, { "content-type": "text/plain" });
        const talk = () => {
          while (!res.destroyed) {
            written += chunk.length;
            state.endlessBytes[index] = written;
            if (!res.write(chunk)) return void res.once("drain", talk);
          }
        };
        res.on("close", () => {
          state.endlessBytes[index] = written;
          state.endlessClosed++;
        });
        talk();
        return;
      }
      res.writeHead(reply.status ?? 200, reply.headers ?? {});
      res.end(reply.body ?? "");
    });
  });
  server.on("connection", () => {
    state.connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = "/hooks") => `http://127.0.0.1:${port}${path}`,
    state,
    /** Waits until `count` requests have arrived (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 5000) {
      const deadline = performance.now() + timeoutMs;
      while (state.received.length < count) {
        if (performance.now() > deadline)
          throw new Error(`The receiver got ${state.received.length} of ${count} requests.`);
        await delay(10);
      }
      return state.received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
