import { Hono } from "hono";
import { z } from "zod";
import {
  accountDeletionSchema,
  deleteAccount,
} from "../../core/accounts/account-deletion.server.ts";
import {
  type AccountExport,
  exportAccountData,
} from "../../core/accounts/account-export.server.ts";
import { isEmailVerified } from "../../core/accounts/accounts.server.ts";
import { issueApiToken } from "../../core/accounts/api-tokens.server.ts";
import { MAX_EMAIL_LENGTH } from "../../core/limits/field-limits.ts";
import { privateJson } from "../http-caching.ts";
import { readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  logRefusal,
  readSessionOf,
  requireApiUser,
} from "./identity.ts";
import { type Operation, refusal } from "./operations.ts";
import { accountExportSchema, deletedSchema, meSchema } from "./schemas.ts";

const tokenRequest = z.object({
  email: z.string().max(MAX_EMAIL_LENGTH).meta({ description: "The caller's own e-mail address." }),
});

// "Download my data" is built in core and described in schemas.ts: each must fit the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const exportFitsItsSchema: Same<AccountExport, z.output<typeof accountExportSchema>> = true;
void exportFitsItsSchema;

/** The routes below, for the OpenAPI document (server/api/openapi.ts). */
export const accountsOperations = {
  token: {
    method: "POST",
    path: "/api/jwt",
    operationId: "issueApiToken",
    tag: "Account",
    summary: "A bearer token for the signed-in caller",
    description:
      "With the session cookie of a sign-in (`POST /api/auth/sign-in/email`), for the owner of `email` only. The token is good for 300 seconds and ends with its session.",
    access: "session",
    body: { schema: tokenRequest, example: { email: "amina@example.com" } },
    responses: {
      200: {
        description: "The token, for `Authorization: Bearer …`.",
        body: z.object({ token: z.string().meta({ description: "ih_…" }) }),
        example: { token: "ih_9rX…" },
      },
      400: refusal("No e-mail address.", 'Send a JSON body with your e-mail: {"email": "…"}.'),
      401: refusal("Not signed in (no session cookie).", "Sign in first."),
      403: refusal(
        "Another person's e-mail address.",
        "A token is only issued for your own e-mail.",
      ),
    },
  },
  me: {
    method: "GET",
    path: "/api/me",
    operationId: "getMe",
    tag: "Account",
    summary: "Who the token or session belongs to",
    access: "identity",
    responses: { 200: { description: "The caller.", body: meSchema } },
  },
  export: {
    method: "GET",
    path: "/api/me/export",
    operationId: "exportMyData",
    tag: "Account",
    summary: "Everything stored about the caller",
    description: "The same document as 'Download my data' on /account (decision 0033).",
    access: "identity",
    responses: {
      200: { description: "The caller's data.", body: accountExportSchema },
      404: refusal("The account was deleted meanwhile.", "This account no longer exists."),
    },
  },
  delete: {
    method: "DELETE",
    path: "/api/me",
    operationId: "deleteMyAccount",
    tag: "Account",
    summary: "Delete the caller's account and everything about them",
    description:
      "As /account/delete does: confirmed with the password (a guess against the account's limit). An account without a password (Google only) is deleted on the site, just after signing in with Google.",
    access: "identity",
    body: { schema: accountDeletionSchema, example: { password: "a long and unusual passphrase" } },
    responses: {
      200: {
        description: "Deleted, signed out everywhere; a goodbye mail follows.",
        body: deletedSchema,
      },
      400: refusal(
        "No password.",
        'Send your password to confirm the deletion: {"password": "…"}.',
      ),
      403: refusal(
        "A wrong password, or an account without one (delete it on the site).",
        "This is not your password: nothing was deleted.",
      ),
      429: {
        ...refusal("Over the password limits."),
        headers: ["Retry-After"],
      },
    },
  },
} satisfies Record<string, Operation>;

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
    const me: z.output<typeof meSchema> = {
      _id: user.id,
      email: user.email,
      displayName: user.name,
      photoURL: user.image,
      emailVerified: await isEmailVerified(db, user.id),
      twoFactorEnabled: user.twoFactorEnabled,
    };
    return privateJson(c, me);
  });

  // The same document as the account page's "Download my data".
  api.get("/me/export", requireApiUser(options), async (c) => {
    const data = await exportAccountData(db, c.get("apiUser").id, { siteUrl: baseUrl });
    if (!data) return c.json({ message: "This account no longer exists." }, 404);
    return privateJson(c, data);
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
