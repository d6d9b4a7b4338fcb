import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { HTTPException } from "hono/http-exception";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { appContext } from "../app/context.server.ts";
import {
  defaultAddressRules,
  type WebhookAddressRules,
} from "../core/webhooks/webhook-addresses.server.ts";
import { webhookSecretKey } from "../core/webhooks/webhook-secrets.server.ts";
import type { DatabaseHandle } from "../db/index.ts";
import { writeAccessLine } from "./access-log.ts";
import { accountsApi } from "./api/accounts.ts";
import { authApi } from "./api/auth.ts";
import { apiDocument } from "./api/document.ts";
import { enrollmentsApi } from "./api/enrollments.ts";
import { apiFallback, completeApiAnswers } from "./api/fallback.ts";
import type { ApiOptions } from "./api/identity.ts";
import { openApiApi } from "./api/openapi.ts";
import { passwordResetRequestApi } from "./api/password-reset.ts";
import { postsApi } from "./api/posts.ts";
import { reviewsApi } from "./api/reviews.ts";
import { servicesApi } from "./api/services.ts";
import { tokensApi } from "./api/tokens.ts";
import { writingAnswersApi } from "./api/writing-answers.ts";
import { writingMarkingApi } from "./api/writing-marking.ts";
import { writingTasksApi } from "./api/writing-tasks.ts";
import { endOverAgeSessions } from "./auth/absolute-lifetime.ts";
import { routeGoogleToStandIn, toStandIn } from "./auth/google-stand-in.ts";
import { createAuth } from "./auth/index.ts";
import { pageAuthHeaders } from "./auth/request-headers.ts";
import { resolveAuthSecret } from "./auth/secret.ts";
import { createSessionReader } from "./auth/session-reader.ts";
import { clientAddress } from "./client-address.ts";
import type { Config } from "./config.ts";
import { allowListedOrigins } from "./cors.ts";
import { refuseCrossSite } from "./cross-site.ts";
import { errorPage, referenceSentence } from "./error-page.ts";
import { healthChecks, type Lifecycle, type WritingMeasuresReadiness } from "./health.ts";
import { isPersonal, pageCaching, secureCookies } from "./http-caching.ts";
import { addScriptHashes, hashInlineScripts } from "./inline-script-hashes.ts";
import { READ_METHODS } from "./load-shedding.ts";
import { redactTarget } from "./log-redaction.ts";
import { createLogger, type Logger } from "./logger.ts";
import { createMailer, type SendMail } from "./mail.ts";
import { createMailOutbox } from "./mail-outbox.ts";
import { createMetrics, metricsEndpoint } from "./metrics.ts";
import { refuseNulInAddress, refuseNulInJsonBody } from "./nul-characters.ts";
import { compressPage } from "./page-compression.ts";
import { PageContext } from "./page-context.ts";
import { createPostScheduler } from "./post-scheduler.ts";
import { publicFileVersions } from "./public-file-versions.ts";
import { onPublicOrigin } from "./public-origin.ts";
import { isApiPath } from "./refusal.ts";
import { acceptOnlyForms, limitApiBodies, limitFormBodies } from "./request-bodies.ts";
import {
  currentRequest,
  inRequest,
  newRequestRecord,
  noteCache,
  noteUser,
  requestIdFor,
} from "./request-scope.ts";
import { createResponseCache } from "./response-cache.ts";
import { apiHeaderList, apiHeaders, securityHeaders } from "./security-headers.ts";
import { type SecurityLog, securityLogTo } from "./security-log.ts";
import { serveUploadedImage } from "./uploaded-images.ts";
import { createWebhookWorker, type WebhookTiming } from "./webhooks.ts";

export interface AppOptions {
  database: DatabaseHandle;
  config: Config;
  /** How the mail worker sends; by default to SMTP_URL or as files (server/mail.ts). */
  sendMail?: SendMail;
  /** The process's logger (server/logger.ts); by default one at LOG_LEVEL on stdout. */
  logger?: Logger;
  /** Where security events go; by default a line each through the logger. */
  securityLog?: SecurityLog;
  /** The built client folder; absent in development, where Vite serves the files. */
  clientDirectory?: string;
  /**
   * Where the process is in its life, for /readyz (server/serve.ts moves it on). Without one the
   * app is serving from the start, as when tests answer requests in process.
   */
  lifecycle?: Lifecycle;
  /**
   * Tests only: how webhook hosts are looked up, and the waits shortened (the site uses node:dns
   * and the real schedule).
   */
  webhooks?: WebhookTiming & { resolve?: WebhookAddressRules["resolve"] };
  /**
   * Tests only: what /readyz asks of the Writing measures (by default whether this process's
   * dictionaries are loaded, core/writing/measure-answer.server.ts).
   */
  writingMeasures?: WritingMeasuresReadiness;
}

