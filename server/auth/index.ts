import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins/two-factor";
import { mailToConfirmAddress } from "../../core/accounts/account-mail.ts";
import { trustEmailProvenByGoogle } from "../../core/accounts/accounts.server.ts";
import { SESSION_INACTIVITY_SECONDS } from "../../core/accounts/sessions.server.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/limits/field-limits.ts";
import { SITE_NAME } from "../../core/site/site.ts";
import type { DatabaseHandle } from "../../db/index.ts";
import type { Config } from "../config.ts";
import { maskEmailsIn } from "../log-redaction.ts";
import type { Logger } from "../logger.ts";
import type { SendMail } from "../mail.ts";
import type { SecurityLog } from "../security-log.ts";
import { accountRules } from "./account-rules.ts";
import { composeHooks } from "./hooks.ts";
import { hashPassword, verifyPassword } from "./password-hashing.ts";
import { redirectGuard } from "./redirect-guard.ts";
import { CLIENT_ADDRESS_HEADER } from "./request-headers.ts";

const HOUR = 60 * 60;
export const PASSWORD_RESET_LIFETIME_SECONDS = 60 * 60;
export const EMAIL_VERIFICATION_LIFETIME_SECONDS = 24 * HOUR;

export interface AuthOptions {
  database: DatabaseHandle;
  config: Config;
  secret: string;
  sendMail: SendMail;
  securityLog: SecurityLog;
  /** Better Auth's own warnings and errors go through the site's logger, as one more JSON line. */
  logger: Logger;
}

/**
 * Better Auth on the site's own database: e-mail and password, Google, password reset and
 * database sessions. Its models are mapped onto our snake_case tables.
 */
export function createAuth({
  database,
  config,
  secret,
  sendMail,
  securityLog,
  logger,
}: AuthOptions) {
  const rules = accountRules({
    db: database.db,
    securityLog,
    sendMail,
    baseUrl: config.baseUrl,
    authSecret: secret,
  });
  return betterAuth({
    appName: SITE_NAME,
    logger: {
      // Its arguments may hold a request's body or a database row: only the words are kept.
      log: (level, message) => logger[level]({ source: "better-auth" }, maskEmailsIn(message)),
    },
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret,
    database: { db: database.db, type: database.engine, transaction: true },
    trustedOrigins: [config.baseUrl],
    user: {
      modelName: "users",
      fields: { emailVerified: "email_verified", createdAt: "created_at", updatedAt: "updated_at" },
      // A new address takes effect only once a link mailed to it is opened; the current password
      // is asked for first (server/auth/account-rules.ts), and the old address is told.
      changeEmail: { enabled: true },
    },
    emailVerification: {
      // Sign-up still signs in at once (SPEC); the link only proves the address.
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_LIFETIME_SECONDS,
      // The link opens our own page (app/routes/verify-email.tsx), which says how it went.
      sendVerificationEmail: async ({ user, token }) => {
        const current = await database.db
          .selectFrom("users")
          .select("email")
          .where("id", "=", user.id)
          .executeTakeFirst();
        await sendMail(
          mailToConfirmAddress({
            to: user.email,
            name: user.name,
            url: `${config.baseUrl}/verify-email?token=${encodeURIComponent(token)}`,
            // Better Auth passes the new address for an address change.
            isNewAddress: current !== undefined && current.email !== user.email.toLowerCase(),
            userId: user.id,
          }),
        );
      },
    },
    session: {
      modelName: "sessions",
      fields: {
        userId: "user_id",
        expiresAt: "expires_at",
        ipAddress: "ip_address",
        userAgent: "user_agent",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
      expiresIn: SESSION_INACTIVITY_SECONDS,
      // Renewed (and its updated_at written) at most hourly while used: the signed-in devices
      // page shows each session's last use to the hour, for one write an hour per session.
      updateAge: HOUR,
    },
    account: {
      modelName: "accounts",
      fields: {
        userId: "user_id",
        accountId: "account_id",
        providerId: "provider_id",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "access_token_expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
        createdAt: "created_at",
        updatedAt: "updated_at",
      },
      // A Google account whose verified e-mail matches signs into the existing account, even one
      // whose e-mail was never verified here (see the account hook below for why that is safe).
      accountLinking: {
        enabled: true,
        trustedProviders: ["google"],
        requireLocalEmailVerified: false,
      },
    },
    verification: {
      modelName: "verifications",
      fields: { expiresAt: "expires_at", createdAt: "created_at", updatedAt: "updated_at" },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_LIFETIME_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await sendMail({
          to: user.email,
          subject: "Choose a new password for IELTS Hub",
          text: `Hello ${user.name},\n\nSomeone (we hope you) asked to reset the password of your IELTS Hub account. Choose a new one here within the hour:\n\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
        });
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: "select_account",
          },
        }
      : {},
    databaseHooks: {
      account: {
        create: {
          // Google proves who owns the e-mail (core/accounts/accounts.server.ts). Better Auth runs this after its
          // own transaction has committed, so ours is not nested in it.
          after: async (account) => {
            if (account.providerId === "google")
              await trustEmailProvenByGoogle(database.db, account.userId);
          },
        },
      },
    },
    // Rate limits, the password and profile policy and the security log, for the JSON API and
    // the page actions alike (server/auth/account-rules.ts).
    hooks: composeHooks({ before: [rules.before], after: [rules.after] }),
    // Our own limiter (core/limits/rate-limit.server.ts, applied by the hooks) keys on the client's address
    // and on the account.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "ielts-hub",
      useSecureCookies: config.production,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [
      redirectGuard(config.baseUrl),
      // An authenticator app's codes, and one-time backup codes, after the password (decision
      // 0032). Enabling and disabling ask for the password; a secret counts only once a code
      // confirms it.
      twoFactor({
        issuer: SITE_NAME,
        schema: {
          user: { fields: { twoFactorEnabled: "two_factor_enabled" } },
          twoFactor: {
            modelName: "two_factors",
            fields: {
              userId: "user_id",
              backupCodes: "backup_codes",
              failedVerificationCount: "failed_verification_count",
              lockedUntil: "locked_until",
            },
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
