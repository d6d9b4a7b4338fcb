import { Hono } from "hono";
import { z } from "zod";
import { accountDeletionSchema, deleteAccount } from "../../core/account-deletion.server.ts";
import { exportAccountData } from "../../core/account-export.server.ts";
import { isEmailVerified } from "../../core/accounts.server.ts";
import { issueApiToken } from "../../core/api-tokens.server.ts";
import { MAX_EMAIL_LENGTH } from "../../core/field-limits.ts";
import { readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  logRefusal,
  readSessionOf,
  requireApiUser,
} from "./identity.ts";

const tokenRequest = z.object({ email: z.string().max(MAX_EMAIL_LENGTH) });

/**
 * The caller's account on the JSON API: `POST /api/jwt` issues a bearer token (an opaque one,
 * stored hashed and revoked with its session; the path keeps the original client's name),
 * `GET /api/me` says who the token or session belongs to, `GET /api/me/export` is everything
 * stored about them and `DELETE /api/me {password}` deletes the account (decision 0033).
 */
export function accountsApi(options: ApiOptions) {
  const { db, auth, baseUrl, securityLog, addressOf } = options;
  const api = new Hono<ApiUserEnv>();

  // A token only for the signed-in owner of the e-mail (the original system signed one for anyone).
  api.post("/jwt", async (c) => {
    const { user, sessionId } = await readSessionOf(c, options);
    if (!user || !sessionId) {
      logRefusal(c, options, { status: 401, reason: "no-session" });
      return c.json({ message: "Sign in first." }, 401);
    }
    const body = tokenRequest.safeParse(await readJson(c));
    if (!body.success)
      return c.json({ message: 'Send a JSON body with your e-mail: {"email": "…"}.' }, 400);
    if (body.data.email.trim().toLowerCase() !== user.email.toLowerCase()) {
      logRefusal(c, options, { status: 403, reason: "not-owner", userId: user.id });
      return c.json({ message: "A token is only issued for your own e-mail." }, 403);
    }
    const { token } = await issueApiToken(db, { userId: user.id, sessionId });
    return c.json({ token });
  });

  api.get("/me", requireApiUser(options), async (c) => {
    const user = c.get("apiUser");
    return c.json({
      _id: user.id,
      email: user.email,
      displayName: user.name,
      photoURL: user.image,
      emailVerified: await isEmailVerified(db, user.id),
      twoFactorEnabled: user.twoFactorEnabled,
    });
  });

  // The same document as the account page's "Download my data".
  api.get("/me/export", requireApiUser(options), async (c) => {
    const data = await exportAccountData(db, c.get("apiUser").id, { siteUrl: baseUrl });
    if (!data) return c.json({ message: "This account no longer exists." }, 404);
    return c.json(data);
  });

  // An API client confirms with the password; an account without one (Google only) deletes
  // itself on the site, just after signing in with Google again.
  api.delete("/me", requireApiUser(options), async (c) => {
    const user = c.get("apiUser");
    const body = accountDeletionSchema.safeParse(await readJson(c));
    if (!body.success)
      return c.json(
        { message: 'Send your password to confirm the deletion: {"password": "…"}.' },
        400,
      );
    const address = addressOf(c);
    const route = `${c.req.method} ${c.req.path}`;
    const deleted = await deleteAccount(db, {
      userId: user.id,
      confirmation: { kind: "password", password: body.data.password },
      address,
      verifyPassword: async (hash, password) =>
        (await auth.$context).password.verify({ hash, password }),
      authSecret: (await auth.$context).secret,
      siteUrl: baseUrl,
    });
    if (deleted.ok) {
      securityLog({ event: "account-delete", outcome: "success", userId: user.id, address, route });
      options.wakeMailWorker?.();
      return c.json({ deletedCount: 1 });
    }
    if (deleted.reason === "rate-limited") {
      securityLog({
        event: "rate-limited",
        outcome: "refused",
        userId: user.id,
        address,
        route,
        reason: deleted.limit,
        status: 429,
      });
      c.header("Retry-After", String(deleted.retryAfterSeconds));
      return c.json({ message: deleted.message }, 429);
    }
    securityLog({
      event: "account-delete",
      outcome: "failure",
      userId: user.id,
      address,
      route,
      reason: deleted.reason,
      status: 403,
    });
    return c.json(
      {
        message:
          deleted.reason === "wrong-password"
            ? "This is not your password: nothing was deleted."
            : deleted.reason === "no-password"
              ? `Your account signs in with Google and has no password. Delete it on the site (${baseUrl}/account/delete), just after signing in with Google.`
              : "The account could not be deleted.",
      },
      403,
    );
  });

  return api;
}