type Env = { Variables: { clientAddress?: string; scriptHashes?: string[] } };

/** Built and public files, precompressed where a .br or .gz sits beside them. */
function staticFiles(
  root: string,
  cacheControl: (c: Context) => string,
  only?: ReadonlyMap<string, string>,
): MiddlewareHandler {
  const serve = serveStatic({ root, precompressed: true });
  return async (c, next) => {
    // Pages and API calls skip the file-system lookup when the path is no known file.
    if (only && !only.has(c.req.path)) return next();
    const response = await serve(c, next);
    // serveStatic answers with a Response only when it found the file; otherwise it went on.
    if (response instanceof Response) response.headers.set("Cache-Control", cacheControl(c));
    return response;
  };
}

// Vite names every built asset by its content hash, so a browser may keep it for good.
const FOR_GOOD = "public, max-age=31536000, immutable";

/**
 * A public file (favicon, covers) keeps its name when it changes, so it may be kept for good only
 * when asked for by its current content version (server/public-file-versions.ts); a page always
 * asks so. Asked for by its bare name (the JSON API's `img`, an old link) it is kept an hour.
 */
function publicFileCaching(versions: ReadonlyMap<string, string>) {
  return (c: Context) =>
    c.req.query("v") === versions.get(c.req.path) ? FOR_GOOD : "public, max-age=3600";
}

/**
 * How long React Router took over a page (its route's middleware, loaders and action, React's
 * render, the page's data), as `Server-Timing` says it to the browser's developer tools and to
 * `npm run bench`: `render` in time, `cpu` in the process's CPU meanwhile (the rendering thread's
 * and V8's helpers': Linux counts a thread's own CPU only by the scheduler's ticks, too coarse for
 * a few milliseconds). On a busy server it counts other requests' work in the same time too: read
 * it on a quiet one (decision 0063).
 */
function renderTiming(started: { at: number; cpu: NodeJS.CpuUsage }): string {
  const cpu = process.cpuUsage(started.cpu);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const renderMs = performance.now() - started.at;
  return `render;desc="Page";dur=${renderMs.toFixed(2)}, cpu;desc="CPU while rendering";dur=${cpuMs.toFixed(2)}`;
}

