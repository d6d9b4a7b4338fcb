import { Hono } from "hono";
import { z } from "zod";
import {
  issueApiToken,
  renewApiToken,
  sessionIdForSessionToken,
  sessionOfApiToken,
} from "../../core/accounts/api-tokens.server.ts";
import { endSignedInDevice } from "../../core/accounts/sessions.server.ts";
import { TOTP_CODE } from "../../core/accounts/two-factor.server.ts";
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from "../../core/limits/field-limits.ts";
import { authRequestHeaders } from "../auth/request-headers.ts";
import { problems, readJson } from "./bodies.ts";
import { type ApiOptions, logRefusal } from "./identity.ts";
import { type Operation, refusal } from "./operations.ts";
import { named } from "./schemas.ts";

export const tokenSignInSchema = z.object({
  email: z.string().trim().min(1, "email is required").max(MAX_EMAIL_LENGTH),
  password: z.string().min(1, "password is required").max(MAX_PASSWORD_LENGTH),
});

export const tokenSecondStepSchema = z.object({
  challenge: z.string().min(1, "challenge is required").max(2000),
  code: z.string().trim().min(1, "code is required").max(64),
});

const tokenUser = z.object({ _id: z.string(), email: z.string(), displayName: z.string() });

export const signedInTokenSchema = named(
  "SignedInToken",
  z.object({
    token: z.string().meta({ description: "`ih_…`: send it as `Authorization: Bearer …`." }),
    expiresAt: z.iso.datetime().meta({ description: "When it stops working: renew before." }),
    user: tokenUser.optional(),
  }),
);

export const secondStepSchema = named(
  "SecondStepNeeded",
  z.object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().meta({ description: "Send it back with the code, within 10 minutes." }),
    message: z.string(),
  }),
);

const renewedSchema = z.object({ token: z.string(), expiresAt: z.iso.datetime() });

const signedIn = {
  description: "Signed in: the token, for `Authorization: Bearer …`; never a cookie.",
  body: signedInTokenSchema,
  example: {
    token: "ih_9rX…",
    expiresAt: "2026-11-25T18:05:00.000Z",
    user: { _id: "8c1…", email: "amina@example.com", displayName: "Amina" },
  },
};
const tooManySignIns = {
  ...refusal("Over the sign-in limits (per address and per account).", "Too many attempts."),
  headers: ["Retry-After"] as const,
};

export const tokensOperations = {
  signIn: {
    method: "POST",
    path: "/api/tokens",
    operationId: "signInForToken",
    tag: "Tokens",
    summary: "Sign in with e-mail and password for a bearer token",
    description:
      "For clients without the site's cookies: a page on an origin in CORS_ORIGINS, an app, a script. The sign-in form's limits, password policy and security log apply. With two-factor sign-in on, the answer asks for the second step.",
    access: "anyone",
    body: {
      schema: tokenSignInSchema,
      example: { email: "amina@example.com", password: "a long and unusual passphrase" },
    },
    responses: {
      200: {
        description: "Signed in (a token), or a code is still to come (a challenge).",
        body: z.union([signedInTokenSchema, secondStepSchema]),
        example: signedIn.example,
      },
      400: refusal("No e-mail address or password.", "email is required"),
      401: refusal("A wrong e-mail address or password.", "Invalid email or password"),
      403: refusal("Refused by the sign-in rules.", "Sign-in failed."),
      429: tooManySignIns,
    },
  },
  secondStep: {
    method: "POST",
    path: "/api/tokens/two-factor",
    operationId: "signInSecondStep",
    tag: "Tokens",
    summary: "The second step: a code from the app, or a backup code",
    access: "anyone",
    body: { schema: tokenSecondStepSchema, example: { challenge: "aWVsdHMt…", code: "123456" } },
    responses: {
      200: signedIn,
      400: refusal(
        "No challenge or code, or a challenge this site did not give.",
        "code is required",
      ),
      401: refusal("A wrong code, or the sign-in expired.", "Invalid code"),
      403: refusal("Refused by the sign-in rules.", "Sign-in failed."),
      429: tooManySignIns,
    },
  },
  renew: {
    method: "POST",
    path: "/api/tokens/renew",
    operationId: "renewToken",
    tag: "Tokens",
    summary: "A new token for one still good",
    description: "The old token stops working at once. Bounded by the sign-in's own lifetime.",
    access: "bearer",
    responses: {
      200: {
        description: "The new token.",
        body: renewedSchema,
        example: { token: "ih_Q2c…", expiresAt: "2026-11-25T18:10:00.000Z" },
      },
      401: {
        ...refusal("No token, or one that expired or ended: sign in again."),
        headers: ["WWW-Authenticate"],
      },
    },
  },
  signOut: {
    method: "DELETE",
    path: "/api/tokens/current",
    operationId: "signOutToken",
    tag: "Tokens",
    summary: "Sign out: the token and its sign-in end",
    access: "bearer",
    responses: {
      204: { description: "Signed out." },
      401: {
        ...refusal("No token, or one that expired or ended."),
        headers: ["WWW-Authenticate"],
      },
    },
  },
} satisfies Record<string, Operation>;

/** What the two-factor step hands back: Better Auth's pending sign-in cookie, as one opaque text. */
const TWO_FACTOR_COOKIE = /(?:^|\.)two_factor$/;

