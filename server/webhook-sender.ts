import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedAddress } from "../core/webhooks/webhook-addresses.server.ts";

/** How long one attempt may take, from connecting to the last byte read. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The most of an answer ever read: the status is what counts, the body is thrown away. */
export const MAX_ANSWER_BYTES = 64 * 1024;

export interface WebhookRequest {
  url: string;
  /** The addresses the host was checked to have: the connection goes to these and no other. */
  addresses: ResolvedAddress[];
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}

export interface WebhookAnswer {
  status: number;
  /** How much of the answer's body was read (never more than MAX_ANSWER_BYTES). */
  bytesRead: number;
}

/** How one attempt goes out: a real request (below), or a test's stand-in. */
export type SendWebhook = (request: WebhookRequest) => Promise<WebhookAnswer>;

/**
 * Node's lookup for this request, answering only with the addresses already checked, so the
 * connection cannot go anywhere a second lookup (a name that changed its answer, DNS
 * rebinding) would lead. With several, Node tries them in turn (happy eyeballs).
 */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (options.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(Object.assign(new Error("No checked address"), { code: "ENOTFOUND" }), "", 4);
  };
}

/**
 * POSTs one webhook: at most `timeoutMs` in all, no redirect followed (a 3xx is the answer, and
 * a failure), a fresh connection every time (a pooled one could be to another address), and no
 * more than MAX_ANSWER_BYTES of the answer read: a receiver that talks on and on is cut off.
 * Rejects when no answer came (refused, reset, timed out, a certificate that does not hold).
 */
export const sendWebhook: SendWebhook = ({
  url,
  addresses,
  headers,
  body,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
}) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = (target.protocol === "https:" ? httpsRequest : httpRequest)(target, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      lookup: pinnedLookup(addresses),
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s.`));
    }, timeoutMs);
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      outcome();
    };
    request.on("error", (error) => finish(() => reject(error)));
    request.on("response", (response: IncomingMessage) => {
      let bytesRead = 0;
      const done = () => finish(() => resolve({ status: response.statusCode ?? 0, bytesRead }));
      response.on("data", (chunk: Buffer) => {
        // Counted, not kept; of a chunk that goes past the limit, the rest is never looked at.
        bytesRead += Math.min(chunk.length, MAX_ANSWER_BYTES - bytesRead);
        if (bytesRead >= MAX_ANSWER_BYTES) {
          // Enough: the connection goes, whatever the receiver still has to say.
          response.destroy();
          request.destroy();
          done();
        }
      });
      response.on("end", done);
      // An answer cut off after its status line still says how the attempt went.
      response.on("error", done);
    });
    request.end(body);
  });
