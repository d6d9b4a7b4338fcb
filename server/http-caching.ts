import { hash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { sendsSessionCookie } from "./auth/session-cookie.ts";
import { chosenEncoding, type Encoding, encode, SMALLEST_COMPRESSED } from "./page-compression.ts";

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
 * `headers` that describe the answer (a list's total and links) are sent with it and hashed into
 * its validator, so a copy with a stale total is not declared current. Over 1 KB it is
 * compressed as the client accepts (once per encoding when the response cache keeps it), and its
 * validator is then weak: the same JSON, in other bytes.
 */
export function publicJson(
  c: Context,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): Response {
  const body = JSON.stringify(value);
  let validated = body;
  for (const [name, header] of Object.entries(headers)) {
    c.header(name, header);
    validated += `\n${name}: ${header}`;
  }
  const encoding = encodingFor(c, body);
  const tag = `"${hash("sha1", validated, "base64url")}"`;
  c.header("Cache-Control", PUBLIC_REVALIDATED);
  c.header("ETag", encoding ? `W/${tag}` : tag);
  if (clientHolds(c.req.header("if-none-match"), tag)) return c.body(null, 304);
  return jsonBody(c, body, 200, encoding, { personal: false });
}

/**
 * A JSON answer made for its caller (private, as the API's headers say by default), compressed
 * like `publicJson` when over 1 KB, at the fastest level since it is made on every call. Answers
 * whose shape keeps them small (`{message}`, `{insertedId}`) go through `c.json` as they are.
 */
export function privateJson(c: Context, value: unknown, status: ContentfulStatusCode = 200) {
  const body = JSON.stringify(value);
  return jsonBody(c, body, status, encodingFor(c, body), { personal: true });
}

/**
 * How a JSON text goes: as it is under 1 KB; over it, in the encoding the client accepts (br,
 * else gzip) if any, with `Vary: Accept-Encoding` whichever it gets.
 */
function encodingFor(c: Context, body: string): Encoding | undefined {
  // A character is at least one byte: most answers are told apart without counting bytes.
  if (body.length < SMALLEST_COMPRESSED && Buffer.byteLength(body) < SMALLEST_COMPRESSED) {
    return undefined;
  }
  c.header("Vary", "Accept-Encoding", { append: true });
  return chosenEncoding(c.req.header("accept-encoding"));
}

function jsonBody(
  c: Context,
  body: string,
  status: ContentfulStatusCode,
  encoding: Encoding | undefined,
  { personal }: { personal: boolean },
): Response {
  if (!encoding) return c.body(body, status, { "Content-Type": "application/json" });
  const encoded = encode(Buffer.from(body), encoding, { personal });
  c.header("Content-Encoding", encoding);
  const bytes = new Uint8Array(encoded.buffer as ArrayBuffer, encoded.byteOffset, encoded.length);
  return c.body(bytes, status, { "Content-Type": "application/json" });
}

/**
 * A public JSON answer that never changes while the process runs (the API's document, ~130 KB):
 * written and hashed once, compressed once the first client asks for an encoding (Brotli
 * quality 9: ~15 KB, a few milliseconds once; gzip 9), then answered as `publicJson` would.
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
    const encoding = chosenEncoding(c.req.header("accept-encoding"));
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
