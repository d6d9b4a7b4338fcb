import { APIError, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { z } from "zod";
import {
  emailChangedMail,
  passwordChangedMail,
  twoFactorChangedMail,
} from "../../core/accounts/account-mail.ts";
import {
  emailSchema,
  markEmailVerified,
  newPasswordFor,
  profileUpdateSchema,
} from "../../core/accounts/accounts.server.ts";
import {
  accountPasswordGuessKey,
  accountVerificationMailKey,
  clearRateLimit,
  hitRateLimit,
  minutesInWords,
  type RateLimitRule,
  rateLimits,
} from "../../core/limits/rate-limit.server.ts";
import type { DB } from "../../db/index.ts";
import type { SendMail } from "../mail.ts";
import type { SecurityEvent, SecurityEventName, SecurityLog } from "../security-log.ts";
import type { AfterHook, BeforeHook, HookContext } from "./hooks.ts";
import { CLIENT_ADDRESS_HEADER, CLIENT_ROUTE_HEADER } from "./request-headers.ts";

/** Per-address limits, by Better Auth endpoint; the buckets are shared by the paths that guess. */
const addressLimits: Record<string, { bucket: string; rule: RateLimitRule }> = {
  "/sign-in/email": { bucket: "sign-in", rule: rateLimits.signIn },
  "/change-password": { bucket: "sign-in", rule: rateLimits.signIn },
  "/verify-password": { bucket: "sign-in", rule: rateLimits.signIn },
  "/sign-up/email": { bucket: "sign-up", rule: rateLimits.signUp },
  "/change-email": { bucket: "sign-in", rule: rateLimits.signIn },
  "/request-password-reset": { bucket: "password-reset", rule: rateLimits.passwordReset },
  "/send-verification-email": { bucket: "verification-mail", rule: rateLimits.signUp },
  "/reset-password": { bucket: "password-reset", rule: rateLimits.passwordReset },
  // Codes are guesses too: the plugin also allows 5 per pending sign-in and 10 per account.
  "/two-factor/verify-totp": { bucket: "sign-in", rule: rateLimits.signIn },
  "/two-factor/verify-backup-code": { bucket: "sign-in", rule: rateLimits.signIn },
  "/two-factor/enable": { bucket: "sign-in", rule: rateLimits.signIn },
  "/two-factor/disable": { bucket: "sign-in", rule: rateLimits.signIn },
  "/two-factor/generate-backup-codes": { bucket: "sign-in", rule: rateLimits.signIn },
};

/** Two-factor endpoints that take the current password, each a guess at it. */
const twoFactorPasswordPaths = new Set([
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
]);
/** Two-factor endpoints that check a code: a pending sign-in's second step, or a setup's check. */
const twoFactorCodePaths: Record<string, string> = {
  "/two-factor/verify-totp": "totp",
  "/two-factor/verify-backup-code": "backup-code",
};

/** The events whose requests the policy checks, for logging its refusals. */
const policyEvents: Record<string, SecurityEventName> = {
  "/sign-up/email": "sign-up",
  "/change-password": "password-change",
  "/change-email": "email-change",
  "/reset-password": "password-reset",
  "/update-user": "profile-update",
};

/** Who a request is about, found before the endpoint ran, for the after hook and the log. */
interface Subject {
  userId?: string;
  email?: string;
  /** For an address change: the address it changes to. */
  newEmail?: string;
  /** For a code's check with a session: whether two-factor sign-in was on before it. */
  twoFactorWasOn?: boolean;
}

/**
 * What an e-mail verification token says, read without checking its signature: only to know,
 * after Better Auth has checked it and acted, which address an address change replaced.
 */
function verificationTokenClaims(token: unknown): {
  userId?: string;
  updateTo?: string;
  requestType?: string;
} {
  if (typeof token !== "string" || token.length > 2000) return {};
  try {
    const claims: unknown = JSON.parse(
      Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"),
    );
    if (!claims || typeof claims !== "object") return {};
    const { userId, updateTo, requestType } = claims as Record<string, unknown>;
    return {
      userId: typeof userId === "string" ? userId : undefined,
      updateTo: typeof updateTo === "string" ? updateTo : undefined,
      requestType: typeof requestType === "string" ? requestType : undefined,
    };
  } catch {
    return {};
  }
}

function refuse(message: string): never {
  throw new APIError("BAD_REQUEST", { code: "VALIDATION_ERROR", message });
}

/** The schema's first message, as the forms show it, or the parsed value. */
function check<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? "This value is not valid.");
  return parsed.data;
}

