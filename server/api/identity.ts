import type { Context, MiddlewareHandler } from "hono";
import { userForApiToken } from "../../core/accounts/api-tokens.server.ts";
import type { SignedInUser } from "../../core/accounts/signed-in-user.ts";
import type { WriteLimited, Writer } from "../../core/limits/rate-limit.server.ts";
import type { DB } from "../../db/index.ts";
import type { Auth } from "../auth/index.ts";
import type { SessionReader } from "../auth/session-reader.ts";
import { noteUser } from "../request-scope.ts";
import type { SecurityEvent, SecurityLog } from "../security-log.ts";

/** What every resource of the JSON API is built with. */
export interface ApiOptions {
  db: DB;
  auth: Auth;
  /** The client's address, for the write limits and the security log. */
  addressOf: (c: Context) => string;
  securityLog: SecurityLog;
  /** The public origin, for absolute image addresses and links in mail. */
  baseUrl: string;
  /** Tells the mail worker a row was written to the outbox, so the mail leaves at once. */
  wakeMailWorker?: () => void;
  /** Tells the webhook worker a delivery was written, so it goes out right after the answer. */
  wakeWebhookWorker?: () => void;
  /** The session cookie's user, as the pages read it (server/auth/session-reader.ts). */
  readSession: SessionReader;
}

export type ApiUserEnv = { Variables: { apiUser: SignedInUser } };

/** An `access-refused` line in the security log for this request. */
export function logRefusal(
  c: Context,
  { securityLog, addressOf }: Pick<ApiOptions, "securityLog" | "addressOf">,
  event: Pick<SecurityEvent, "status" | "reason" | "userId">,
) {
  securityLog({
    event: "access-refused",
    outcome: "refused",
    address: addressOf(c),
    route: `${c.req.method} ${c.req.path}`,
    ...event,
  });
}

/**
 * Who calls the protected JSON API: the bearer token's user, or (with no Authorization header)
 * the session cookie's, as the site's own pages would send it. No identity, or an unknown,
 * expired or revoked token → 401 (the client then signs the user out), logged. Identity never
 * comes from the request body.
 */
export function requireApiUser(options: ApiOptions): MiddlewareHandler<ApiUserEnv> {
  const { db } = options;
  return async (c, next) => {
    const header = c.req.header("authorization");
    let user: SignedInUser | undefined;
    if (header !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      user = match?.[1] ? await userForApiToken(db, match[1]) : undefined;
    } else {
      user = (await readSessionOf(c, options)).user ?? undefined;
    }
    if (!user) {
      logRefusal(c, options, {
        status: 401,
        reason: header === undefined ? "no-identity" : "bad-token",
      });
      c.header("WWW-Authenticate", 'Bearer realm="IELTS Hub"');
      return c.json(
        { message: "Sign in and send a valid token: Authorization: Bearer <token>." },
        401,
      );
    }
    noteUser(user.id);
    c.set("apiUser", user);
    await next();
  };
}

/**
 * After `requireApiUser`, for the owners' calls: anyone but an owner gets 403 with `message`,
 * logged, before the body is read (a student's megabyte of Markdown or picture is never parsed).
 */
export function requireApiOwner(
  options: Pick<ApiOptions, "securityLog" | "addressOf">,
  message: string,
): MiddlewareHandler<ApiUserEnv> {
  return async (c, next) => {
    const user = c.get("apiUser");
    if (!user.isOwner) {
      logRefusal(c, options, { status: 403, reason: "not-owner", userId: user.id });
      return c.json({ message }, 403);
    }
    await next();
  };
}

/**
 * A change refused to the caller, logged: 404 when the thing does not exist for them (its
 * `notFound` message), 403 when they can see it but it is not theirs to change (`forbidden`).
 */
export function refuseChange(
  c: Context<ApiUserEnv>,
  options: Pick<ApiOptions, "securityLog" | "addressOf">,
  reason: string,
  messages: { notFound: string; forbidden: string },
) {
  const notFound = reason === "not-found";
  logRefusal(c, options, {
    status: notFound ? 404 : 403,
    reason,
    userId: c.get("apiUser").id,
  });
  return notFound
    ? c.json({ message: messages.notFound }, 404)
    : c.json({ message: messages.forbidden }, 403);
}

/** The signed-in caller writing from this request's address, for the write limits. */
export function writerOf(
  c: Context<ApiUserEnv>,
  { addressOf }: Pick<ApiOptions, "addressOf">,
): Writer {
  const user = c.get("apiUser");
  return { userId: user.id, isOwner: user.isOwner, address: addressOf(c) };
}

/** A write refused by a limit: logged, and answered 429 with `Retry-After` (nothing was written). */
export function tooManyWrites(
  c: Context<ApiUserEnv>,
  { securityLog, addressOf }: Pick<ApiOptions, "securityLog" | "addressOf">,
  refusal: WriteLimited,
) {
  securityLog({
    event: "rate-limited",
    outcome: "refused",
    address: addressOf(c),
    userId: c.get("apiUser").id,
    route: `${c.req.method} ${c.req.path}`,
    reason: refusal.limit,
    status: 429,
  });
  c.header("Retry-After", String(refusal.retryAfterSeconds));
  return c.json({ message: refusal.message }, 429);
}

/**
 * The session cookie's user, session and e-mail state; a renewed (or cleared) session cookie goes
 * out with the answer, as from a page.
 */
export async function readSessionOf(c: Context, { readSession }: Pick<ApiOptions, "readSession">) {
  const session = await readSession(c.req.raw.headers);
  for (const cookie of session.headers.getSetCookie())
    c.header("Set-Cookie", cookie, { append: true });
  return session;
}
