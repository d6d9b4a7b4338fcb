import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  emailChangeFormSchema,
  emailSchema,
  loginSchema,
  nameSchema,
  newPasswordSchema,
  profileUpdateSchema,
} from "../../core/accounts/accounts.server.ts";
import { signInCodeSchema } from "../../core/accounts/two-factor.server.ts";
import type { Auth } from "../auth/index.ts";
import { authRequestHeaders } from "../auth/request-headers.ts";
import type { Answer, Operation } from "./operations.ts";
import { passwordResetOperations } from "./password-reset.ts";
import { authErrorSchema, named } from "./schemas.ts";

/*
 * Better Auth's endpoints answer themselves, so what they take is described here with the site's
 * own schemas: those its hooks hold every request to (server/auth/account-rules.ts: the e-mail,
 * name, photo and password policy), and plain types for the rest.
 */

const redirectTarget = (what: string) =>
  z
    .string()
    .optional()
    .meta({ description: `${what}: a path on this site (one that would leave it becomes /).` });

const userSchema = named(
  "AuthUser",
  z
    .looseObject({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      image: z.string().nullable().optional(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean().nullable().optional(),
      createdAt: z.string(),
      updatedAt: z.string(),
    })
    .meta({ description: "The account as Better Auth answers it." }),
);

const sessionSchema = named(
  "AuthSession",
  z
    .looseObject({
      id: z.string(),
      userId: z.string(),
      expiresAt: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      ipAddress: z.string().nullable().optional(),
      userAgent: z.string().nullable().optional(),
    })
    .meta({ description: "A signed-in session, as Better Auth answers it." }),
);

const USER_EXAMPLE = {
  id: "c1d2…",
  email: "amina@example.com",
  name: "Amina",
  image: null,
  emailVerified: false,
  twoFactorEnabled: false,
  createdAt: "2026-11-24T10:00:00.000Z",
  updatedAt: "2026-11-24T10:00:00.000Z",
};

const statusTrue = z.object({ status: z.literal(true) });
const signedIn = z.object({
  token: z
    .string()
    .nullable()
    .meta({ description: "The session's token (also set as the cookie)." }),
  user: userSchema,
});
const redirect: Answer = {
  description: "The browser goes on to the page asked for.",
  headers: ["Location"],
};

const fail = (description: string): Answer => ({ description, body: authErrorSchema });
const notJson = fail("The body is not JSON (Content-Type must be application/json).");
const tooMany: Answer = {
  ...fail("Over a sign-in, sign-up or reset limit: nothing was checked."),
  headers: ["Retry-After"],
};
const noSession = fail("Not signed in.");
/** Better Auth checks the query and body it reads before anything else. */
const invalid = fail(
  "A parameter is missing or of the wrong type (Better Auth's `VALIDATION_ERROR`).",
);
const policy = (what: string) =>
  fail(`${what} is refused by the site's rules (its message says why), or a field is missing.`);

const common = { tag: "Sign-in", errorBody: authErrorSchema } as const;

/** Better Auth's endpoints that the site's clients use, for the OpenAPI document. */
/** Sign-in's second step, by an app's code or a backup code: the same call but for its path. */
function secondStep({
  path,
  operationId,
  summary,
  description,
  example,
  wrong,
}: {
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  example: string;
  wrong: string;
}): Operation {
  return {
    ...common,
    method: "POST",
    path,
    operationId,
    summary,
    ...(description ? { description } : {}),
    access: "two-factor",
    body: {
      schema: signInCodeSchema.extend({ trustDevice: z.boolean().optional() }),
      example: { code: example },
    },
    responses: {
      200: {
        description: "Signed in: the session cookie is set.",
        body: signedIn,
        headers: ["Set-Cookie"],
      },
      400: fail("No code."),
      401: fail(wrong),
      415: notJson,
      429: tooMany,
    },
  };
}

export const authOperations = {
  signUp: {
    ...common,
    method: "POST",
    path: "/api/auth/sign-up/email",
    operationId: "signUp",
    summary: "Create an account, signed in at once",
    description:
      "The e-mail address is then confirmed by a mailed link. Passwords of 8–128 characters, not a common one, not built from the site's name or the address; names 1–100 characters; photos http(s) only.",
    access: "anyone",
    body: {
      schema: z.object({
        name: nameSchema,
        email: emailSchema,
        password: newPasswordSchema,
        image: profileUpdateSchema.shape.image,
        callbackURL: redirectTarget("Where the confirmation link leads"),
        rememberMe: z.boolean().optional(),
      }),
      example: {
        name: "Amina",
        email: "amina@example.com",
        password: "a long and unusual passphrase",
      },
    },
    responses: {
      200: {
        description: "Signed up and in: the session cookie is set.",
        body: signedIn,
        headers: ["Set-Cookie"],
        example: { token: "…", user: USER_EXAMPLE },
      },
      400: policy("The password, name or photo"),
      415: notJson,
      422: fail("An account already has this e-mail address."),
      429: tooMany,
    },
  },
  signIn: {
    ...common,
    method: "POST",
    path: "/api/auth/sign-in/email",
    operationId: "signIn",
    summary: "Sign in with e-mail and password",
    description:
      "For an account with two-factor sign-in on, the answer is `{twoFactorRedirect: true}` with a cookie for the second step: send a code to `/api/auth/two-factor/verify-totp` (or `verify-backup-code`). Ten wrong passwords lock the account for 15 minutes, whatever the address.",
    access: "anyone",
    body: {
      schema: z.object({
        email: loginSchema.shape.email,
        password: loginSchema.shape.password,
        rememberMe: z.boolean().optional(),
        callbackURL: redirectTarget("Where to go afterwards"),
      }),
      example: { email: "amina@example.com", password: "a long and unusual passphrase" },
    },
    responses: {
      200: {
        description: "Signed in (the session cookie is set), or the second step is due.",
        body: z.union([
          signedIn.extend({ redirect: z.boolean(), url: z.string().optional() }),
          z.looseObject({ twoFactorRedirect: z.literal(true) }),
        ]),
        headers: ["Set-Cookie"],
        example: { redirect: false, token: "…", user: USER_EXAMPLE },
      },
      400: fail("No valid e-mail address or password."),
      401: fail("Wrong e-mail address or password."),
      415: notJson,
      429: tooMany,
    },
  },
  signOut: {
    ...common,
    method: "POST",
    path: "/api/auth/sign-out",
    operationId: "signOut",
    summary: "Sign out (ends the session and its API tokens)",
    access: "session",
    responses: {
      200: {
        description: "Signed out: the cookie is cleared.",
        body: z.object({ success: z.boolean() }),
        headers: ["Set-Cookie"],
      },
      400: fail("No session to end."),
      415: notJson,
    },
  },
  getSession: {
    ...common,
    method: "GET",
    path: "/api/auth/get-session",
    operationId: "getSession",
    summary: "The current session and its account, or null",
    access: "session",
    responses: {
      200: {
        description: "The session, or null when not signed in.",
        body: z.object({ session: sessionSchema, user: userSchema }).nullable(),
      },
      400: invalid,
      401: fail("The session could not be read."),
    },
  },
  resetPassword: {
    ...common,
    method: "POST",
    path: "/api/auth/reset-password",
    operationId: "resetPassword",
    summary: "Choose a new password with the mailed link's token",
    description:
      "Ends every session of the account, and lifts its password-guess lock. The same password policy as sign-up.",
    access: "anyone",
    body: {
      schema: z.object({
        newPassword: newPasswordSchema,
        token: z
          .string()
          .meta({ description: "From the mailed link (`/reset-password?token=…`)." }),
      }),
      example: { newPassword: "another long passphrase", token: "…" },
    },
    responses: {
      200: { description: "Changed.", body: statusTrue },
      400: fail("An unknown or expired token, or a password the policy refuses."),
      415: notJson,
      429: tooMany,
    },
  },
  resetPasswordLink: {
    ...common,
    method: "GET",
    path: "/api/auth/reset-password/{token}",
    operationId: "openResetPasswordLink",
    summary: "The mailed link: on to the page that takes the new password",
    access: "anyone",
    pathParameters: { token: { description: "The link's token.", example: "…" } },
    query: [
      z.object({
        callbackURL: z.string().meta({
          description:
            "The page that takes the new password: a path on this site (one that would leave it becomes /).",
        }),
      }),
    ],
    responses: {
      302: {
        ...redirect,
        description:
          "To `callbackURL` with `?token=…`, or with `?error=INVALID_TOKEN` for an unknown or expired one.",
      },
      400: fail("No `callbackURL`."),
    },
  },
  changePassword: {
    ...common,
    method: "POST",
    path: "/api/auth/change-password",
    operationId: "changePassword",
    summary: "Change the password",
    description:
      "Ends every other session and every API token (the caller gets a new session cookie) and mails the account's owner. The same policy as sign-up.",
    access: "session",
    body: {
      schema: z.object({
        currentPassword: z.string(),
        newPassword: newPasswordSchema,
        revokeOtherSessions: z
          .boolean()
          .optional()
          .meta({ description: "Always true on this site, whatever is sent." }),
      }),
      example: {
        currentPassword: "a long and unusual passphrase",
        newPassword: "another long passphrase",
      },
    },
    responses: {
      200: {
        description: "Changed: a new session cookie.",
        body: signedIn,
        headers: ["Set-Cookie"],
      },
      400: fail("A wrong current password, or a new one the policy refuses."),
      401: noSession,
      415: notJson,
      429: tooMany,
    },
  },
  updateUser: {
    ...common,
    method: "POST",
    path: "/api/auth/update-user",
    operationId: "updateUser",
    summary: "Change the name or the photo",
    description: "Only the fields given change; an empty or null `image` removes the photo.",
    access: "session",
    body: { schema: profileUpdateSchema, example: { name: "Amina K." } },
    responses: {
      200: { description: "Changed.", body: statusTrue },
      400: policy("The name or photo"),
      401: noSession,
      415: notJson,
    },
  },
  changeEmail: {
    ...common,
    method: "POST",
    path: "/api/auth/change-email",
    operationId: "changeEmail",
    summary: "Move the account to another e-mail address",
    description:
      "Needs the current password. A link is mailed to the new address; the account changes to it only when that link is opened, and the old address is then told.",
    access: "session",
    body: {
      schema: emailChangeFormSchema.extend({
        callbackURL: redirectTarget("Where the link leads afterwards"),
      }),
      example: {
        newEmail: "amina.k@example.com",
        currentPassword: "a long and unusual passphrase",
      },
    },
    responses: {
      200: { description: "The link is on its way.", body: statusTrue },
      400: fail("A malformed address, the same address, or a wrong password."),
      401: noSession,
      415: notJson,
      429: tooMany,
    },
  },
  sendVerificationEmail: {
    ...common,
    method: "POST",
    path: "/api/auth/send-verification-email",
    operationId: "sendVerificationEmail",
    summary: "Mail the link that confirms the address again",
    description: "3 an hour per account, 10 per client address.",
    access: "anyone",
    body: {
      schema: z.object({
        email: emailSchema,
        callbackURL: redirectTarget("Where the link leads afterwards"),
      }),
      example: { email: "amina@example.com" },
    },
    responses: {
      200: { description: "Sent (or nothing to send).", body: statusTrue },
      400: fail("A malformed address, another account's, or one confirmed already."),
      415: notJson,
      429: tooMany,
    },
  },
  verifyEmail: {
    ...common,
    method: "GET",
    path: "/api/auth/verify-email",
    operationId: "verifyEmail",
    summary: "The mailed link that confirms an address (or an address change)",
    description: "People open it as `/verify-email?token=…`, a page that says how it went.",
    access: "anyone",
    query: [
      z.object({
        token: z.string().meta({ description: "From the mailed link." }),
        callbackURL: redirectTarget("Where to go afterwards"),
      }),
    ],
    responses: {
      200: {
        description: "Confirmed.",
        body: z.looseObject({ status: z.literal(true) }),
      },
      302: { ...redirect, description: "Confirmed (or not: `?error=…`), on to `callbackURL`." },
      400: invalid,
      401: fail("An unknown or expired token."),
    },
  },
  verifyPassword: {
    ...common,
    method: "POST",
    path: "/api/auth/verify-password",
    operationId: "verifyPassword",
    summary: "Check the signed-in account's password",
    description: "Counts as a guess against the account's limit.",
    access: "session",
    body: {
      schema: z.object({ password: z.string() }),
      example: { password: "a long and unusual passphrase" },
    },
    responses: {
      200: { description: "It is the password.", body: statusTrue },
      400: fail("It is not."),
      401: noSession,
      415: notJson,
      429: tooMany,
    },
  },
  verifyTotp: secondStep({
    path: "/api/auth/two-factor/verify-totp",
    operationId: "verifyTwoFactorCode",
    summary: "Sign-in's second step: a code from the authenticator app",
    description:
      "With the cookie the password step set. Codes count against the sign-in limits; 10 wrong ones in a row lock the second step for 15 minutes.",
    example: "123456",
    wrong: "A wrong code, or no second step under way.",
  }),
  verifyBackupCode: secondStep({
    path: "/api/auth/two-factor/verify-backup-code",
    operationId: "verifyTwoFactorBackupCode",
    summary: "Sign-in's second step: a one-time backup code",
    example: "abcde-fghij",
    wrong: "A wrong or used code, or no second step under way.",
  }),
  signInSocial: {
    ...common,
    method: "POST",
    path: "/api/auth/sign-in/social",
    operationId: "signInWithGoogle",
    summary: "Start a sign-in with Google",
    description:
      "Answers Google's address for the browser to go to; Google then comes back to `/api/auth/callback/google`.",
    access: "anyone",
    body: {
      schema: z.object({
        provider: z.literal("google"),
        callbackURL: redirectTarget("Where to go once signed in"),
        errorCallbackURL: redirectTarget("Where to go when it fails"),
        newUserCallbackURL: redirectTarget("Where a new account goes first"),
        disableRedirect: z.boolean().optional(),
      }),
      example: { provider: "google", callbackURL: "/" },
    },
    responses: {
      200: {
        description: "Where the browser goes next.",
        body: z.looseObject({ url: z.string(), redirect: z.boolean() }),
      },
      400: fail("A field is wrong."),
      404: fail("Google sign-in is not configured on this site."),
      415: notJson,
    },
  },
  socialCallback: {
    ...common,
    method: "GET",
    path: "/api/auth/callback/{provider}",
    operationId: "googleCallback",
    summary: "Where Google sends the browser back",
    access: "anyone",
    pathParameters: { provider: { description: "`google`.", example: "google" } },
    query: [
      z.object({
        code: z.string().optional(),
        state: z.string().optional(),
        error: z.string().optional(),
      }),
    ],
    responses: {
      302: {
        ...redirect,
        description: "Signed in (the session cookie is set), or back with `?error=…`.",
      },
      400: invalid,
    },
  },
} satisfies Record<string, Operation>;

/**
 * `/api/auth/*`: Better Auth's own endpoints (sign-up, sign-in, Google, reset, sessions). Their
 * rate limits, policy and security log live in Better Auth's hooks (auth/account-rules.ts),
 * which the page actions go through as well.
 */
export function authApi({ auth, addressOf }: { auth: Auth; addressOf: (c: Context) => string }) {
  const api = new Hono();
  // Better Auth answers a method its endpoint does not take with 404: a documented path answers
  // 405 with `Allow` instead, as every other path of the API does (the reference says so).
  api.use("/*", async (c, next) => {
    const allowed = documentedMethods(c.req.path);
    if (allowed.length === 0 || allowed.includes(c.req.method)) return next();
    c.header("Allow", allowed.join(", "));
    return c.json({ message: `${c.req.method} is not allowed here.` }, 405);
  });
  api.on(["GET", "POST"], "/*", (c) => {
    // Better Auth learns the client's address and route only from these headers, set here.
    const headers = authRequestHeaders(c.req.raw.headers, {
      address: addressOf(c),
      method: c.req.method,
      path: c.req.path,
    });
    return auth.handler(new Request(c.req.raw, { headers }));
  });
  return api;
}

/** The documented sign-in endpoints (with the reset request, answered beside them), by path. */
const DOCUMENTED_PATHS = [
  ...[...Object.values(authOperations), ...Object.values(passwordResetOperations)]
    .reduce<Map<string, { test: RegExp; methods: string[] }>>((byPath, { path, method }) => {
      const entry = byPath.get(path) ?? {
        test: new RegExp(
          `^${path
            .split(/\{[^}]+\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
            .join("[^/]+")}/?$`,
        ),
        methods: [],
      };
      entry.methods.push(method);
      return byPath.set(path, entry);
    }, new Map())
    .values(),
];

/** The methods the reference documents for this sign-in path (HEAD beside GET), or none. */
function documentedMethods(path: string): string[] {
  for (const { test, methods } of DOCUMENTED_PATHS) {
    if (test.test(path)) return methods.includes("GET") ? [...methods, "HEAD"] : methods;
  }
  return [];
}
