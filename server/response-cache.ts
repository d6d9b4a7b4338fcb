import { createHash } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { LRUCache } from "lru-cache";
import { type ContentChanges, EVERYTHING } from "../db/content-changes.ts";

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
  /** Answers a request straight from node:http when it can; false to let the app answer. */
  answerDirectly(request: IncomingMessage, response: ServerResponse): boolean;
  /** The app's outermost middleware: answers from the cache or keeps what the app answered. */
  middleware: MiddlewareHandler;
  /** How many answers are kept (for tests and the benchmark). */
  readonly size: number;
}

interface KeptAnswer {
  status: number;
  /** Header names and values, flat, as node:http's writeHead takes them. */
  headers: string[];
  /** The 304's headers: the same without the body's length and encoding. */
  notModifiedHeaders: string[];
  body: Buffer;
  etag: string;
  tags: string[];
  versions: number[];
  epoch: number;
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
const FIXED_PAGE = /^\/(?:blog(?:\/[^/]+)?|about|privacy|terms|robots\.txt)$/;

/** A session, a two-factor challenge or a toast (Better Auth's cookies and the site's own). */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?ielts-hub[.-]/;

/** Whether the request is anonymous: no bearer token, none of the site's cookies. */
function anonymous(headers: IncomingHttpHeaders | Headers): boolean {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  if (get("authorization")) return false;
  const cookie = get("cookie");
  return !cookie || !PERSONAL_COOKIE.test(cookie);
}

function keyOf(pathAndQuery: string, acceptEncoding: string | null | undefined): string {
  return `${pathAndQuery}\n${acceptEncoding ?? ""}`;
}

function matches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

const WITHOUT_BODY_HEADERS = new Set(["content-length", "content-encoding", "content-type"]);

export function createResponseCache(changes: ContentChanges): ResponseCache {
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

  const versionsOf = (tags: string[]) => tags.map((tag) => versions.get(tag) ?? 0);
  const current = (answer: KeptAnswer) =>
    answer.epoch === epoch &&
    answer.tags.every((tag, i) => (versions.get(tag) ?? 0) === answer.versions[i]);

  /** The kept answer for this request, if it may be answered from the cache at all. */
  function find(
    method: string,
    path: string,
    pathAndQuery: string,
    headers: IncomingHttpHeaders | Headers,
  ): KeptAnswer | undefined {
    if ((method !== "GET" && method !== "HEAD") || !changes.watching) return undefined;
    if (tagsOf(path) === undefined || !anonymous(headers)) return undefined;
    changes.catchUp();
    const acceptEncoding =
      headers instanceof Headers ? headers.get("accept-encoding") : headers["accept-encoding"];
    const key = keyOf(pathAndQuery, acceptEncoding);
    const answer = answers.get(key);
    if (answer && !current(answer)) {
      answers.delete(key);
      return undefined;
    }
    return answer;
  }

  async function keep(
    key: string,
    tags: string[],
    seen: { epoch: number; versions: number[] },
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
      etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
      headers.set("ETag", etag);
    }
    headers.set("Content-Length", String(body.length));
    const kept = new Response(body, { status: response.status, headers });
    changes.catchUp();
    const unchanged =
      seen.epoch === epoch && versionsOf(tags).every((version, i) => version === seen.versions[i]);
    if (!unchanged || !changes.watching || body.length > MAX_ANSWER_BYTES) return kept;
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
      body,
      etag,
      tags,
      versions: seen.versions,
      epoch: seen.epoch,
    });
    return kept;
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const request = c.req.raw;
    const url = new URL(request.url);
    const pathAndQuery = url.pathname + url.search;
    const answer = find(request.method, url.pathname, pathAndQuery, request.headers);
    if (answer) {
      if (matches(request.headers.get("if-none-match"), answer.etag)) {
        return new Response(null, { status: 304, headers: pairs(answer.notModifiedHeaders) });
      }
      return new Response(request.method === "HEAD" ? null : new Uint8Array(answer.body), {
        status: answer.status,
        headers: pairs(answer.headers),
      });
    }
    const tags = tagsOf(url.pathname);
    if (
      request.method !== "GET" ||
      tags === undefined ||
      !anonymous(request.headers) ||
      !changes.watching
    ) {
      await next();
      return;
    }
    changes.catchUp();
    const seen = { epoch, versions: versionsOf(tags) };
    await next();
    const key = keyOf(pathAndQuery, request.headers.get("accept-encoding"));
    const response = await keep(key, tags, seen, c.res);
    // A validator the client already holds: nothing to send again.
    const etag = response.headers.get("etag");
    if (response.status === 200 && etag && matches(request.headers.get("if-none-match"), etag)) {
      const headers = new Headers(response.headers);
      for (const name of WITHOUT_BODY_HEADERS) headers.delete(name);
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    c.res = response;
  };

  return {
    answerDirectly(request, response) {
      const target = request.url ?? "/";
      const queryAt = target.indexOf("?");
      const path = queryAt === -1 ? target : target.slice(0, queryAt);
      const answer = find(request.method ?? "GET", path, target, request.headers);
      if (!answer) return false;
      if (matches(request.headers["if-none-match"], answer.etag)) {
        response.writeHead(304, answer.notModifiedHeaders);
        response.end();
      } else {
        response.writeHead(answer.status, answer.headers);
        response.end(request.method === "HEAD" ? undefined : answer.body);
      }
      return true;
    },
    middleware,
    get size() {
      return answers.size;
    },
  };
}

function pairs(flat: string[]): [string, string][] {
  const result: [string, string][] = [];
  for (let i = 0; i < flat.length; i += 2) result.push([flat[i] ?? "", flat[i + 1] ?? ""]);
  return result;
}
