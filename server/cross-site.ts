import type { Context, MiddlewareHandler } from "hono";
import { isApiPath, refuse } from "./refusal.ts";
import type { SecurityLog } from "./security-log.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** What a plain HTML form can send cross-site without the browser asking first (CORS). */
const FORM_CONTENT_TYPE =
  /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)/i;

export type CrossSiteVerdict = "allowed" | "foreign-origin" | "cross-site-fetch" | "no-origin";

/**
 * Whether an unsafe request may be a forgery.
 * - A bearer token with no cookie, sent to the API (`toApi`), is an API client: nothing ambient
 *   rides along, so it is judged on its token alone (a page on another site cannot set an
 *   Authorization header on a form). The pages know no bearer tokens, so one sent to a page
 *   changes nothing: it is judged as a browser's form.
 * - A page on an origin the teacher allows (CORS_ORIGINS) may call the API without cookies: its
 *   browser asked first (a CORS preflight) and sends no cookie of this site, and the API's
 *   sign-in for such pages answers a token in its body, never a cookie (server/api/tokens.ts).
 * - A browser names the page a request comes from (Origin, or Sec-Fetch-Site): it must be this
 *   site's public origin, BASE_URL. This also stops login forgery, which needs no cookie.
 * - With neither header the sender is not a current browser. Without cookies there is nothing to
 *   forge with; with cookies only a non-form body is accepted (a page on another site can send
 *   one only after a CORS preflight, which this site never grants).
 */
export function judgeCrossSite(
  headers: Headers,
  method: string,
  baseUrl: string,
  toApi: boolean,
  corsOrigins: ReadonlySet<string> = new Set(),
): CrossSiteVerdict {
  if (SAFE_METHODS.has(method)) return "allowed";
  const hasCookie = headers.has("cookie");
  if (toApi && !hasCookie && /^bearer\s/i.test(headers.get("authorization") ?? ""))
    return "allowed";
  const origin = headers.get("origin");
  if (toApi && !hasCookie && origin !== null && corsOrigins.has(origin)) return "allowed";
  if (origin !== null) return origin === baseUrl ? "allowed" : "foreign-origin";
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin" ? "allowed" : "cross-site-fetch";
  if (!hasCookie) return "allowed";
  return FORM_CONTENT_TYPE.test(headers.get("content-type") ?? "text/plain")
    ? "no-origin"
    : "allowed";
}

export function refuseCrossSite({
  baseUrl,
  corsOrigins,
  securityLog,
  addressOf,
}: {
  baseUrl: string;
  corsOrigins: ReadonlySet<string>;
  securityLog: SecurityLog;
  addressOf: (c: Context) => string;
}): MiddlewareHandler {
  return async (c, next) => {
    // Reads are never refused, and their headers are not even looked at (that costs a request).
    if (SAFE_METHODS.has(c.req.method)) return next();
    const verdict = judgeCrossSite(
      c.req.raw.headers,
      c.req.method,
      baseUrl,
      isApiPath(c.req.path),
      corsOrigins,
    );
    if (verdict === "allowed") return next();
    securityLog({
      event: "cross-site-refused",
      outcome: "refused",
      address: addressOf(c),
      route: `${c.req.method} ${c.req.path}`,
      reason: verdict,
      status: 403,
    });
    return refuse(c, 403, {
      title: "Request refused",
      message:
        "Requests from other sites are refused. Please go back to the page, reload it and try again.",
    });
  };
}
