import { createHmac, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import { ownerPowers, signedInUser } from "../../core/accounts/owners.server.ts";
import {
  endSignedInDevice,
  findSessionWithUser,
  isOverAge,
  type SessionWithUser,
} from "../../core/accounts/sessions.server.ts";
import type { SignedInUser } from "../../core/accounts/signed-in-user.ts";
import type { DB } from "../../db/index.ts";
import { toDate } from "../../db/schema.ts";
import type { Auth } from "./index.ts";

/** Who a page or API request comes from, read once per request from its cookies. */
export interface SessionLookup {
  user: SignedInUser | null;
  sessionId: string | null;
  emailVerified: boolean;
  /** Set-Cookie headers for the answer: a renewed session cookie, or one that clears it. */
  headers: Headers;
}

const SIGNED_OUT: Omit<SessionLookup, "headers"> = {
  user: null,
  sessionId: null,
  emailVerified: false,
};

/**
 * Reads the session of a request (a page, or the JSON API without a token) as Better Auth's
 * getSession would, in one query where nothing is to change: the signed cookie checked with
 * node:crypto, then the session, its user and their role in one precompiled query. Whenever
 * Better Auth would write something — renew the session (at most hourly), delete an expired one,
 * clear a cookie — or the cookies are anything but plain, it asks Better Auth itself, so the
 * outcome is always Better Auth's. A session past its absolute lifetime is ended first
 * (core/accounts/sessions.server.ts), and the request goes on signed out, as Better Auth's own endpoints
 * do (absolute-lifetime.ts).
 *
 * Better Auth's own getSession costs a page a third of a millisecond and three queries more:
 * its endpoint machinery, a WebCrypto call, the session and user lookups and our role lookup.
 */
export function createSessionReader({
  db,
  auth,
}: {
  db: DB;
  auth: Auth;
}): (headers: Headers) => Promise<SessionLookup> {
  const settings = auth.$context.then((context) => ({
    verifiedValue: signedCookieChecker(context.secret),
    sessionToken: context.authCookies.sessionToken.name,
    dontRemember: context.authCookies.dontRememberToken.name,
    sessionData: context.authCookies.sessionData.name,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  async function askBetterAuth(headers: Headers): Promise<SessionLookup> {
    const { headers: answer, response } = await auth.api.getSession({
      headers,
      returnHeaders: true,
    });
    if (!response) return { ...SIGNED_OUT, headers: answer };
    return {
      user: await signedInUser(db, response.user),
      sessionId: response.session.id,
      emailVerified: response.user.emailVerified,
      headers: answer,
    };
  }

  return async function readSession(headers: Headers): Promise<SessionLookup> {
    const cookieHeader = headers.get("cookie");
    const { verifiedValue, sessionToken, dontRemember, sessionData, expiresInMs, updateAgeMs } =
      await settings;
    if (!cookieHeader?.includes(sessionToken) && !cookieHeader?.includes(sessionData))
      return { ...SIGNED_OUT, headers: new Headers() };
    const cookies = plainCookies(cookieHeader, [sessionToken, dontRemember], sessionData);
    const token = cookies && verifiedValue(cookies.get(sessionToken));
    if (!cookies || !token) return askBetterAuth(headers);
    const row = await findSessionWithUser(db, token);
    const now = new Date();
    if (!row || toDate(row.expires_at) < now) return askBetterAuth(headers);
    if (isOverAge(row.created_at, now)) {
      await endSignedInDevice(db, row.user_id, row.session_id);
      return askBetterAuth(headers);
    }
    // Better Auth renews a remembered session once it is updateAge old, and never one that was
    // not to be remembered; a signature that does not hold counts as no such cookie.
    const remembered = verifiedValue(cookies.get(dontRemember)) === undefined;
    const renewsAt = toDate(row.expires_at).getTime() - expiresInMs + updateAgeMs;
    if (remembered && renewsAt <= now.getTime()) return askBetterAuth(headers);
    return { ...fromRow(row), headers: new Headers() };
  };
}

function fromRow(row: SessionWithUser): Omit<SessionLookup, "headers"> {
  const twoFactorEnabled = Boolean(row.two_factor_enabled);
  return {
    user: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      image: row.image ?? null,
      twoFactorEnabled,
      ...ownerPowers(Boolean(row.holds_owner_role), twoFactorEnabled),
    },
    sessionId: row.session_id,
    emailVerified: Boolean(row.email_verified),
  };
}

/**
 * The named cookies' values (%-decoded), or undefined when the header is not plain enough to be
 * sure Better Auth reads the same: a name given twice, a quoted or undecodable value, or the
 * session-data cookie (or one of its chunks), which Better Auth clears.
 */
function plainCookies(
  header: string,
  names: string[],
  clearedName: string,
): Map<string, string> | undefined {
  const found = new Map<string, string>();
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals === -1) continue;
    const name = pair.slice(0, equals).trim();
    if (name.startsWith(clearedName)) return undefined;
    if (!names.includes(name)) continue;
    if (found.has(name)) return undefined;
    const raw = pair.slice(equals + 1).trim();
    if (raw.startsWith('"')) return undefined;
    try {
      found.set(name, decodeURIComponent(raw));
    } catch {
      return undefined;
    }
  }
  return found;
}

/**
 * Checks signed cookies (HMAC-SHA256, base64, as better-call writes them): a cookie's value when
 * its signature holds, undefined otherwise. A good signature is checked once per cookie (an HMAC
 * costs more than the session's whole query); bad ones are not kept, so junk cannot crowd the
 * good ones out, and nothing longer than a real cookie is kept.
 */
function signedCookieChecker(secret: string) {
  const verified = new LRUCache<string, string>({ max: 10_000 });
  return (cookie: string | undefined): string | undefined => {
    if (!cookie) return undefined;
    const known = verified.get(cookie);
    if (known !== undefined) return known;
    const dot = cookie.lastIndexOf(".");
    if (dot < 1) return undefined;
    const value = cookie.slice(0, dot);
    const signature = Buffer.from(cookie.slice(dot + 1));
    const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected))
      return undefined;
    if (cookie.length <= LONGEST_KEPT_COOKIE) verified.set(cookie, value);
    return value;
  };
}

/** Better Auth's signed cookies are about 80 characters. */
const LONGEST_KEPT_COOKIE = 256;

export type SessionReader = ReturnType<typeof createSessionReader>;
