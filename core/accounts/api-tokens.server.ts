import { createHash, randomBytes } from "node:crypto";
import type { DB } from "../../db/index.ts";
import { ownerPowers } from "./owners.server.ts";
import { SESSION_ABSOLUTE_SECONDS } from "./sessions.server.ts";
import type { SignedInUser } from "./signed-in-user.ts";

/** An API token is good for 300 seconds; ask for a new one after that. */
export const API_TOKEN_LIFETIME_SECONDS = 300;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A random bearer token tied to the session it was asked from; only its hash is stored. */
export async function issueApiToken(
  db: DB,
  { userId, sessionId }: { userId: string; sessionId: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = `ih_${randomBytes(32).toString("base64url")}`;
  const expiresAt = new Date(now.getTime() + API_TOKEN_LIFETIME_SECONDS * 1000);
  await db
    .insertInto("api_tokens")
    .values({
      token_hash: hashToken(token),
      session_id: sessionId,
      user_id: userId,
      expires_at: expiresAt.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}

/** Where a token stands: its session and user, while the token and the session are good. */
async function liveToken(db: DB, token: string, now: Date) {
  if (!token.startsWith("ih_") || token.length > 100) return undefined;
  const moment = now.toISOString();
  const oldestSessionStart = new Date(
    now.getTime() - SESSION_ABSOLUTE_SECONDS * 1000,
  ).toISOString();
  return db
    .selectFrom("api_tokens")
    .innerJoin("sessions", "sessions.id", "api_tokens.session_id")
    .select(["api_tokens.session_id as sessionId", "api_tokens.user_id as userId"])
    .where("api_tokens.token_hash", "=", hashToken(token))
    .where("api_tokens.expires_at", ">", moment)
    .where("sessions.expires_at", ">", moment)
    .where("sessions.created_at", ">", oldestSessionStart)
    .executeTakeFirst();
}

/**
 * A new token on the same session for one still good, which stops working at once: a client
 * keeps signed in by renewing before the 300 seconds are up, never past its session's lifetime.
 */
export async function renewApiToken(
  db: DB,
  token: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date; userId: string } | undefined> {
  const live = await liveToken(db, token, now);
  if (!live) return undefined;
  const renewed = await issueApiToken(db, live, now);
  await db.deleteFrom("api_tokens").where("token_hash", "=", hashToken(token)).execute();
  return { ...renewed, userId: live.userId };
}

/** The session a token stands on (to end it: signing out ends every token of that session). */
export async function sessionOfApiToken(
  db: DB,
  token: string,
  now = new Date(),
): Promise<{ sessionId: string; userId: string } | undefined> {
  return liveToken(db, token, now);
}

/** The session Better Auth made for a sign-in, by the session token it answered with. */
export async function sessionIdForSessionToken(
  db: DB,
  sessionToken: string,
): Promise<{ sessionId: string; userId: string } | undefined> {
  return db
    .selectFrom("sessions")
    .select(["id as sessionId", "user_id as userId"])
    .where("token", "=", sessionToken)
    .executeTakeFirst();
}

/**
 * The user a token speaks for, while both the token and its session are unexpired and the
 * session is younger than its absolute lifetime (checked here on every use, not only when the
 * session's cookie is next seen).
 */
export async function userForApiToken(
  db: DB,
  token: string,
  now = new Date(),
): Promise<SignedInUser | undefined> {
  if (!token.startsWith("ih_") || token.length > 100) return undefined;
  const moment = now.toISOString();
  const oldestSessionStart = new Date(
    now.getTime() - SESSION_ABSOLUTE_SECONDS * 1000,
  ).toISOString();
  const row = await db
    .selectFrom("api_tokens")
    .innerJoin("sessions", "sessions.id", "api_tokens.session_id")
    .innerJoin("users", "users.id", "api_tokens.user_id")
    .leftJoin("owners", "owners.user_id", "api_tokens.user_id")
    .select([
      "users.id",
      "users.name",
      "users.email",
      "users.image",
      "users.two_factor_enabled",
      "owners.user_id as owner",
    ])
    .where("api_tokens.token_hash", "=", hashToken(token))
    .where("api_tokens.expires_at", ">", moment)
    .where("sessions.expires_at", ">", moment)
    .where("sessions.created_at", ">", oldestSessionStart)
    .executeTakeFirst();
  if (!row) return undefined;
  const { owner, two_factor_enabled, ...user } = row;
  const twoFactorEnabled = Boolean(two_factor_enabled);
  return { ...user, twoFactorEnabled, ...ownerPowers(owner !== null, twoFactorEnabled) };
}
