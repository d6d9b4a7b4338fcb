import Bowser from "bowser";
import type { DB } from "../../db/index.ts";
import { precompiled } from "../../db/precompiled.ts";
import { type Timestamp, toDate } from "../../db/schema.ts";

const DAY = 24 * 60 * 60;

/** A remembered session ends after 30 days without use ('Remember me' checked). */
export const SESSION_INACTIVITY_SECONDS = 30 * DAY;
/** …and after 90 days whatever happens; then the student logs in again (and its tokens stop). */
export const SESSION_ABSOLUTE_SECONDS = 90 * DAY;

/**
 * Better Auth renews a session while it is used, so on its own a session could live for ever:
 * the session with this token is deleted (and with it its API tokens) once it began more than
 * SESSION_ABSOLUTE_SECONDS ago. Returns whether it was.
 */
export async function endSessionIfOverAge(db: DB, token: string, now = new Date()) {
  const session = await db
    .selectFrom("sessions")
    .select(["id", "created_at"])
    .where("token", "=", token)
    .executeTakeFirst();
  if (!session || !isOverAge(session.created_at, now)) return false;
  await db.deleteFrom("sessions").where("id", "=", session.id).execute();
  return true;
}

/** Whether a session that began at `createdAt` is past SESSION_ABSOLUTE_SECONDS. */
export function isOverAge(createdAt: Timestamp, now = new Date()): boolean {
  return now.getTime() - toDate(createdAt).getTime() > SESSION_ABSOLUTE_SECONDS * 1000;
}

/** A session with what a page needs of its user: the row behind every signed-in request. */
export interface SessionWithUser {
  session_id: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  user_id: string;
  name: string;
  email: string;
  image: string | null;
  email_verified: boolean | number;
  two_factor_enabled: boolean | number;
  /** Whether the user holds the owner role (core/accounts/owners.server.ts gives its powers). */
  holds_owner_role: boolean | number;
}

const sessionWithUserByToken = precompiled((db: DB, token: string) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("owners", "owners.user_id", "users.id")
    .select((eb) => [
      "sessions.id as session_id",
      "sessions.expires_at",
      "sessions.created_at",
      "users.id as user_id",
      "users.name",
      "users.email",
      "users.image",
      "users.email_verified",
      "users.two_factor_enabled",
      eb(eb.ref("owners.user_id"), "is not", null).as("holds_owner_role"),
    ])
    .where("sessions.token", "=", token),
);

/** The session with this token and its user, in one query (server/auth/session-reader.ts). */
export async function findSessionWithUser(
  db: DB,
  token: string,
): Promise<SessionWithUser | undefined> {
  const [row] = await sessionWithUserByToken(db, token);
  return row as SessionWithUser | undefined;
}

/**
 * How recent a sign-in must be for a change that a stolen session must not make alone on an
 * account with no password to ask for (setting one; deleting the account): Google's word is
 * asked for again instead.
 */
export const FRESH_SIGN_IN_SECONDS = 15 * 60;

/** Whether this session was signed in within FRESH_SIGN_IN_SECONDS. */
export async function isFreshSignIn(db: DB, sessionId: string, now = new Date()) {
  const session = await db
    .selectFrom("sessions")
    .select("created_at")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  if (!session) return false;
  return now.getTime() - new Date(session.created_at).getTime() < FRESH_SIGN_IN_SECONDS * 1000;
}

/** A session as its owner sees it on the signed-in devices page. */
export interface SignedInDevice {
  id: string;
  /** "Chrome on Android", from the browser's user agent. */
  device: string;
  /** When it signed in. */
  signedInAt: Date;
  /** When it was last used, to the hour (Better Auth renews a session at most hourly). */
  lastUsedAt: Date;
  /** The address it signed in from. */
  address: string | null;
}

/** "Firefox on Windows", or "An unknown browser" when the user agent says nothing useful. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "An unknown browser";
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || (os.name ? `A browser on ${os.name}` : "An unknown browser");
}

/** Every live session of the user, the most recently used first. */
export async function listSignedInDevices(
  db: DB,
  userId: string,
  now = new Date(),
): Promise<SignedInDevice[]> {
  const rows = await db
    .selectFrom("sessions")
    .select(["id", "user_agent", "ip_address", "created_at", "updated_at"])
    .where("user_id", "=", userId)
    .where("expires_at", ">", now.toISOString())
    .orderBy("updated_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.user_agent),
    signedInAt: toDate(row.created_at),
    lastUsedAt: toDate(row.updated_at),
    address: row.ip_address || null,
  }));
}

/**
 * Ends one of the user's own sessions (and, with it, its API tokens). Another user's session, or
 * one that no longer exists, is left alone: false.
 */
export async function endSignedInDevice(db: DB, userId: string, sessionId: string) {
  const result = await db
    .deleteFrom("sessions")
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every session of the user but this one; returns how many ended. */
export async function endOtherSignedInDevices(db: DB, userId: string, keepSessionId: string) {
  const result = await db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where("id", "!=", keepSessionId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
