import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { MAX_PASSWORD_LENGTH } from "../limits/field-limits.ts";

/**
 * Two-factor sign-in (decision 0032): Better Auth's plugin keeps the secret and the backup codes
 * (encrypted) in `two_factors` and the switch in `users.two_factor_enabled`; this module reads
 * where an account stands and holds the forms' rules.
 */
export interface TwoFactorState {
  /** Sign-in asks for a code. */
  enabled: boolean;
  /** A secret made by "Turn on" and not yet confirmed by a code (encrypted), else null. */
  pendingSecret: string | null;
}

export async function twoFactorState(db: DB, userId: string): Promise<TwoFactorState> {
  const row = await db
    .selectFrom("users")
    .leftJoin("two_factors", "two_factors.user_id", "users.id")
    .select(["users.two_factor_enabled", "two_factors.secret", "two_factors.verified"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  const enabled = Boolean(row?.two_factor_enabled);
  const pending = !enabled && row?.secret != null && !row.verified;
  return { enabled, pendingSecret: pending ? (row?.secret ?? null) : null };
}

/** A six-digit code from an authenticator app (spaces, as apps group them, are dropped). */
export const TOTP_CODE = /^\d{6}$/;
/** Better Auth's backup codes: ten letters and digits, written with a dash after the fifth. */
export const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** What a person types as a code: without spaces; a backup code with its dash put back. */
export function normaliseCode(typed: string): string {
  const code = typed.replace(/\s+/g, "");
  if (/^[A-Za-z0-9]{10}$/.test(code) && !TOTP_CODE.test(code))
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  return code;
}

const CODE_MISSING = "Please enter the code.";
const CODE_SHAPE = "A code is 6 digits from your app, or a backup code such as abcde-12345.";

const codeField = z
  .string({ error: CODE_MISSING })
  .transform(normaliseCode)
  .pipe(
    z
      .string()
      .min(1, CODE_MISSING)
      .refine((code) => TOTP_CODE.test(code) || BACKUP_CODE.test(code), CODE_SHAPE),
  );

const appCodeField = z
  .string({ error: CODE_MISSING })
  .transform((typed) => typed.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, CODE_MISSING)
      .regex(TOTP_CODE, "Enter the 6 digits your authenticator app shows for IELTS Hub."),
  );

const currentPassword = z
  .string({ error: "Please enter your current password." })
  .min(1, "Please enter your current password.")
  .max(MAX_PASSWORD_LENGTH * 4, "This is not your current password.");

/** Sign-in's second step: a code from the app or a backup code. */
export const signInCodeSchema = z.object({ code: codeField });

/** Turning it on, and making new backup codes: the current password. */
export const passwordConfirmationSchema = z.object({ password: currentPassword });

/** Confirming the new secret: a code from the app (a backup code proves nothing about the app). */
export const setupCodeSchema = z.object({ code: appCodeField });

/** Turning it off: the password and a code (from the app or a backup code). */
export const disableSchema = z.object({ currentPassword, code: codeField });
