import type { Context, Hono, MiddlewareHandler } from "hono";
import { isApiPath } from "../refusal.ts";
import { completeApiHeaders } from "../security-headers.ts";

/** Turns a route pattern (`/api/reviews/:id`, `/api/auth/*`) into a test for concrete paths. */
function patternTest(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .map((part) => {
      if (part === "*") return ".*";
      if (part.startsWith(":")) return "[^/]+";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/**
 * The answer for an /api path no route took: 405 with `Allow` when the path exists for other
 * methods, 404 otherwise; JSON either way. The routes are read from the app once, on first use,
 * so a new endpoint needs no entry here.
 */
export function apiFallback(app: Hono<never>) {
  let routes: { test: RegExp; methods: Set<string> }[] | undefined;
  const methodsFor = (path: string) => {
    routes ??= Object.entries(
      app.routes
        .filter((route) => route.method !== "ALL" && isApiPath(route.path))
        .reduce<Record<string, Set<string>>>((byPath, route) => {
          byPath[route.path] ??= new Set();
          byPath[route.path]?.add(route.method);
          return byPath;
        }, {}),
    ).map(([pattern, methods]) => ({ test: patternTest(pattern), methods }));
    const allowed = new Set<string>();
    for (const route of routes) {
      if (route.test.test(path)) for (const method of route.methods) allowed.add(method);
    }
    return allowed;
  };
  return (c: Context) => {
    const allowed = methodsFor(c.req.path);
    if (allowed.size > 0 && !allowed.has(c.req.method)) {
      if (allowed.has("GET")) allowed.add("HEAD");
      c.header("Allow", [...allowed].join(", "));
      return c.json({ message: `${c.req.method} is not allowed here.` }, 405);
    }
    return c.json({ message: "No such API endpoint." }, 404);
  };
}

/**
 * Every answer under /api is JSON with the API's security headers: an error that
 * some part answered in another form (Better Auth's empty 404, a plain-text refusal) is given a
 * JSON `{message}` with its status, and a whole Response gets the headers it lacks.
 */
export function completeApiAnswers({ production }: { production: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const { status, headers } = c.res;
    if (status >= 400 && !headers.get("content-type")?.includes("application/json")) {
      const text = (await c.res.text()).trim();
      const message =
        text && text.length < 200 && !text.startsWith("<") ? text : defaultMessage(status);
      const kept = new Headers(headers);
      kept.delete("content-length");
      kept.set("content-type", "application/json");
      // Hono merges the old answer's headers into a new one; start from none (kept has them).
      c.res = undefined as unknown as Response;
      c.res = new Response(JSON.stringify({ message }), { status, headers: kept });
    }
    completeApiHeaders(c.res.headers, production);
  };
}

function defaultMessage(status: number): string {
  if (status === 404) return "No such API endpoint.";
  if (status === 401) return "Sign in first.";
  if (status === 403) return "This is not allowed.";
  return "The request could not be handled.";
}
