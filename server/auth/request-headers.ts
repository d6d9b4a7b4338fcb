/** The header the server sets to the client's address (from the socket, or the proxy's). */
export const CLIENT_ADDRESS_HEADER = "x-ielts-hub-client-address";
/** The header the server sets to the route a request came in on: `POST /login`, `POST /api/auth/…`. */
export const CLIENT_ROUTE_HEADER = "x-ielts-hub-client-route";

/**
 * The headers Better Auth gets, on the JSON API and from page actions alike: the request's own,
 * with the client's address and route set by the server. Whatever a client sent under these
 * names is overwritten, so the rate limits and the security log can trust them.
 */
export function authRequestHeaders(
  source: Headers,
  { address, method, path }: { address: string; method: string; path: string },
): Headers {
  const headers = new Headers(source);
  headers.set(CLIENT_ADDRESS_HEADER, address);
  // A header holds Latin-1 only, and a path may hold any character: keep it percent-encoded.
  headers.set(CLIENT_ROUTE_HEADER, `${method} ${printable(path)}`);
  return headers;
}

/** What a page action gives Better Auth: the page's own route, whether posted with or without JavaScript. */
export function pageAuthHeaders(request: Request, address: string): Headers {
  return authRequestHeaders(request.headers, {
    address,
    method: request.method,
    path: pagePath(new URL(request.url).pathname),
  });
}

/** The page a request is for: with JavaScript, React Router posts `/login` to `/login.data`. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

function printable(path: string): string {
  try {
    return encodeURI(path);
  } catch {
    // A lone surrogate cannot be encoded: the log need not show it.
    return path.replace(/[^\x20-\x7e]/g, "?");
  }
}
