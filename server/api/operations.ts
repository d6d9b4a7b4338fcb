import type { z } from "zod";
import { messageSchema } from "./schemas.ts";

/*
 * The JSON API's routes as data, each beside the router that answers it: what it takes (the very
 * zod schemas its handler parses the query and body with) and every answer it gives (zod schemas
 * of the bodies). server/api/openapi.ts turns the whole list into the OpenAPI document; the
 * answers every route shares (a refused cross-site write, an oversized body, an overloaded
 * server, …) are added there, from `access` and the method.
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call it. `identity`: a bearer token or the session cookie (server/api/identity.ts);
 * `owner`: the same, for the site's owners only; `session`: the session cookie only (the calls
 * that issue tokens, and Better Auth's own); `two-factor`: the cookie a password sign-in sets
 * when a code is still to come; `bearer`: a bearer token only; `anyone`: no identity needed.
 */
export type Access = "anyone" | "identity" | "owner" | "session" | "two-factor" | "bearer";

/** The resources, in the order the document and /api/docs list them. */
export const TAGS = {
  Courses:
    "The catalogue of courses (services in the API's words): public reads, and writes by their creators and the owners.",
  Reviews:
    "Students' reviews of courses, helpful votes, reports, the teacher's replies and moderation.",
  Enrollments: "Requests to join a course, always the caller's own.",
  Account: "The caller's account: API tokens, who they are, their data, deleting it.",
  Tokens:
    "Sign-in for clients without the site's cookies (another origin in CORS_ORIGINS, a phone app, a script): a bearer token in the answer's body, renewed and ended with the token.",
  "Sign-in":
    "Accounts under /api/auth: Better Auth's endpoints, held to the site's own rules (limits, password policy, security log), and the site's own password-reset request.",
  Blog: "The teacher's blog: published posts for anyone, writing for the owners.",
  Writing:
    "IELTS Writing practice: the teacher's published tasks for anyone, writing them for the owners; a signed-in student's answers, measured at once, and drafts, always their own (an answer also for the owners).",
  Reference: "This document.",
} as const;
export type Tag = keyof typeof TAGS;

/** Response headers the document describes once (components/headers) and answers name. */
export const HEADERS = {
  "Retry-After": "Seconds to wait before trying again.",
  Allow: "The methods this path takes.",
  "WWW-Authenticate": 'How to authenticate: `Bearer realm="IELTS Hub"`.',
  ETag: "The answer's validator: send it back in If-None-Match to get 304 while it holds.",
  "Cache-Control":
    "`public, no-cache` for public reads (revalidate with the ETag); `private, no-store` otherwise.",
  Location: "Where the browser goes next.",
  "Set-Cookie":
    "The session cookie (HttpOnly, SameSite=Lax; Secure in production), set or cleared.",
  Connection: "`close`: the rest of the body is not read, so the connection ends with the answer.",
  "X-Total-Count": "How many items the whole list has, over all its pages.",
  Link: 'The list\'s other pages (RFC 8288): `<…?page=2&size=100>; rel="next"`, and `prev` where there is one, `first` and `last` always. Follow them rather than building addresses.',
} as const;
export type HeaderName = keyof typeof HEADERS;

export interface Answer {
  description: string;
  /** The JSON body's shape; none for an answer without a body (a redirect, 304). */
  body?: z.ZodType;
  /** Headers this answer always carries. */
  headers?: readonly HeaderName[];
  example?: unknown;
}

export type Status =
  | 200
  | 201
  | 204
  | 302
  | 304
  | 400
  | 401
  | 403
  | 404
  | 409
  | 410
  | 413
  | 415
  | 422
  | 429
  | 500
  | 503;

export interface RequestBody {
  /** What the handler parses the JSON body with. */
  schema: z.ZodType;
  example: unknown;
  /** Whether a call without a body is refused (400); a body of `{}` always may be sent. */
  optional?: boolean;
  /**
   * The same fields as `multipart/form-data`, every one as text: those named in `jsonFields` as
   * their JSON (`level={"from":5.5,"to":6.5}`), plus the files in `files` (name → what it takes).
   */
  multipart?: { jsonFields: readonly string[]; files: Readonly<Record<string, string>> };
}

export interface Operation {
  method: Method;
  /** As OpenAPI writes it: `/api/services/{id}`. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /** Each `{name}` of the path: what it is, and an example. */
  pathParameters?: Readonly<Record<string, { description: string; example: string }>>;
  /** What the handler parses the query with; each field is one parameter. */
  query?: readonly z.ZodObject[];
  /** An example value of each query parameter worth showing one for. */
  queryExample?: Readonly<Record<string, string | number>>;
  body?: RequestBody;
  responses: Readonly<Partial<Record<Status, Answer>>>;
  /** A public read answered with an ETag, and 304 to If-None-Match (server/http-caching.ts). */
  etag?: boolean;
  /** The body of its refusals: the site's `{message}`, or Better Auth's `{code, message}`. */
  errorBody?: z.ZodType;
}

/** A write refused by a limit (core/limits/rate-limit.server.ts): nothing was written. */
export const TOO_MANY_WRITES: Answer = {
  description:
    "Over a write limit (30 writes in 10 minutes per address; per account 5 new courses a day, 10 new reviews an hour): nothing was written.",
  body: messageSchema,
  headers: ["Retry-After"],
  example: { message: "Too many changes in a short time. Please wait a few minutes." },
};

/** A refusal with a `{message}`, for `responses`. */
export function refusal(description: string, example?: string): Answer {
  return {
    description,
    body: messageSchema,
    ...(example === undefined ? {} : { example: { message: example } }),
  };
}

/** The path parameter most calls take. */
export const idParameter = (what: string, example = "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10") => ({
  id: { description: `The ${what}'s id.`, example },
});
