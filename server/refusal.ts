import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { statusPage } from "./error-page.ts";

export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
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
