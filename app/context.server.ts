import { createContext } from "react-router";
import type { WebhookSettings } from "../core/webhooks/webhooks.server.ts";
import type { DB } from "../db/index.ts";
import type { OpenApiDocument } from "../server/api/openapi.ts";
import type { Auth } from "../server/auth/index.ts";
import type { SessionLookup } from "../server/auth/session-reader.ts";
import type { Logger } from "../server/logger.ts";
import type { SecurityLog } from "../server/security-log.ts";
import type { Drawn } from "./lib/drawn-parts.ts";

export interface AppContext {
  db: DB;
  auth: Auth;
  /** The client's address (socket, or proxy's with TRUST_PROXY), for rate limits and logs. */
  clientAddress: string;
  /** Whether Google sign-in is configured, so its buttons show. */
  googleSignIn: boolean;
  /** Where the browser goes for Google's sign-in page (in tests, a local stand-in's). */
  googleAuthorizationUrl: (url: string) => string;
  /**
   * The headers a page action gives `auth.api.*`: the browser's (cookies), plus the client's
   * address and the page's route, so Better Auth's rules limit and log the form path exactly as
   * they do the JSON API.
   */
  authHeaders: (request: Request) => Headers;
  /** Where authentication events, refusals and limit hits are written (server/security-log.ts). */
  securityLog: SecurityLog;
  /** The process's logger: lines written through it carry the request's id. */
  logger: Logger;
  /** The request's id (X-Request-Id), which an error page asks a person to quote. */
  requestId: string | undefined;
  /** Tells the mail worker a row was written to the outbox, so the mail leaves at once. */
  wakeMailWorker: () => void;
  /** Tells the webhook worker a delivery was written, so it goes out at once after the answer. */
  wakeWebhookWorker: () => void;
  /** The key webhook secrets are sealed with, and where webhooks may go (/admin/webhooks). */
  webhooks: WebhookSettings;
  /**
   * The site's public origin (BASE_URL, validated in server/config.ts), whatever scheme and host
   * reached Node: canonical links, sharing tags, the sitemap and robots.txt are built from it.
   */
  baseUrl: string;
  /** A public deployment (NODE_ENV=production): cookies are Secure. */
  production: boolean;
  /** Who sent the request, from its session cookie only (server/auth/session-reader.ts). */
  session: SessionLookup;
  /** The JSON API's OpenAPI document (server/api/openapi.ts), which /api/docs shows. */
  apiDocument: OpenApiDocument;
  /**
   * Whether the answer is a whole HTML page (a browser's navigation, or a form sent without
   * JavaScript) rather than React Router's data for a page already in the browser (`….data`).
   */
  wholePage: boolean;
  /**
   * The parts of this page drawn on the server as HTML, by id (app/lib/drawn-parts.server.ts):
   * a whole page carries them in its markup and leaves them out of its data.
   */
  drawnParts: Map<string, Drawn>;
}

/**
 * What the server gives every loader and action. The server and the pages are one bundle (one
 * Vite module graph in development), so this module, and with it the key, exists once.
 */
export const appContext = createContext<AppContext>();

/**
 * A page the entry rendered whole: its text, and the page as UTF-8, encoded once. The text has
 * only the places of its drawn parts (app/lib/drawn-parts.ts), which hold no script; the bytes
 * have the parts.
 */
export interface RenderedPage {
  html: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Each page the entry rendered whole (app/entry.server.tsx), by its Response: the server hashes
 * the page's scripts in its text and compresses its bytes (server/inline-script-hashes.ts)
 * without reading back through a stream the body it was just given. The Response's body is the
 * same bytes, so React Router, which looks the Response over, and anything reading it
 * (development, tests) get the same page without encoding the text again (a text body is
 * encoded to UTF-8 whenever it is looked at: ~0.1 ms of a 25 KB page). Here because this module
 * is where the server and the pages meet.
 */
export const renderedPages = new WeakMap<Response, RenderedPage>();
