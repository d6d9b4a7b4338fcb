import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { PRIVATE } from "./http-caching.ts";

/**
 * CSP, nosniff, referrer policy, frame-ancestors; HSTS only in production, where the
 * site is served over HTTPS. A page's own inline scripts are allowed by their hashes, added to
 * `script-src 'self'` once the page is rendered (server/inline-script-hashes.ts). In development
 * Vite injects its own inline scripts, so the script rule is relaxed there.
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
      scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
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
 * Set before the handler answers, which keeps Hono's fast path for small JSON bodies. An answer
 * built as a whole Response (Better Auth's) does not take them: `completeApiHeaders` then adds
 * what is missing afterwards (server/api/fallback.ts calls it for every API answer).
 */
export function apiHeaders({ production }: { production: boolean }): MiddlewareHandler {
  const headers = apiHeaderList(production);
  return (c, next) => {
    for (const [name, value] of headers) c.header(name, value);
    return next();
  };
}

export function completeApiHeaders(response: Headers, production: boolean): void {
  if (response.has("X-Content-Type-Options")) return;
  for (const [name, value] of apiHeaderList(production)) {
    if (!response.has(name)) response.set(name, value);
  }
}
