import { hash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { type ContentChanges, EVERYTHING } from "../db/content-changes.ts";
import { clientHolds } from "./http-caching.ts";

/**
 * Anonymous answers of public pages and public API reads, kept in memory and answered again until
 * a write changes them (decision 0035). The same for every visitor until someone writes, which is
 * what a CDN would exploit; the site does it itself, correct across processes.
 *
 * - Only GET and HEAD of the paths `tagsOf` knows, and only for a request with no session,
 *   token or toast: a signed-in person is never answered from here, and their answers are never
 *   kept. An answer is kept only when it is a 200 with no Set-Cookie and not marked private.
 * - Each answer carries the tags of what it shows (`catalogue`, `course:<id>`); the database
 *   announces the tags each write changes (db/content-changes.ts), which makes exactly those
 *   answers stale. `site` makes every answer stale.
 * - An answer rendered while a write committed is not kept: the versions of its tags are read
 *   before it is made and compared before it is kept.
 * - Kept answers carry an ETag; a request with it in If-None-Match gets 304. An answer from the
 *   cache says so with `X-Cache: hit` (for operators and the tests).
 */
export interface ResponseCache {
  /**
   * Answers a request straight from node:http when it can, with its X-Request-Id; false to let
   * the app answer.
   */
  answerDirectly(request: IncomingMessage, response: ServerResponse, requestId: string): boolean;
  /** The app's outermost middleware: answers from the cache or keeps what the app answered. */
  middleware: MiddlewareHandler;
}

/** The epoch and the versions of an answer's tags when it was read from the database. */
interface Seen {
  epoch: number;
  versions: number[];
}

interface KeptAnswer extends Seen {
  status: number;
  /** Header names and values, flat, as node:http's writeHead takes them. */
  headers: string[];
  /** The 304's headers: the same without the body's length and encoding. */
  notModifiedHeaders: string[];
  /**
   * Each list again with a last slot for the request's id, for answerDirectly (the middleware's
   * answers get their id from the app).
   */
  headersWithId: string[];
  notModifiedHeadersWithId: string[];
  body: Buffer;
  etag: string;
  tags: string[];
}

const MAX_BYTES = 64 * 1024 * 1024;
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * The tags of what a public path shows, or undefined when its answers are not kept. React Router
 * asks for a page's data on client-side navigation as `<path>.data` (`/_root.data` for `/`).
 */
export function tagsOf(path: string): string[] | undefined {
  const page = path === "/_root.data" ? "/" : path.endsWith(".data") ? path.slice(0, -5) : path;
  if (CATALOGUE_PATHS.has(page)) return ["catalogue"];
  const course = COURSE_PATH.exec(page);
  if (course) {
    try {
      return [`course:${decodeURIComponent(course[1] ?? "")}`];
    } catch {
      return undefined; // Not a course id anyone could have written.
    }
  }
  if (FIXED_PAGE.test(page)) return [];
  return undefined;
}

const CATALOGUE_PATHS = new Set(["/", "/services", "/api/", "/api/services", "/sitemap.xml"]);
const COURSE_PATH = /^\/(?:services|api\/services|api\/reviews)\/([^/]+)$/;
// The blog's answers change with posts, whose writes announce `site` (migration 2026-11-25T17-00).
// The API's reference changes only with the code, and names the site in its footer.
const FIXED_PAGE =
  /^\/(?:blog(?:\/tag)?(?:\/[^/]+)?|api\/posts(?:\/[^/]+)?|api\/docs|about|privacy|terms|robots\.txt)$/;

/** A session, a two-factor challenge or a toast (Better Auth's cookies and the site's own). */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?ielts-hub[.-]/;

/** Whether the request is anonymous: no bearer token, none of the site's cookies. */
function anonymous(headers: IncomingHttpHeaders | Headers): boolean {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  // A page on another origin (CORS) gets headers of its own (server/cors.ts): never kept ones.
  if (get("authorization") || get("origin")) return false;
  const cookie = get("cookie");
  return !cookie || !PERSONAL_COOKIE.test(cookie);
}

function keyOf(pathAndQuery: string, acceptEncoding: string | null | undefined): string {
  return `${pathAndQuery}\n${acceptEncoding ?? ""}`;
}

const WITHOUT_BODY_HEADERS = new Set(["content-length", "content-encoding", "content-type"]);

/** Told of every cacheable read, for the metrics (server/metrics.ts). */
export interface CacheCounts {
  hit: () => void;
  miss: () => void;
}

export function createResponseCache(
  changes: ContentChanges,
  counts: CacheCounts = { hit: () => {}, miss: () => {} },
): ResponseCache {
  const answers = new LRUCache<string, KeptAnswer>({
    maxSize: MAX_BYTES,
    sizeCalculation: (answer) => answer.body.length + 512,
  });
  const versions = new Map<string, number>();
  let epoch = 0;
  changes.subscribe((tags) => {
    for (const tag of tags) {
      if (tag === EVERYTHING) {
        epoch++;
        versions.clear();
        answers.clear();
        return;
      }
      versions.set(tag, (versions.get(tag) ?? 0) + 1);
    }
  });

  /** The versions of these tags now, to compare with once the answer is made. */
  const seenNow = (tags: string[]): Seen => {
    changes.catchUp();
    return { epoch, versions: tags.map((tag) => versions.get(tag) ?? 0) };
  };
  /** Whether no write has changed these tags since `seen`. */
  const unchangedSince = (tags: string[], seen: Seen) =>
    seen.epoch === epoch && tags.every((tag, i) => (versions.get(tag) ?? 0) === seen.versions[i]);

  /** The tags of a request the cache may answer or keep, or undefined when it must not. */
  function tagsIfCacheable(
    method: string,
    path: string,
    headers: IncomingHttpHeaders | Headers,
  ): string[] | undefined {
    if ((method !== "GET" && method !== "HEAD") || !changes.watching) return undefined;
    const tags = tagsOf(path);
    return tags && anonymous(headers) ? tags : undefined;
  }

  /** The kept answer for this key, if no write has made it stale. */
  function find(key: string, tags: string[]): KeptAnswer | undefined {
    changes.catchUp();
    const answer = answers.get(key);
    if (answer && !unchangedSince(tags, answer)) {
      answers.delete(key);
      return undefined;
    }
    return answer;
  }

  async function keep(
    key: string,
    tags: string[],
    seen: Seen,
    response: Response,
  ): Promise<Response> {
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      /private|no-store/.test(cacheControl) ||
      !response.body
    ) {
      return response;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    let etag = headers.get("etag");
    if (!etag) {
      etag = `W/"${hash("sha1", body, "base64url")}"`;
      headers.set("ETag", etag);
    }
    headers.set("Content-Length", String(body.length));
    const kept = new Response(body, { status: response.status, headers });
    changes.catchUp();
    if (!unchangedSince(tags, seen) || !changes.watching || body.length > MAX_ANSWER_BYTES) {
      return kept;
    }
    const flat: string[] = [];
    const notModified: string[] = [];
    for (const [name, value] of headers) {
      flat.push(name, value);
      if (!WITHOUT_BODY_HEADERS.has(name)) notModified.push(name, value);
    }
    flat.push("X-Cache", "hit");
    notModified.push("X-Cache", "hit");
    // Set-Cookie is absent (checked above), so the joined header list loses nothing.
    answers.set(key, {
      status: response.status,
      headers: flat,
      notModifiedHeaders: notModified,
      headersWithId: [...flat, "X-Request-Id", ""],
      notModifiedHeadersWithId: [...notModified, "X-Request-Id", ""],
      body,
      etag,
      tags,
      ...seen,
    });
    return kept;
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const tags = tagsIfCacheable(request.method, url.pathname, request.headers);
    if (!tags) return next();
    const key = keyOf(url.pathname + url.search, request.headers.get("accept-encoding"));
    const ifNoneMatch = request.headers.get("if-none-match");
    const answer = find(key, tags);
    if (answer) {
      counts.hit();
      if (clientHolds(ifNoneMatch, answer.etag)) {
        return new Response(null, { status: 304, headers: pairs(answer.notModifiedHeaders) });
      }
      return new Response(request.method === "HEAD" ? null : new Uint8Array(answer.body), {
        status: answer.status,
        headers: pairs(answer.headers),
      });
    }
    if (request.method !== "GET") return next();
    counts.miss();
    const seen = seenNow(tags);
    await next();
    const response = await keep(key, tags, seen, c.res);
    // A validator the client already holds: nothing to send again.
    const etag = response.headers.get("etag");
    if (response.status === 200 && etag && clientHolds(ifNoneMatch, etag)) {
      const headers = new Headers(response.headers);
      for (const name of WITHOUT_BODY_HEADERS) headers.delete(name);
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    c.res = response;
  };

  return {
    answerDirectly(request, response, requestId) {
      const target = request.url ?? "/";
      const queryAt = target.indexOf("?");
      const path = queryAt === -1 ? target : target.slice(0, queryAt);
      const tags = tagsIfCacheable(request.method ?? "GET", path, request.headers);
      const answer = tags && find(keyOf(target, request.headers["accept-encoding"]), tags);
      if (!answer) return false;
      counts.hit();
      // The id goes in the last slot of the list kept with one: node:http reads the list within
      // writeHead and keeps none of it, and a copy per answer cost a kept answer 2 % (measured).
      const withId = (headers: string[]) => {
        headers[headers.length - 1] = requestId;
        return headers;
      };
      if (clientHolds(request.headers["if-none-match"], answer.etag)) {
        response.writeHead(304, withId(answer.notModifiedHeadersWithId));
        response.end();
      } else {
        response.writeHead(answer.status, withId(answer.headersWithId));
        response.end(request.method === "HEAD" ? undefined : answer.body);
      }
      return true;
    },
    middleware,
  };
}

function pairs(flat: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) result.push([flat[i] ?? "", flat[i + 1] ?? ""]);
  return result;
}