function bearerOf(header: string | undefined): string | undefined {
  return header === undefined ? undefined : /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

/**
 * Sign-in for clients that cannot hold the site's cookies — a page on another origin the
 * teacher allows (CORS_ORIGINS), a phone app, a script (decision 0048):
 * - `POST /api/tokens {email, password}` → `{token, expiresAt, user}`, or with two-factor
 *   sign-in on `{twoFactorRequired: true, challenge}`;
 * - `POST /api/tokens/two-factor {challenge, code}` → `{token, expiresAt, user}`;
 * - `POST /api/tokens/renew` with the token → a new one (the old stops working);
 * - `DELETE /api/tokens/current` with the token → signed out (the session and its tokens end).
 * The password and the code are checked by Better Auth's own endpoints, called here with the
 * client's address and this route, so the limits, the password policy and the security log are
 * the sign-in form's. The session Better Auth makes is never sent as a cookie: the bearer token
 * stands on it, and ends with it.
 */
export function tokensApi(options: ApiOptions) {
  const { db, auth, baseUrl, addressOf, securityLog } = options;
  const api = new Hono();

  /** Asks one of Better Auth's endpoints, as the sign-in form's action does. */
  const askBetterAuth = (
    c: Parameters<ApiOptions["addressOf"]>[0],
    path: string,
    body: unknown,
    cookie?: string,
  ) => {
    const headers = authRequestHeaders(new Headers(), {
      address: addressOf(c),
      method: c.req.method,
      path: c.req.path,
    });
    headers.set("content-type", "application/json");
    // Better Auth checks a cookie-carrying request's origin; this one is the server's own.
    headers.set("origin", baseUrl);
    if (cookie) headers.set("cookie", cookie);
    return auth.handler(
      new Request(`${baseUrl}/api/auth${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      }),
    );
  };

  /** Better Auth's answer turned into the client's: a token, the second step, or its refusal. */
  const answerFor = async (c: Parameters<ApiOptions["addressOf"]>[0], response: Response) => {
    const answer = (await response.json().catch(() => ({}))) as {
      message?: string;
      token?: string;
      twoFactorRedirect?: boolean;
      user?: { id: string; email: string; name: string };
    };
    if (!response.ok) {
      const retryAfter = response.headers.get("retry-after");
      if (retryAfter) c.header("Retry-After", retryAfter);
      const status = response.status === 429 ? 429 : response.status === 403 ? 403 : 401;
      return c.json({ message: answer.message ?? "Sign-in failed." }, status);
    }
    if (answer.twoFactorRedirect) {
      const pending = response.headers
        .getSetCookie()
        .map((line) => line.split(";")[0] ?? "")
        .find((pair) => TWO_FACTOR_COOKIE.test(pair.slice(0, pair.indexOf("="))));
      if (!pending) throw new Error("Better Auth asked for a second factor without its cookie");
      return c.json({
        twoFactorRequired: true,
        challenge: Buffer.from(pending).toString("base64url"),
        message: "Send a code from your authenticator app, or a backup code, with this challenge.",
      });
    }
    const session = answer.token ? await sessionIdForSessionToken(db, answer.token) : undefined;
    if (!session) throw new Error("Better Auth signed in without a session");
    const { token, expiresAt } = await issueApiToken(db, session);
    return c.json({
      token,
      expiresAt: expiresAt.toISOString(),
      user: answer.user
        ? { _id: answer.user.id, email: answer.user.email, displayName: answer.user.name }
        : undefined,
    });
  };

  api.post("/tokens", async (c) => {
    const body = tokenSignInSchema.safeParse(await readJson(c));
    if (!body.success) return c.json({ message: problems(body.error) }, 400);
    const response = await askBetterAuth(c, "/sign-in/email", {
      ...body.data,
      rememberMe: false,
    });
    return answerFor(c, response);
  });

  api.post("/tokens/two-factor", async (c) => {
    const body = tokenSecondStepSchema.safeParse(await readJson(c));
    if (!body.success) return c.json({ message: problems(body.error) }, 400);
    const pending = Buffer.from(body.data.challenge, "base64url").toString();
    const name = pending.slice(0, pending.indexOf("="));
    if (!TWO_FACTOR_COOKIE.test(name) || /[;\s]/.test(pending))
      return c.json({ message: "This challenge is not one we gave. Sign in again." }, 400);
    const code = body.data.code;
    const response = await askBetterAuth(
      c,
      TOTP_CODE.test(code) ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code",
      { code },
      pending,
    );
    return answerFor(c, response);
  });

  api.post("/tokens/renew", async (c) => {
    const token = bearerOf(c.req.header("authorization"));
    const renewed = token ? await renewApiToken(db, token) : undefined;
    if (!renewed) {
      logRefusal(c, options, { status: 401, reason: token ? "bad-token" : "no-identity" });
      c.header("WWW-Authenticate", 'Bearer realm="IELTS Hub"');
      return c.json({ message: "This token cannot be renewed: sign in again." }, 401);
    }
    return c.json({ token: renewed.token, expiresAt: renewed.expiresAt.toISOString() });
  });

  api.delete("/tokens/current", async (c) => {
    const token = bearerOf(c.req.header("authorization"));
    const session = token ? await sessionOfApiToken(db, token) : undefined;
    if (!session) {
      logRefusal(c, options, { status: 401, reason: token ? "bad-token" : "no-identity" });
      c.header("WWW-Authenticate", 'Bearer realm="IELTS Hub"');
      return c.json(
        { message: "Sign in and send a valid token: Authorization: Bearer <token>." },
        401,
      );
    }
    await endSignedInDevice(db, session.userId, session.sessionId);
    securityLog({
      event: "sign-out",
      outcome: "success",
      userId: session.userId,
      address: addressOf(c),
      route: `${c.req.method} ${c.req.path}`,
    });
    return c.body(null, 204);
  });

  return api;
}