function bodyOf(ctx: HookContext): Record<string, unknown> {
  const body: unknown = ctx.body;
  return body && typeof body === "object" && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** `INVALID_EMAIL_OR_PASSWORD` → `invalid-email-or-password`, as the login page shows codes. */
function reasonOf(error: APIError): string {
  const code = (error.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code.toLowerCase().replaceAll("_", "-") : String(error.status);
}

/**
 * The rules every path to an account must obey, as Better Auth hooks so the JSON API
 * and the page actions (which call `auth.api.*`) both pass through them:
 * - rate limits per client address, and password guesses per account (ASVS 6.3.1) — a success,
 *   a changed password or a completed reset clears the account's count;
 * - one password and profile policy (core/accounts/accounts.server.ts) on sign-up, change-password,
 *   reset-password and update-user; changing the password ends every other session and is told
 *   to the account's owner by e-mail;
 * - one security-log line per authentication event, written here and nowhere else.
 * The client's address and route come from headers the server sets (request-headers.ts); a
 * direct server call without them (tests, housekeeping) is limited per account only.
 */
export function accountRules({
  db,
  securityLog,
  sendMail,
  baseUrl,
  authSecret,
}: {
  db: DB;
  securityLog: SecurityLog;
  /** For the mail that tells an account's owner its password was changed. */
  sendMail: SendMail;
  baseUrl: string;
  /** AUTH_SECRET: the per-account counters are keyed by a keyed hash of the address. */
  authSecret: string;
}) {
  /** Every guess at one account's password counts here, whichever endpoint and address it came from. */
  const accountKey = (email: string) => accountPasswordGuessKey(authSecret, email);

  // Keyed by the per-call Better Auth context, which the before and after hooks share.
  const subjects = new WeakMap<object, Subject>();
  const remember = (ctx: HookContext, subject: Subject) => subjects.set(ctx.context, subject);

  const log = (ctx: HookContext, event: SecurityEvent) => {
    const address = ctx.headers?.get(CLIENT_ADDRESS_HEADER) ?? undefined;
    const route = ctx.headers?.get(CLIENT_ROUTE_HEADER) ?? `server-call ${ctx.path}`;
    securityLog({ ...event, address, route });
  };

  /** Counts one attempt; past the limit, logs it and answers 429 with Retry-After. */
  const spend = async (
    ctx: HookContext,
    key: string,
    rule: RateLimitRule,
    {
      reason,
      message,
      ...subject
    }: Subject & { reason: string; message: (wait: string) => string },
  ) => {
    const verdict = await hitRateLimit(db, key, rule);
    if (verdict.allowed) return;
    log(ctx, { event: "rate-limited", outcome: "refused", status: 429, reason, ...subject });
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { code: "TOO_MANY_REQUESTS", message: message(minutesInWords(verdict.retryAfterSeconds)) },
      { "Retry-After": String(verdict.retryAfterSeconds) },
    );
  };

  const spendAccountGuess = (ctx: HookContext, subject: Subject & { email: string }) =>
    spend(ctx, accountKey(subject.email), rateLimits.signInAccount, {
      ...subject,
      reason: "password:account",
      message: (wait) =>
        `Too many password attempts for this account. Please wait ${wait} and try again, or reset your password.`,
    });

  const sessionSubject = async (ctx: HookContext): Promise<Subject> => {
    const session = await getSessionFromCtx(ctx);
    return session
      ? {
          userId: session.user.id,
          email: session.user.email,
          twoFactorWasOn: Boolean(session.user.twoFactorEnabled),
        }
      : {};
  };

  const before: BeforeHook = async (ctx) => {
    try {
      return await checkBefore(ctx);
    } catch (error) {
      // A refusal by the policy is the event's failure; rate-limit hits were logged as such.
      const event = policyEvents[ctx.path];
      if (event && isAPIError(error) && error.statusCode === 400) {
        const { userId, email } = subjects.get(ctx.context) ?? {};
        const reason =
          reasonOf(error as APIError) === "invalid-password" ? "invalid-password" : "policy";
        log(ctx, { event, outcome: "failure", status: 400, reason, userId, email });
      }
      throw error;
    }
  };

  const checkBefore: BeforeHook = async (ctx) => {
    const address = ctx.headers?.get(CLIENT_ADDRESS_HEADER);
    const limit = addressLimits[ctx.path];
    if (limit && address) {
      await spend(ctx, `${limit.bucket}:${address}`, limit.rule, {
        reason: `${limit.bucket}:address`,
        message: (wait) =>
          `Too many attempts from your network. Please wait ${wait} and try again.`,
      });
    }
    const body = bodyOf(ctx);

    if (twoFactorPasswordPaths.has(ctx.path)) {
      const subject = await sessionSubject(ctx);
      remember(ctx, subject);
      if (subject.email) await spendAccountGuess(ctx, { ...subject, email: subject.email });
      return undefined;
    }
    if (ctx.path in twoFactorCodePaths) {
      remember(ctx, await sessionSubject(ctx));
      return undefined;
    }

    switch (ctx.path) {
      case "/sign-in/email": {
        const email = emailSchema.safeParse(body.email).data;
        if (!email) return undefined;
        remember(ctx, { email });
        await spendAccountGuess(ctx, { email });
        return undefined;
      }
      case "/verify-password": {
        const subject = await sessionSubject(ctx);
        remember(ctx, subject);
        if (subject.email) await spendAccountGuess(ctx, { ...subject, email: subject.email });
        return undefined;
      }
      case "/change-password": {
        const subject = await sessionSubject(ctx);
        remember(ctx, subject);
        check(newPasswordFor(subject.email), body.newPassword);
        if (subject.email) await spendAccountGuess(ctx, { ...subject, email: subject.email });
        // Whoever changes the password ends every other session, and with them their tokens.
        return { body: { revokeOtherSessions: true } };
      }
      case "/change-email": {
        const subject = await sessionSubject(ctx);
        const newEmail = check(emailSchema, body.newEmail);
        remember(ctx, { ...subject, newEmail });
        if (!subject.userId || !subject.email) return undefined;
        await checkCurrentPassword(ctx, { userId: subject.userId, email: subject.email }, body);
        return { body: { newEmail } };
      }
      case "/send-verification-email": {
        const subject = await sessionSubject(ctx);
        const email = subject.email ?? emailSchema.safeParse(body.email).data;
        remember(ctx, subject);
        if (email) {
          await spend(
            ctx,
            accountVerificationMailKey(authSecret, email),
            rateLimits.verificationMail,
            {
              ...subject,
              reason: "verification-mail:account",
              message: (wait) =>
                `We have sent several links already. Please check your inbox (and spam folder), or wait ${wait} before asking again.`,
            },
          );
        }
        return undefined;
      }
      case "/verify-email": {
        const query: unknown = ctx.query;
        const claims = verificationTokenClaims((query as { token?: unknown } | undefined)?.token);
        if (claims.requestType !== "change-email-verification" || !claims.userId) return undefined;
        const user = await ctx.context.internalAdapter.findUserById(claims.userId);
        if (user) remember(ctx, { userId: user.id, email: user.email, newEmail: claims.updateTo });
        return undefined;
      }
      case "/sign-up/email": {
        const email = emailSchema.safeParse(body.email).data;
        remember(ctx, { email });
        const { name, image } = check(profileUpdateSchema.required({ name: true }), {
          name: body.name,
          image: body.image,
        });
        check(newPasswordFor(email), body.password);
        return { body: { name, ...(image ? { image } : {}) } };
      }
      case "/reset-password": {
        const query: unknown = ctx.query;
        const token = body.token ?? (query as { token?: unknown } | undefined)?.token;
        const subject = typeof token === "string" ? await resetTokenSubject(ctx, token) : {};
        remember(ctx, subject);
        check(newPasswordFor(subject.email), body.newPassword);
        return undefined;
      }
      case "/update-user": {
        remember(ctx, await sessionSubject(ctx));
        const { name } = check(profileUpdateSchema, { name: body.name, image: body.image });
        return name === undefined ? undefined : { body: { name } };
      }
      case "/sign-out": {
        remember(ctx, await signedInSubject(ctx));
        return undefined;
      }
      default:
        return undefined;
    }
  };

  const after: AfterHook = async (ctx) => {
    const returned: unknown = ctx.context.returned;
    const error = isAPIError(returned) ? (returned as APIError) : undefined;
    const outcome = error
      ? { outcome: "failure" as const, status: error.statusCode, reason: reasonOf(error) }
      : { outcome: "success" as const };
    const subject = subjects.get(ctx.context) ?? {};
    const newSession = ctx.context.newSession;

    if (twoFactorPasswordPaths.has(ctx.path) || ctx.path in twoFactorCodePaths) {
      await afterTwoFactor(ctx, { error, outcome, subject });
      return;
    }

    switch (ctx.path) {
      case "/sign-in/email": {
        if (newSession?.user.twoFactorEnabled) {
          // The right password, but the session waits for the second factor (the plugin's hook
          // runs after this one and ends it): the sign-in is logged when a code completes it.
          await clearRateLimit(db, accountKey(newSession.user.email));
          const { id, email } = newSession.user;
          log(ctx, {
            event: "password-verify",
            outcome: "success",
            userId: id,
            email,
            reason: "second-factor-required",
          });
        } else if (newSession) {
          await clearRateLimit(db, accountKey(newSession.user.email));
          const { id, email } = newSession.user;
          log(ctx, { event: "sign-in", outcome: "success", userId: id, email });
        } else {
          // Naming the account tried, and its id when there is one (never the password).
          const userId = subject.email ? await userIdFor(ctx, subject.email) : undefined;
          log(ctx, { event: "sign-in", ...outcome, ...subject, userId });
        }
        return;
      }
      case "/sign-up/email": {
        const user = newSession?.user;
        log(
          ctx,
          user
            ? { event: "sign-up", outcome: "success", userId: user.id, email: user.email }
            : { event: "sign-up", ...outcome, ...subject },
        );
        return;
      }
      case "/callback/:id": {
        // Google (the provider's id): a new session means it signed someone in.
        const user = newSession?.user;
        const reason = String((ctx.params as { id?: unknown } | undefined)?.id ?? "oauth");
        log(
          ctx,
          user
            ? { event: "sign-in", outcome: "success", userId: user.id, email: user.email, reason }
            : { event: "sign-in", outcome: "failure", reason },
        );
        return;
      }
      case "/change-password":
      case "/verify-password":
      case "/reset-password": {
        if (!error && subject.email) await clearRateLimit(db, accountKey(subject.email));
        const event =
          ctx.path === "/change-password"
            ? "password-change"
            : ctx.path === "/verify-password"
              ? "password-verify"
              : "password-reset";
        log(ctx, { event, ...outcome, userId: subject.userId });
        if (ctx.path === "/change-password" && !error && subject.email)
          await sendMail(passwordChangedMail(subject.email, baseUrl));
        return;
      }
      case "/change-email": {
        // Only asked for here: the address changes when the link mailed to the new one is opened.
        log(ctx, {
          event: "email-change",
          ...outcome,
          userId: subject.userId,
          reason: "requested",
        });
        return;
      }
      case "/verify-email": {
        if (error || !subject.userId || !subject.email || !subject.newEmail) return;
        const user = await ctx.context.internalAdapter.findUserById(subject.userId);
        if (user?.email !== subject.newEmail) return;
        // Opening the link proved the new address (Better Auth keeps the old address's state).
        await markEmailVerified(db, user.id);
        await sendMail(
          emailChangedMail({ oldEmail: subject.email, newEmail: subject.newEmail, baseUrl }),
        );
        log(ctx, {
          event: "email-change",
          outcome: "success",
          userId: user.id,
          reason: "confirmed",
        });
        return;
      }
      case "/update-user":
        log(ctx, { event: "profile-update", ...outcome, userId: subject.userId });
        return;
      case "/sign-out":
        if (subject.userId) log(ctx, { event: "sign-out", ...outcome, userId: subject.userId });
        return;
      default:
        return;
    }
  };

  /** The log, the guess count and the mails of the two-factor endpoints. */
  const afterTwoFactor = async (
    ctx: HookContext,
    {
      error,
      outcome,
      subject,
    }: {
      error: APIError | undefined;
      outcome: { outcome: "success" | "failure"; status?: number; reason?: string };
      subject: Subject;
    },
  ) => {
    const method = twoFactorCodePaths[ctx.path];
    if (method && !subject.userId) {
      // The second step of a sign-in: its session is the answer's.
      const user = ctx.context.newSession?.user;
      log(
        ctx,
        user && !error
          ? {
              event: "sign-in",
              outcome: "success",
              userId: user.id,
              email: user.email,
              reason: method,
            }
          : { event: "sign-in", ...outcome, reason: `${method}:${outcome.reason ?? "failed"}` },
      );
      return;
    }
    if (!error && subject.email && twoFactorPasswordPaths.has(ctx.path))
      await clearRateLimit(db, accountKey(subject.email));
    const action = method
      ? subject.twoFactorWasOn
        ? `check-${method}`
        : "enabled"
      : ctx.path === "/two-factor/enable"
        ? "setup-started"
        : ctx.path === "/two-factor/disable"
          ? "disabled"
          : "backup-codes-renewed";
    log(ctx, {
      event: "two-factor",
      ...outcome,
      userId: subject.userId,
      reason: error ? `${action}:${outcome.reason}` : action,
    });
    if (!error && subject.email && (action === "enabled" || action === "disabled"))
      await sendMail(
        twoFactorChangedMail({ email: subject.email, enabled: action === "enabled", baseUrl }),
      );
  };

  /**
   * The account's current password, asked for before a change that would let a stolen session
   * take the account over (ASVS 6.2.3); each wrong one counts as a guess at it.
   */
  const checkCurrentPassword = async (
    ctx: HookContext,
    subject: { userId: string; email: string },
    body: Record<string, unknown>,
  ) => {
    const accounts = await ctx.context.internalAdapter.findAccounts(subject.userId);
    const hash = accounts.find((account) => account.providerId === "credential")?.password;
    if (!hash) refuse("Your account has no password yet. Set one first (Your account → Password).");
    const password = body.currentPassword;
    if (typeof password !== "string" || password.length === 0)
      throw new APIError("BAD_REQUEST", {
        code: "INVALID_PASSWORD",
        message: "Please enter your current password.",
      });
    await spendAccountGuess(ctx, subject);
    if (!(await ctx.context.password.verify({ hash, password })))
      throw new APIError("BAD_REQUEST", {
        code: "INVALID_PASSWORD",
        message: "This is not your current password.",
      });
    await clearRateLimit(db, accountKey(subject.email));
  };

  const userIdFor = async (ctx: HookContext, email: string) =>
    (await ctx.context.internalAdapter.findUserByEmail(email))?.user.id;

  /** The account a reset token is for, from its verification row (the endpoint consumes it). */
  const resetTokenSubject = async (ctx: HookContext, token: string): Promise<Subject> => {
    if (token.length > 500) return {};
    const verification = await ctx.context.internalAdapter.findVerificationValue(
      `reset-password:${token}`,
    );
    if (!verification || verification.expiresAt < new Date()) return {};
    const user = await ctx.context.internalAdapter.findUserById(verification.value);
    return user ? { userId: user.id, email: user.email } : {};
  };

  /** The user of the session cookie, read without renewing it (sign-out is about to end it). */
  const signedInSubject = async (ctx: HookContext): Promise<Subject> => {
    const token = await ctx.getSignedCookie(
      ctx.context.authCookies.sessionToken.name,
      ctx.context.secret,
    );
    if (!token) return {};
    const found = await ctx.context.internalAdapter.findSession(token);
    return found ? { userId: found.user.id, email: found.user.email } : {};
  };

  return { before, after };
}
