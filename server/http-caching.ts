import { hash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { sendsSessionCookie } from "./auth/session-cookie.ts";

/**
 * ASVS 14.3.2: answers meant for one person are never stored by a browser or a
 * shared cache; answers anyone may see are cacheable and revalidated with an ETag.
 */
export const PRIVATE = "private, no-store";
/** Cacheable, but checked with the server (If-None-Match → 304) before every reuse. */
export const PUBLIC_REVALIDATED = "public, no-cache";

/**
 * A public JSON answer with its validator: the same data for everyone, so cacheable,
 * and revalidated with a SHA-1 ETag (304 when the client's copy is current). The body is hashed
 * as it is written, and headers are set before the answer is made, which keeps Hono's fast path.
 */
export function publicJson(c: Context, value: unknown): Response {
  const body = JSON.stringify(value);
  const tag = `"${hash("sha1", body, "base64url")}"`;
  c.header("Cache-Control", PUBLIC_REVALIDATED);
  c.header("ETag", tag);
  if (clientHolds(c.req.header("if-none-match"), tag)) return c.body(null, 304);
  return c.body(body, 200, { "Content-Type": "application/json" });
}

/**
 * A public JSON answer that never changes while the process runs (the API's document, ~130 KB):
 * written and hashed once, compressed once the first client asks for an encoding (Brotli
 * quality 9: ~15 KB, a few milliseconds once; gzip 9), then answered as `publicJson` would. The
 * rest of the API is not compressed: its answers are small.
 */
export function publicConstantJson(value: unknown) {
  const body = Buffer.from(JSON.stringify(value));
  const tag = `"${hash("sha1", body, "base64url")}"`;
  const encoders = {
    br: () =>
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
    gzip: () => gzipSync(body, { level: 9 }),
  };
  const encoded: Partial<Record<keyof typeof encoders, Buffer>> = {};
  return (c: Context): Response => {
    c.header("Cache-Control", PUBLIC_REVALIDATED);
    c.header("ETag", tag);
    c.header("Vary", "Accept-Encoding");
    if (clientHolds(c.req.header("if-none-match"), tag)) return c.body(null, 304);
    const accepted = c.req.header("accept-encoding") ?? "";
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (!encoding) return c.body(new Uint8Array(body), 200, { "Content-Type": "application/json" });
    encoded[encoding] ??= encoders[encoding]();
    c.header("Content-Encoding", encoding);
    return c.body(new Uint8Array(encoded[encoding]), 200, {
      "Content-Type": "application/json",
    });
  };
}

/** Whether an If-None-Match header names this ETag (weak comparison, as GET and HEAD use). */
export function clientHolds(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

/**
 * Pages: a page seen with a session shows that person's name and links, and an answer that sets
 * a cookie belongs to one browser: both private. Anonymous pages may be stored, and are
 * revalidated with their ETag (304 when unchanged; server/response-cache.ts) before each reuse.
 */
export const pageCaching: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.headers.has("Cache-Control")) return;
  const personal = isPersonal(c.req.header("cookie"), c.res.headers);
  c.res.headers.set("Cache-Control", personal ? PRIVATE : "no-cache");
};

/**
 * In production every cookie is `Secure`, whichever part of the site set it: Better
 * Auth's are already, and this covers the ones React Router's pages set (the toast).
 */
export function secureCookies(headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.every((cookie) => /;\s*secure\s*(;|$)/i.test(cookie))) return;
  headers.delete("Set-Cookie");
  for (const cookie of cookies) {
    headers.append("Set-Cookie", /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
  }
}

/** Whether an answer is made for one visitor: they sent a session cookie, or it sets a cookie. */
export function isPersonal(cookieHeader: string | undefined, responseHeaders: Headers): boolean {
  return sendsSessionCookie(cookieHeader) || responseHeaders.has("Set-Cookie");
}
