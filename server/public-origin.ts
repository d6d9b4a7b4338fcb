import type { IncomingMessage } from "node:http";

/**
 * The request as the browser made it: on the site's public origin (BASE_URL). Behind an HTTPS
 * proxy, Node sees `http://host/...`; React Router compares the URL's origin with the browser's
 * Origin header before any action, and builds absolute links from it, so both must be the public
 * one. The path and query are kept; only the scheme, host and port are the configured ones.
 */
export function onPublicOrigin(request: Request, publicOrigin: string): Request {
  const url = request.url;
  // The common case (no proxy, or one that keeps the host and scheme) costs no new Request.
  if (url.startsWith(publicOrigin) && url[publicOrigin.length] === "/") return request;
  const { pathname, search } = new URL(url);
  return new Request(`${publicOrigin}${pathname}${search}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // Node streams a request body; fetch requires saying so.
    duplex: "half",
  } as RequestInit);
}

/**
 * The same, for Node's request before @hono/node-server makes a Request of it: a target in origin
 * form (`/path?query`, what browsers and proxies send) is made absolute on the public origin,
 * which node-server then takes as the Request's URL. onPublicOrigin then has nothing left to do:
 * its copy (a second Request, with its own AbortSignal tied to the first) took ~5 % of a
 * signed-in page's time.
 */
export function putOnPublicOrigin(incoming: IncomingMessage, publicOrigin: string): void {
  if (incoming.url?.startsWith("/")) incoming.url = `${publicOrigin}${incoming.url}`;
}
