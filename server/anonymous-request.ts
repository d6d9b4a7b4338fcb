import type { IncomingHttpHeaders } from "node:http";

/** A session, a two-factor challenge or a toast (Better Auth's cookies and the site's own). */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?ielts-hub[.-]/;

/**
 * Whether a request is anonymous: no bearer token, none of the site's cookies, and (for the
 * response cache) no Origin, since a page on another origin gets CORS headers of its own.
 */
export function isAnonymous(headers: IncomingHttpHeaders | Headers): boolean {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  if (get("authorization") || get("origin")) return false;
  const cookie = get("cookie");
  return !cookie || !PERSONAL_COOKIE.test(cookie);
}
