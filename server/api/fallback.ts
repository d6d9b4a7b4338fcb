import type { Context, Hono, MiddlewareHandler } from "hono";
import { chosenEncoding, encode, SMALLEST_COMPRESSED } from "../page-compression.ts";
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
 * JSON `{message}` with its status, and a whole Response gets the headers it lacks. Its JSON over
 * 1 KB (a session with its user) is compressed as the rest of the API's is (decision 0049).
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
    await compressLargeJson(c);
  };
}

/** A whole JSON Response compressed when it is over 1 KB and the client takes br or gzip. */
async function compressLargeJson(c: Context) {
  const { status, headers, body } = c.res;
  const encoding = chosenEncoding(c.req.header("accept-encoding"));
  if (
    !encoding ||
    !body ||
    c.req.method === "HEAD" ||
    headers.has("content-encoding") ||
    !headers.get("content-type")?.includes("application/json")
  ) {
    return;
  }
  const bytes = new Uint8Array(await c.res.arrayBuffer());
  const kept = new Headers(headers);
  let sent: Uint8Array<ArrayBuffer> = bytes;
  if (bytes.byteLength >= SMALLEST_COMPRESSED) {
    const encoded = encode(bytes, encoding, { personal: true });
    sent = new Uint8Array(encoded.buffer as ArrayBuffer, encoded.byteOffset, encoded.length);
    kept.set("Content-Encoding", encoding);
    kept.append("Vary", "Accept-Encoding");
  }
  kept.set("Content-Length", String(sent.byteLength));
  c.res = undefined as unknown as Response;
  c.res = new Response(sent, { status, headers: kept });
}

function defaultMessage(status: number): string {
  if (status === 404) return "No such API endpoint.";
  if (status === 401) return "Sign in first.";
  if (status === 403) return "This is not allowed.";
  return "The request could not be handled.";
}
