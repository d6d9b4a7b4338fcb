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
