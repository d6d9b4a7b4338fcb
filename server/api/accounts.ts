import { Hono } from "hono";
import { z } from "zod";
import { isEmailVerified } from "../../core/accounts.server.ts";
import { issueApiToken } from "../../core/api-tokens.server.ts";
import { MAX_EMAIL_LENGTH } from "../../core/field-limits.ts";
import { twoFactorState } from "../../core/two-factor.server.ts";
import { readJson } from "./bodies.ts";
import { type ApiOptions, type ApiUserEnv, logRefusal, requireApiUser } from "./identity.ts";

const tokenRequest = z.object({ email: z.string().max(MAX_EMAIL_LENGTH) });

/**
 * The caller's account on the JSON API: `POST /api/jwt` issues a bearer token (an opaque one,
 * stored hashed and revoked with its session; the path keeps the original client's name), and
 * `GET /api/me` says who the token or session belongs to.
 */
export function accountsApi(options: ApiOptions) {
  const { db, auth } = options;
  const api = new Hono<ApiUserEnv>();

  // A token only for the signed-in owner of the e-mail (the original system signed one for anyone).
  api.post("/jwt", async (c) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) {
      logRefusal(c, options, { status: 401, reason: "no-session" });
      return c.json({ message: "Sign in first." }, 401);
    }
    const body = tokenRequest.safeParse(await readJson(c));
    if (!body.success)
      return c.json({ message: 'Send a JSON body with your e-mail: {"email": "…"}.' }, 400);
    if (body.data.email.trim().toLowerCase() !== session.user.email.toLowerCase()) {
      logRefusal(c, options, { status: 403, reason: "not-owner", userId: session.user.id });
      return c.json({ message: "A token is only issued for your own e-mail." }, 403);
    }
    const { token } = await issueApiToken(db, {
      userId: session.user.id,
      sessionId: session.session.id,
    });
    return c.json({ token });
  });

  api.get("/me", requireApiUser(options), async (c) => {
    const user = c.get("apiUser");
    const [emailVerified, twoFactor] = await Promise.all([
      isEmailVerified(db, user.id),
      twoFactorState(db, user.id),
    ]);
    return c.json({
      _id: user.id,
      email: user.email,
      displayName: user.name,
      photoURL: user.image,
      emailVerified,
      twoFactorEnabled: twoFactor.enabled,
    });
  });

  return api;
}
