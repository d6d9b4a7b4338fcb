import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { statusPage } from "./error-page.ts";

/**
 * The API's reference for people (app/routes/api-docs.tsx) is a page, with the pages' headers
 * and refusals; React Router asks for its data at `.data`.
 */
const API_REFERENCE_PAGE = /^\/api\/docs(\.data)?\/?$/;

/** Whether a path is the JSON API's (every path under /api but its reference page). */
export function isApiPath(path: string): boolean {
  return (path === "/api" || path.startsWith("/api/")) && !API_REFERENCE_PAGE.test(path);
}

/**
 * A request refused before it reaches a route: JSON `{message}` under /api, a plain
 * page that says the same everywhere else.
 */
export function refuse(
  c: Context,
  status: ContentfulStatusCode,
  { title, message }: { title: string; message: string },
) {
  if (isApiPath(c.req.path)) return c.json({ message }, status);
  return c.html(statusPage(title, message), status);
}
