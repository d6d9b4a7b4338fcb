import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { isApiPath } from "./refusal.ts";

/**
 * How many requests the process works on at once before it turns new ones away. A page takes a
 * few milliseconds of CPU, so 64 in flight already means answers ~200 ms late; more would only
 * queue inside the process, each holding its request, render and compression buffers, until
 * clients time out. Requests not yet read wait in the sockets and cost nothing.
 */
export const DEFAULT_MAX_IN_FLIGHT = 64;
/** Clients are told to come back after this long. */
const RETRY_AFTER_SECONDS = 1;

const BUSY_JSON = JSON.stringify({ message: "The server is busy. Please try again in a moment." });
const BUSY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Busy - IELTS Hub</title></head><body><main><h1>The site is busy</h1><p>Too many people are visiting at once. Please try again in a moment.</p></main></body></html>`;

/** Methods that only read: everything else writes, and is admitted before them (decision 0056). */
export const READ_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Bounded work in flight: past `maxInFlight` requests being answered, a new read gets an
 * immediate 503 with Retry-After instead of a place in a queue, so memory stays bounded, the
 * requests already admitted finish quickly, and the server is itself again as soon as the burst
 * ends. A request counts until its answer is fully sent (pages stream).
 *
 * Writes first (decision 0056): a write is never turned away because reads fill the process. It
 * has room of its own (`maxWritesInFlight`, by default as many again), and is refused, with the
 * same quick 503, only when writes alone fill that; reads in flight count the writes too, so a
 * crowd of readers gives way to the writers instead of the reverse.
 */
export function shedLoad(
  listener: RequestListener,
  {
    maxInFlight = DEFAULT_MAX_IN_FLIGHT,
    maxWritesInFlight = maxInFlight,
    onShed,
  }: { maxInFlight?: number; maxWritesInFlight?: number; onShed?: () => void } = {},
): RequestListener & { inFlight: () => number } {
  let inFlight = 0;
  let writesInFlight = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const write = !READ_METHODS.has(req.method ?? "GET");
    if (write ? writesInFlight >= maxWritesInFlight : inFlight >= maxInFlight) {
      onShed?.();
      refuseAsBusy(req, res);
      return;
    }
    inFlight++;
    if (write) writesInFlight++;
    let counted = true;
    const done = () => {
      if (counted) {
        counted = false;
        inFlight--;
        if (write) writesInFlight--;
      }
    };
    res.once("finish", done);
    res.once("close", done);
    listener(req, res);
  };
  return Object.assign(handle, { inFlight: () => inFlight });
}

/** The quick 503 of an overloaded process, as a page or as JSON. */
export function refuseAsBusy(req: IncomingMessage, res: ServerResponse) {
  // The API's reference (/api/docs) is a page: it is told so as a page.
  const api = isApiPath((req.url ?? "").split("?")[0] ?? "");
  const body = api ? BUSY_JSON : BUSY_PAGE;
  res.writeHead(503, {
    "Content-Type": api ? "application/json" : "text/html; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Retry-After": String(RETRY_AFTER_SECONDS),
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  });
  res.end(body);
  // The request's body is not wanted; drop it rather than keep the socket busy reading it.
  req.resume();
}