export function createApp({
  database,
  config,
  clientDirectory,
  sendMail,
  logger = createLogger({ level: config.logLevel }),
  securityLog = securityLogTo(logger),
  lifecycle = { phase: "serving" },
  webhooks: webhookOptions = {},
  writingMeasures,
}: AppOptions) {
  const { db } = database;
  const metrics = createMetrics({ db, poolUsage: database.poolUsage });
  if (config.googleStandIn) routeGoogleToStandIn(config.googleStandIn);
  // Mail leaves through the outbox table, sent by a worker after the answer (serve.ts starts it).
  const mailOutbox = createMailOutbox({
    db,
    send: sendMail ?? createMailer(config),
    siteUrl: config.baseUrl,
    counts: { sent: metrics.countMailSent, failed: metrics.countMailFailed },
    requestPasswordReset: async (request) => {
      await auth.api.requestPasswordReset({ body: request });
    },
  });
  // Scheduled posts publish themselves (serve.ts starts it beside the mail worker).
  const postScheduler = createPostScheduler({ db, wakeMailWorker: mailOutbox.wake });
  const authSecret = resolveAuthSecret(config);
  // Webhooks leave like mail: written beside the event, sent by a worker after the answer
  // (serve.ts starts it in every process).
  const { resolve, ...timing } = webhookOptions;
  const webhookSettings = {
    secretKey: webhookSecretKey(authSecret),
    addressRules: {
      ...defaultAddressRules(config.webhooksAllowLoopback),
      ...(resolve ? { resolve } : {}),
    },
  };
  const webhookWorker = createWebhookWorker({
    db,
    ...webhookSettings,
    ...timing,
    siteUrl: config.baseUrl,
    wakeMailWorker: mailOutbox.wake,
    log: {
      warn: (message) => logger.warn(message),
      error: (message) => logger.error(message),
    },
  });
  const auth = createAuth({
    database,
    config,
    secret: authSecret,
    sendMail: mailOutbox.queue,
    securityLog,
    logger,
  });
  const app = new Hono<Env>({ strict: false });
  const development = !clientDirectory;

  // Worked out once, and only for the requests that need it (rate limits, logs, sessions).
  const addressOf = (c: Context<Env>) => {
    let address = c.get("clientAddress");
    if (address === undefined) {
      address = clientAddress(c, config.trustProxy);
      c.set("clientAddress", address);
    }
    return address;
  };
  const sendApiHeaders = apiHeaders({ production: config.production });
  const sendPageHeaders = securityHeaders({ production: config.production, development });
  // Pages and the JSON API read the session once each (which ends one past its absolute
  // lifetime); Better Auth's own endpoints get the same check before they read it.
  const readSessionOnly = createSessionReader({ db, auth });
  const readSession: typeof readSessionOnly = async (headers) => {
    const session = await readSessionOnly(headers);
    noteUser(session.user?.id);
    return session;
  };
  const endOverAge = endOverAgeSessions(db);

  // Requests answered in process (tests) come without server/serve.ts, which gives each its id
  // and writes its line: here they get both, the line measuring the body as it was made.
  app.use(async (c, next) => {
    if (currentRequest()) return next();
    const startedAt = performance.now();
    const record = newRequestRecord(requestIdFor(c.req.header("x-request-id"), config.trustProxy));
    record.writes = !READ_METHODS.has(c.req.method);
    await inRequest(record, next);
    c.header("X-Request-Id", record.id);
    const url = new URL(c.req.url);
    writeAccessLine(logger, record, {
      method: c.req.method,
      target: url.pathname + url.search,
      status: c.res.status,
      bytes: Number(c.res.headers.get("content-length") ?? 0),
      durationMs: performance.now() - startedAt,
    });
  });

  // First of all: a load balancer's probes pass no check meant for visitors, and their answers
  // describe this process now, so the response cache below never sees them (serve.ts also sends
  // them past the overload guard and the cache's direct answers).
  app.use(healthChecks({ db, lifecycle, logger, ...(writingMeasures ? { writingMeasures } : {}) }));
  // Beside them, for the same reasons: Prometheus asks about this process now (decision 0042).
  app.use(metricsEndpoint(metrics, config.metricsToken));

  // Pages on the origins the teacher allows may call the API (decision 0048): outside the cache
  // and everything else, so that refusals and preflights carry the CORS headers too.
  if (config.corsOrigins.size > 0) app.use("/api/*", allowListedOrigins(config.corsOrigins));

  // Anonymous public answers, kept until a write changes them (decision 0035). Outermost, so a
  // kept answer is the whole answer, headers included. In development the pages change with
  // the code, so nothing is kept.
  const responseCache = development
    ? undefined
    : createResponseCache(database.changes, {
        hit: () => {
          metrics.countCacheHit();
          noteCache("hit");
        },
        miss: () => {
          metrics.countCacheMiss();
          noteCache("miss");
        },
        // Answered without a render of their own: hits for the metrics, told apart in the line.
        stale: () => {
          metrics.countCacheHit();
          noteCache("stale");
        },
        shared: () => {
          metrics.countCacheHit();
          noteCache("shared");
        },
      });
  if (responseCache) app.use(responseCache.middleware);

  // Outside the security headers (which set theirs after the answer is made), so that the policy they set is there to take the hashes.
  app.use(async (c, next) => {
    await next();
    const hashes = c.get("scriptHashes");
    if (hashes) addScriptHashes(c.res.headers, hashes);
  });

  // Security headers come first so that every answer carries them, refusals included. The JSON
  // API sets its own before answering, which keeps Hono's fast path for small JSON bodies
  // (headers added afterwards would rebuild every response).
  app.use((c, next) =>
    isApiPath(c.req.path) ? sendApiHeaders(c, next) : sendPageHeaders(c, next),
  );
  app.use(
    refuseCrossSite({
      baseUrl: config.baseUrl,
      corsOrigins: config.corsOrigins,
      securityLog,
      addressOf,
    }),
  );
  app.use(refuseNulInAddress);

  // The JSON API.
  // Only Better Auth answers with whole Responses of its own; the rest of the API sets its headers
  // before answering and answers JSON.
  app.use("/api/auth/*", completeApiAnswers({ production: config.production }));
  app.use("/api/*", limitApiBodies);
  app.use("/api/auth/*", refuseNulInJsonBody);
  // Better Auth's endpoints read sessions themselves; the rest of the API and the pages use
  // readSession, which ends an over-age session itself.
  app.use("/api/auth/*", endOverAge);

  app.route(
    "/api/auth",
    passwordResetRequestApi({ db, addressOf, securityLog, wakeMailWorker: mailOutbox.wake }),
  );
  app.route("/api/auth", authApi({ auth, addressOf }));
  const api: ApiOptions = {
    db,
    auth,
    readSession,
    addressOf,
    securityLog,
    baseUrl: config.baseUrl,
    wakeMailWorker: mailOutbox.wake,
    wakeWebhookWorker: webhookWorker.wake,
  };
  app.route("/api", servicesApi(api));
  app.route("/api", reviewsApi(api));
  app.route("/api", accountsApi(api));
  app.route("/api", enrollmentsApi(api));
  app.route("/api", postsApi(api));
  app.route("/api", writingTasksApi(api));
  app.route("/api", writingAnswersApi(api));
  app.route("/api", writingMarkingApi(api));
  app.route("/api", tokensApi(api));
  // Made once, from the routes' own schemas (server/api/document.ts); /api/docs shows it.
  const document = apiDocument(config.baseUrl);
  app.route("/api", openApiApi(document));
  const fallback = apiFallback(app as never);
  // /api/docs is the reference's page: it goes on to the pages below.
  app.all("/api/*", (c, next) => (isApiPath(c.req.path) ? fallback(c) : next()));

  // Files.
  if (clientDirectory) {
    app.use(
      "/assets/*",
      staticFiles(clientDirectory, () => FOR_GOOD),
    );
    app.get("/assets/*", (c) => c.text("Not found", 404));
    const versions = publicFileVersions(clientDirectory);
    app.use("*", staticFiles(clientDirectory, publicFileCaching(versions), versions));
  }

  // Uploaded pictures, from the database (decision 0028).
  app.get("/images/uploads/:file", serveUploadedImage(db));

  // Pages.
  app.use("*", limitFormBodies, acceptOnlyForms);
  // Pages compress themselves once whole (server/page-compression.ts); this covers the rest.
  app.use("*", compress());
  app.use("*", pageCaching);
  // The pages come from the same bundle (or, in development, the same Vite module graph) as this
  // app, so they read the very `appContext` key set below.
  const loadBuild = () => import("virtual:react-router/server-build");
  // Given a function, React Router imports the build and derives its routes on every request,
  // which development needs (the modules change) and production does not (a tenth of a page).
  let productionHandler: ReturnType<typeof createRequestHandler> | undefined;
  const handlePage: ReturnType<typeof createRequestHandler> = development
    ? createRequestHandler(loadBuild, "development")
    : async (request, context) => {
        productionHandler ??= createRequestHandler(await loadBuild(), "production");
        return productionHandler(request, context);
      };
  app.all("*", async (c) => {
    // One lookup per page, which also ends a session past its absolute lifetime.
    const session = await readSession(c.req.raw.headers);
    const context = new RouterContextProvider();
    context.set(
      appContext,
      new PageContext(
        {
          db,
          auth,
          securityLog,
          logger,
          requestId: currentRequest()?.id,
          wakeMailWorker: mailOutbox.wake,
          wakeWebhookWorker: webhookWorker.wake,
          webhooks: webhookSettings,
          baseUrl: config.baseUrl,
          production: config.production,
          googleSignIn: Boolean(config.google),
          googleAuthorizationUrl: (url) => toStandIn(url, config.googleStandIn),
          authHeaders: (request) => pageAuthHeaders(request, addressOf(c)),
          session,
          apiDocument: document,
          // React Router asks for a page's data at its path with `.data` added.
          wholePage: !c.req.path.endsWith(".data"),
        },
        () => addressOf(c),
      ),
    );
    const started = { at: performance.now(), cpu: process.cpuUsage() };
    let response = await handlePage(onPublicOrigin(c.req.raw, config.baseUrl), context);
    const rendering = renderTiming(started);
    const personal = isPersonal(c.req.header("cookie"), response.headers);
    // In development Vite's inline scripts run under 'unsafe-inline' instead.
    const page = development
      ? undefined
      : await hashInlineScripts(response, { withValidator: !personal });
    if (page) {
      c.set("scriptHashes", page.hashes);
      const body = compressPage(page.bytes, page.headers, c.req.header("accept-encoding"), {
        personal,
      });
      response = new Response(body, { status: response.status, headers: page.headers });
    }
    if (config.production) secureCookies(response.headers);
    response.headers.append("Server-Timing", rendering);
    return response;
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (!isApiPath(c.req.path)) return error.getResponse();
      return c.json(
        { message: error.message || "The request could not be handled." },
        error.status,
      );
    }
    const reference = currentRequest()?.id;
    logger.error(
      { err: error, method: c.req.method, path: redactTarget(new URL(c.req.url).pathname) },
      "request failed",
    );
    if (isApiPath(c.req.path)) {
      const response = c.json(
        {
          message: `Something went wrong on our side. Please try again.${referenceSentence(reference)}`,
          reference,
        },
        500,
      );
      for (const [name, value] of apiHeaderList(config.production))
        response.headers.set(name, value);
      return response;
    }
    return c.html(errorPage(reference), 500);
  });

  return {
    app,
    auth,
    mailOutbox,
    postScheduler,
    webhookWorker,
    responseCache,
    metrics,
    logger,
  };
}
