import type { MiddlewareHandler } from "hono";
import type { DB } from "../../db/index.ts";
import { SESSION_ABSOLUTE_SECONDS } from "./index.ts";

/** Better Auth's session cookie (with the `__Secure-` prefix in production): `<token>.<signature>`. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?ielts-hub\.session_token=([^;]+)/;

/**
 * Better Auth renews a session while it is used, so on its own a session could live for ever.
 * Before anything reads the session (pages, Better Auth's endpoints, the API), a session that
 * began more than SESSION_ABSOLUTE_SECONDS ago is deleted, and with it its API tokens.
 */
export function endOverAgeSessions(db: DB): MiddlewareHandler {
  return async (c, next) => {
    const value = SESSION_COOKIE.exec(c.req.header("cookie") ?? "")?.[1];
    if (value && value.length <= MAX_COOKIE_LENGTH) {
      // A cookie is whatever the client sends: a broken %-escape is no session, not an error.
      const token = safelyDecoded(value)?.split(".")[0] ?? "";
      const session = await db
        .selectFrom("sessions")
        .select(["id", "created_at"])
        .where("token", "=", token)
        .executeTakeFirst();
      const startedAt = session ? new Date(session.created_at).getTime() : Number.NaN;
      if (session && Date.now() - startedAt > SESSION_ABSOLUTE_SECONDS * 1000) {
        await db.deleteFrom("sessions").where("id", "=", session.id).execute();
      }
    }
    await next();
  };
}

/** Better Auth's signed token is about 80 characters; nothing much longer can be one. */
const MAX_COOKIE_LENGTH = 512;

function safelyDecoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
