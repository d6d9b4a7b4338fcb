import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { issueApiToken, userForApiToken } from "../core/api-tokens.ts";
import { listReviewsByUser } from "../core/reviews.ts";
import type { SignedInUser } from "../core/signed-in-user.ts";
import type { DB } from "../db/index.ts";
import { apiShapes } from "./api-shapes.ts";
import type { Auth } from "./auth/index.ts";
import type { SecurityEvent, SecurityLog } from "./security-log.ts";

export type ApiUserEnv = { Variables: { apiUser: SignedInUser } };

/** Where refusals are written, with the client's address. */
export interface RefusalLog {
  securityLog: SecurityLog;
  addressOf: (c: Context) => string;
}

/** An `access-refused` line in the security log for this request. */
export function logRefusal(
  c: Context,
  { securityLog, addressOf }: RefusalLog,
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
 * expired or revoked token → 401 (the client then signs the user out). Identity never
 * comes from the request body.
 */
export function requireApiUser(
  db: DB,
  auth: Auth,
  refusals?: RefusalLog,
): MiddlewareHandler<ApiUserEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization");
    let user: SignedInUser | undefined;
    if (header !== undefined) {
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      user = match?.[1] ? await userForApiToken(db, match[1]) : undefined;
    } else {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (session) {
        const { id, name, email, image } = session.user;
        user = { id, name, email, image: image ?? null };
      }
    }
    if (!user) {
      if (refusals) {
        const reason = header === undefined ? "no-identity" : "bad-token";
        logRefusal(c, refusals, { status: 401, reason });
      }
      c.header("WWW-Authenticate", 'Bearer realm="IELTS Hub"');
      return c.json(
        { message: "Sign in and send a valid token: Authorization: Bearer <token>." },
        401,
      );
    }
    c.set("apiUser", user);
    await next();
  };
}

const tokenRequest = z.object({ email: z.string().max(254) });

/** POST /api/jwt, GET /api/my-reviews and GET /api/me. */
export function accountApi({
  db,
  auth,
  baseUrl,
  ...refusals
}: { db: DB; auth: Auth; baseUrl: string } & RefusalLog) {
  const api = new Hono<ApiUserEnv>();
  const { ownReviewJson } = apiShapes(baseUrl);
  const apiUser = requireApiUser(db, auth, refusals);

  // A token only for the signed-in owner of the e-mail (the seed signed one for anyone).
  api.post("/jwt", async (c) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) {
      logRefusal(c, refusals, { status: 401, reason: "no-session" });
      return c.json({ message: "Sign in first." }, 401);
    }
    const body = tokenRequest.safeParse(await c.req.json().catch(() => undefined));
    if (!body.success)
      return c.json({ message: 'Send a JSON body with your e-mail: {"email": "…"}.' }, 400);
    if (body.data.email.trim().toLowerCase() !== session.user.email.toLowerCase()) {
      logRefusal(c, refusals, { status: 403, reason: "not-owner", userId: session.user.id });
      return c.json({ message: "A token is only issued for your own e-mail." }, 403);
    }
    const { token } = await issueApiToken(db, {
      userId: session.user.id,
      sessionId: session.session.id,
    });
    return c.json({ token });
  });

  // The token's own reviews. The e-mail, when given, must be the token's own (403
  // otherwise); without it the answer is still only the caller's reviews, never anyone else's.
  api.get("/my-reviews", apiUser, async (c) => {
    const user = c.get("apiUser");
    const email = c.req.query("email");
    if (email !== undefined && email.trim().toLowerCase() !== user.email.toLowerCase()) {
      logRefusal(c, refusals, { status: 403, reason: "not-owner", userId: user.id });
      return c.json({ message: "You can only list your own reviews." }, 403);
    }
    return c.json((await listReviewsByUser(db, user.id)).map(ownReviewJson));
  });

  api.get("/me", apiUser, (c) => {
    const user = c.get("apiUser");
    return c.json({
      _id: user.id,
      email: user.email,
      displayName: user.name,
      photoURL: user.image,
    });
  });

  return api;
}
