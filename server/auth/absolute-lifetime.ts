import type { MiddlewareHandler } from "hono";
import { endSessionIfOverAge } from "../../core/accounts/sessions.server.ts";
import type { DB } from "../../db/index.ts";
import { sessionCookieValue } from "./session-cookie.ts";

/**
 * Before Better Auth's endpoints read the session, a session past its absolute lifetime is ended
 * (core/accounts/sessions.server.ts), so the request goes on signed out. Pages and the rest of the API read
 * it through server/auth/session-reader.ts, which does the same.
 */
export function endOverAgeSessions(db: DB): MiddlewareHandler {
  return async (c, next) => {
    const value = sessionCookieValue(c.req.header("cookie"));
    if (value && value.length <= MAX_COOKIE_LENGTH) {
      // A cookie is whatever the client sends: a broken %-escape is no session, not an error.
      const token = safelyDecoded(value)?.split(".")[0];
      if (token) await endSessionIfOverAge(db, token);
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
