import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { RouterContextProvider } from "react-router";
import { appContext } from "../app/context.ts";
import type { DB } from "../db/index.ts";
import { publicApi } from "./api.ts";
import type { Config } from "./config.ts";
import { errorPage } from "./error-page.ts";
import { apiHeaders, securityHeaders } from "./security-headers.ts";

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface AppOptions {
  db: DB;
  config: Config;
  /** React Router's request handler for everything that is not the API or a file. */
  handlePage: PageHandler;
  /** The built client folder; absent in development, where Vite serves the files. */
  clientDirectory?: string;
}

type Env = { Variables: { secureHeadersNonce?: string } };

/** Built and public files, precompressed where a .br or .gz sits beside them. */
function staticFiles(root: string, cacheControl: string, only?: Set<string>): MiddlewareHandler {
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    // Pages and API calls skip the file-system lookup when the path is no known file.
    if (only && !only.has(c.req.path)) return next();
    const response = await serve(c, next);
    // serveStatic answers with a Response only when it found the file; otherwise it went on.
    if (response instanceof Response) response.headers.set("Cache-Control", cacheControl);
    return response;
  };
}

/** URL paths of the files outside /assets (images, favicon), listed once at start-up. */
function publicFiles(directory: string): Set<string> {
  const entries = readdirSync(directory, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
      .map(
        (entry) =>
          `/${relative(directory, join(entry.parentPath, entry.name)).split(sep).join("/")}`,
      )
      .filter((path) => !path.startsWith("/assets/")),
  );
}

export function createApp({ db, config, handlePage, clientDirectory }: AppOptions) {
  const app = new Hono<Env>({ strict: false });
  const development = !clientDirectory;

  // The JSON API comes first and sets its headers before answering, which keeps Hono's fast
  // path for small JSON bodies (headers added afterwards would rebuild every response).
  app.use("/api/*", apiHeaders({ production: config.production }));
  app.route("/api", publicApi(db));
  app.all("/api/*", (c) => c.json({ message: "No such API endpoint." }, 404));

  app.use(securityHeaders({ production: config.production, development }));
  if (clientDirectory) {
    // Vite names every built asset by its content hash, so a browser may keep it for good.
    app.use("/assets/*", staticFiles(clientDirectory, "public, max-age=31536000, immutable"));
    app.get("/assets/*", (c) => c.text("Not found", 404));
    app.use(
      "*",
      staticFiles(clientDirectory, "public, max-age=3600", publicFiles(clientDirectory)),
    );
  }

  app.use("*", compress());

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(appContext, { db, nonce: c.get("secureHeadersNonce") ?? "" });
    return handlePage(c.req.raw, context);
  });

  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
      return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
    }
    return c.html(errorPage, 500);
  });

  return app;
}
