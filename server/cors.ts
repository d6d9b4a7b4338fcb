import type { MiddlewareHandler } from "hono";

/** The methods the JSON API answers, offered to allowed origins' preflights. */
const ALLOWED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";
const ALLOWED_HEADERS = "Authorization, Content-Type, If-None-Match";
/** What a script on another origin may read of an answer, where the answer has it. */
const EXPOSED_HEADERS = "ETag, Link, Retry-After, X-Request-Id, X-Total-Count";
/** How long a browser may keep a preflight's answer: ten minutes (Chromium keeps at most two hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for the JSON API, for the origins the teacher allows (CORS_ORIGINS) and no other
 * (decision 0048). Such a page calls the API with a bearer token: no
 * `Access-Control-Allow-Credentials`, so a browser never sends the site's cookies along, and the
 * cross-site rule for cookie requests (server/cross-site.ts) is unchanged. An unlisted origin gets
 * no CORS header at all, and its browser keeps the answer from its script.
 */
export function allowListedOrigins(origins: ReadonlySet<string>): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin");
    // Whether an answer carries CORS headers depends on the Origin: caches must know. Set
    // before the answer is made, which keeps the API's fast path for its JSON answers.
    c.header("Vary", "Origin", { append: true });
    if (origin === undefined || !origins.has(origin)) return next();
    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      return c.body(null, 204, {
        "Access-Control-Allow-Origin": origin,
        "Access-Control-Allow-Methods": ALLOWED_METHODS,
        "Access-Control-Allow-Headers": ALLOWED_HEADERS,
        "Access-Control-Max-Age": String(PREFLIGHT_MAX_AGE_SECONDS),
        Vary: "Origin",
        "Cache-Control": "no-store",
      });
    }
    c.header("Access-Control-Allow-Origin", origin);
    c.header("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    await next();
    // Answers made whole elsewhere (Better Auth's, refusals) may lack what was set before them.
    if (c.res.headers.get("access-control-allow-origin") !== origin) {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set("Access-Control-Allow-Origin", origin);
      c.res.headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
      c.res.headers.append("Vary", "Origin");
    }
  };
}
