import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import { RouterContextProvider } from "react-router";
import { appContext } from "../app/context.ts";
import type { DatabaseHandle } from "../db/index.ts";
import { accountApi } from "./account-api.ts";
import { publicApi } from "./api.ts";
import { endOverAgeSessions } from "./auth/absolute-lifetime.ts";
import { routeGoogleToStandIn } from "./auth/google-stand-in.ts";
import { createAuth } from "./auth/index.ts";
import { resolveAuthSecret } from "./auth/secret.ts";
import { authApi } from "./auth-api.ts";
import { clientAddress } from "./client-address.ts";
import type { Config } from "./config.ts";
import { errorPage } from "./error-page.ts";
import { createMailer, type SendMail } from "./mail.ts";
import { reviewApi } from "./review-api.ts";
import { apiHeaders, securityHeaders } from "./security-headers.ts";
import { type SecurityLog, writeSecurityLog } from "./security-log.ts";

export const MAX_API_BODY_BYTES = 32 * 1024;

export type PageHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export interface AppOptions {
  database: DatabaseHandle;
  config: Config;
  /** Where mail goes; by default SMTP_URL or the outbox (server/mail.ts). */
  sendMail?: SendMail;
  /** Where security events go; by default one JSON line each on stdout. */
  securityLog?: SecurityLog;
  /** React Router's request handler for everything that is not the API or a file. */
  handlePage: PageHandler;
  /** The built client folder; absent in development, where Vite serves the files. */
  clientDirectory?: string;
}

type Env = { Variables: { secureHeadersNonce?: string; clientAddress?: string } };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

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

export function createApp({
  database,
  config,
  handlePage,
  clientDirectory,
  sendMail,
  securityLog = writeSecurityLog,
}: AppOptions) {
  const { db } = database;
  if (config.googleStandIn) routeGoogleToStandIn(config.googleStandIn);
  const auth = createAuth({
    database,
    config,
    secret: resolveAuthSecret(config),
    sendMail: sendMail ?? createMailer(config),
    securityLog,
  });
  const app = new Hono<Env>({ strict: false });
  const development = !clientDirectory;

  // Unsafe requests must come from our own pages, or from no browser page at all: a browser
  // always names the page's origin, and cookies would ride along with a foreign one.
  const sameSiteForms = csrf({ origin: config.baseUrl });
  app.use(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    if (origin && origin !== config.baseUrl) {
      return c.json({ message: "Requests from other sites are refused." }, 403);
    }
    // …and form posts without any Origin must at least say they are same-origin.
    return sameSiteForms(c, next);
  });
  // Worked out once, and only for the requests that need it (rate limits, logs, sessions).
  const addressOf = (c: Context<Env>) => {
    let address = c.get("clientAddress");
    if (address === undefined) {
      address = clientAddress(c, config.trustProxy);
      c.set("clientAddress", address);
    }
    return address;
  };

  // Only requests that read a session pay for the check: the API here, pages further down.
  const endOverAge = endOverAgeSessions(db);
  app.use("/api/*", endOverAge);

  app.route("/api/auth", authApi({ auth, addressOf }));

  // The JSON API comes first and sets its headers before answering, which keeps Hono's fast
  // path for small JSON bodies (headers added afterwards would rebuild every response).
  app.use("/api/*", apiHeaders({ production: config.production }));
  // No call needs more: a review is at most 2,000 characters, a description 5,000. Reads have
  // no body, and looking for one would cost every GET a full Request object.
  const limitBody = bodyLimit({
    maxSize: MAX_API_BODY_BYTES,
    onError: (c) =>
      c.json({ message: `The request body is larger than ${MAX_API_BODY_BYTES / 1024} KB.` }, 413),
  });
  app.use("/api/*", (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : limitBody(c, next)));

  app.route("/api", publicApi(db));
  app.route("/api", accountApi({ db, auth, securityLog, addressOf }));
  app.route("/api", reviewApi({ db, auth, addressOf }));
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

  app.use("*", endOverAge);
  app.use("*", compress());

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      db,
      auth,
      nonce: c.get("secureHeadersNonce") ?? "",
      clientAddress: addressOf(c),
      securityLog,
      production: config.production,
      googleSignIn: Boolean(config.google),
      googleStandIn: config.googleStandIn,
    });
    return handlePage(c.req.raw, context);
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    console.error(`${c.req.method} ${c.req.path} failed:`, error);
    if (c.req.path === "/api" || c.req.path.startsWith("/api/")) {
      return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
    }
    return c.html(errorPage, 500);
  });

  return { app, auth };
}
