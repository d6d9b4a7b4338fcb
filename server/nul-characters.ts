import type { MiddlewareHandler } from "hono";
import { refuse } from "./refusal.ts";

/**
 * No field, id or token of the site holds U+0000, and PostgreSQL cannot store it in text at
 * all: a request carrying one is refused with a 400 at the door, rather than failing in a query.
 */
export const NUL_REFUSAL = {
  title: "Character not allowed",
  message: "The request contains a NUL character (U+0000), which no field accepts.",
};

/** Whether a string, or any string inside an array or object, holds U+0000. */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") return Object.values(value).some(containsNul);
  return false;
}

/** Refuses an address whose path or query holds a NUL, raw or percent-encoded. */
export const refuseNulInAddress: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  if (url.includes("\u0000") || /%00/i.test(url)) return refuse(c, 400, NUL_REFUSAL);
  await next();
};

/**
 * For the routes that read JSON bodies themselves (Better Auth's): refuses a body with a NUL in
 * any text. The rest of the API checks in `readJson` (server/api/bodies.ts).
 */
export const refuseNulInJsonBody: MiddlewareHandler = async (c, next) => {
  if (/^\s*application\/json\b/i.test(c.req.header("content-type") ?? "")) {
    const body: unknown = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    if (containsNul(body)) return refuse(c, 400, NUL_REFUSAL);
  }
  await next();
};
