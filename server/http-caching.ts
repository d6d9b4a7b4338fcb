import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { etag } from "hono/etag";

/**
 * DESIGN §5 and ASVS 14.3.2: answers meant for one person are never stored by a browser or a
 * shared cache; answers anyone may see are cacheable and revalidated with an ETag.
 */
export const PRIVATE = "private, no-store";
/** Cacheable, but checked with the server (If-None-Match → 304) before every reuse. */
export const PUBLIC_REVALIDATED = "public, no-cache";

const sha1 = (body: Uint8Array) => createHash("sha1").update(body).digest().buffer as ArrayBuffer;
const withEtag = etag({ generateDigest: sha1 });

/** For the public JSON reads: the same data for everyone, so cacheable with a validator. */
export const publicAnswer: MiddlewareHandler = async (c, next) => {
  await withEtag(c, next);
  if (c.res.ok || c.res.status === 304) c.res.headers.set("Cache-Control", PUBLIC_REVALIDATED);
};

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?ielts-hub\.session_token=/;

/**
 * Pages: a page seen with a session shows that person's name and links, and an answer that sets
 * a cookie belongs to one browser: both private. Anonymous pages carry a fresh CSP nonce each
 * time, so they are revalidated rather than reused.
 */
export const pageCaching: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.headers.has("Cache-Control")) return;
  const personal =
    SESSION_COOKIE.test(c.req.header("cookie") ?? "") || c.res.headers.has("Set-Cookie");
  c.res.headers.set("Cache-Control", personal ? PRIVATE : "no-cache");
};

/**
 * In production every cookie is `Secure` (DESIGN §5), whichever part of the site set it: Better
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
