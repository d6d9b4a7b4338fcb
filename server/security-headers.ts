import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { PRIVATE } from "./http-caching.ts";

/**
 * DESIGN §5: CSP, nosniff, referrer policy, frame-ancestors; HSTS only in production, where the
 * site is served over HTTPS. Inline scripts run only with the per-response nonce, which the page
 * renderer reads from `secureHeadersNonce`. In development Vite injects its own inline scripts,
 * so the script rule is relaxed there.
 */
export function securityHeaders({
  production,
  development,
}: {
  production: boolean;
  development: boolean;
}): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'", NONCE],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Course images and profile photos may live on any HTTPS host.
      imgSrc: ["'self'", "https:", "data:"],
      fontSrc: ["'self'"],
      connectSrc: development ? ["'self'", "ws:"] : ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: production ? "max-age=31536000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * The JSON API's headers. A JSON response needs no script or style policy: it may not be framed,
 * sniffed as HTML, or loaded by other sites' pages. Private by default: the public reads say
 * otherwise (server/http-caching.ts).
 */
export function apiHeaderList(production: boolean): [string, string][] {
  const headers: [string, string][] = [
    ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cache-Control", PRIVATE],
  ];
  if (production)
    headers.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);
  return headers;
}

/**
 * Set before the handler answers (Hono's fast path), and again afterwards on an answer built as
 * a whole Response (Better Auth's), which does not take headers set beforehand.
 */
export function apiHeaders({ production }: { production: boolean }): MiddlewareHandler {
  const headers = apiHeaderList(production);
  return async (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    await next();
    if (c.res.headers.has("X-Content-Type-Options")) return;
    for (const [name, value] of headers) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  };
}
