import zxcvbnCommon from "@zxcvbn-ts/language-common";
import { sql } from "kysely";
import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { isUploadedImage } from "../images/uploaded-images.ts";
import {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from "../limits/field-limits.ts";
import { SITE_NAME } from "../site/site.ts";
import { optionalHttpUrl } from "../web-address.ts";

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

const commonPasswords = new Set<string>(
  (zxcvbnCommon.dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()),
);

/** True for the ~50,000 passwords most often found in breaches (zxcvbn's list). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export const emailSchema = z
  .string({ error: "Please enter your e-mail address." })
  .trim()
  .min(1, "Please enter your e-mail address.")
  .max(MAX_EMAIL_LENGTH, "This e-mail address is too long.")
  .pipe(z.email("Please enter a valid e-mail address."))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: "Please choose a password." })
  .min(1, "Please choose a password.")
  .min(MIN_PASSWORD_LENGTH, `Please use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Please use at most ${MAX_PASSWORD_LENGTH} characters.`)
  .refine((password) => !isCommonPassword(password), {
    message:
      "This password is too common: it is among the first tried by attackers. Please choose another.",
  });

/**
 * ASVS 6.2.11: the words an attacker tries first against this site and this account — the
 * site's name, and the account's e-mail address, its local part and the pieces of that.
 */
export function contextWords(email?: string): string[] {
  const site = SITE_NAME.toLowerCase();
  const words = [site, site.replaceAll(" ", ""), ...site.split(" ")];
  if (email) {
    const address = email.trim().toLowerCase();
    const local = address.split("@")[0] ?? "";
    words.push(address, local, ...local.split(/[._+-]+/));
  }
  // Longest first, so the whole address goes before its pieces.
  return [...new Set(words.filter((word) => word.length >= 3))].sort((a, b) => b.length - a.length);
}

/**
 * True when a password leans on the context words: what is left once they are taken out is too
 * short or too common to stand on its own. A long passphrase that merely mentions IELTS passes.
 */
export function isBuiltFromContext(password: string, email?: string): boolean {
  const lower = password.toLowerCase();
  let rest = lower;
  for (const word of contextWords(email)) rest = rest.replaceAll(word, "");
  if (rest === lower) return false;
  const own = rest.replace(/\s+/g, "");
  return own.length < MIN_PASSWORD_LENGTH || isCommonPassword(own);
}

export const CONTEXT_PASSWORD_MESSAGE =
  "Please don't build your password from the site's name or your e-mail address: add words of your own.";

/** The whole password policy for the account with this e-mail (unknown: the site's words only). */
export function newPasswordFor(email: string | undefined) {
  return newPasswordSchema.refine((password) => !isBuiltFromContext(password, email), {
    message: CONTEXT_PASSWORD_MESSAGE,
  });
}

export const nameSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? "Please enter your name." : "Please enter your name as text.",
  })
  .trim()
  .min(1, "Please enter your name.")
  .max(MAX_NAME_LENGTH, `Please keep your name under ${MAX_NAME_LENGTH} characters.`);

export const registrationSchema = z
  .object({
    name: nameSchema,
    photoUrl: optionalHttpUrl,
    email: emailSchema,
    password: newPasswordSchema,
  })
  .superRefine(({ email, password }, context) => {
    if (isBuiltFromContext(password, email)) {
      context.addIssue({ code: "custom", path: ["password"], message: CONTEXT_PASSWORD_MESSAGE });
    }
  });

/**
 * A profile change through the API (`/api/auth/update-user`): a name as at registration, a
 * photo address that is http(s) or an upload's, empty or null (no photo). Only the fields given
 * are checked.
 */
export const profileUpdateSchema = z.object({
  name: nameSchema.optional(),
  image: z
    .string()
    .transform((address, context) => {
      // A picture uploaded here (its address on this site), or one on the web.
      if (isUploadedImage(address.trim())) return address.trim();
      const parsed = optionalHttpUrl.safeParse(address);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues)
        context.addIssue({ code: "custom", message: issue.message });
      return z.NEVER;
    })
    .nullable()
    .optional(),
});

/** A new e-mail address for the account, confirmed by the current password (/account). */
export const emailChangeFormSchema = z.object({
  newEmail: emailSchema,
  currentPassword: z
    .string({ error: "Please enter your current password." })
    .min(1, "Please enter your current password.")
    .max(MAX_PASSWORD_LENGTH * 4, "This password is too long."),
});

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: "Please enter your password." })
    .min(1, "Please enter your password.")
    .max(MAX_PASSWORD_LENGTH * 4, "This password is too long."),
  rememberMe: z.literal("on").optional(),
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const newPasswordFormSchema = z.object({
  token: z.string().min(1).max(500),
  password: newPasswordSchema,
});

/** Whether the account's owner has shown that its e-mail address is theirs (by a mailed link, or by Google). */
export async function isEmailVerified(db: DB, userId: string): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select("email_verified")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Boolean(user?.email_verified);
}

/** Records that the account's owner has shown that its e-mail address is theirs. */
export async function markEmailVerified(db: DB, userId: string): Promise<void> {
  await db
    .updateTable("users")
    // TRUE is 1 in SQLite and a boolean in PostgreSQL.
    .set({ email_verified: sql<boolean>`true`, updated_at: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}

/** The account's password hash, or undefined when it signs in with Google only. */
export async function passwordHash(db: DB, userId: string): Promise<string | undefined> {
  const account = await db
    .selectFrom("accounts")
    .select("password")
    .where("user_id", "=", userId)
    .where("provider_id", "=", "credential")
    .where("password", "is not", null)
    .executeTakeFirst();
  return account?.password ?? undefined;
}

/** Whether the account signs in with a password here (Google accounts may have none). */
export async function hasPassword(db: DB, userId: string): Promise<boolean> {
  return (await passwordHash(db, userId)) !== undefined;
}

/** The password change form: the current password, and a new one under the account's policy. */
export function passwordChangeFormSchema(email: string) {
  return z.object({
    currentPassword: z
      .string({ error: "Please enter your current password." })
      .min(1, "Please enter your current password.")
      .max(MAX_PASSWORD_LENGTH, "This is not your current password."),
    newPassword: z.string({ error: "Please choose a password." }).pipe(newPasswordFor(email)),
  });
}

/** A first password, for an account that signed in with Google only. */
export function passwordSetFormSchema(email: string) {
  return z.object({
    newPassword: z.string({ error: "Please choose a password." }).pipe(newPasswordFor(email)),
  });
}

/**
 * Google has just proven that this user owns their e-mail address. If the address was never
 * proven before, the password on the account may have been set by someone else who registered
 * the address first: that password and every session go, so only the owner gets in (a reset
 * sets a new password). One transaction: the account is never left half-claimed.
 */
export async function trustEmailProvenByGoogle(db: DB, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select("email_verified")
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user || user.email_verified) return;
    await trx.deleteFrom("sessions").where("user_id", "=", userId).execute();
    await trx
      .deleteFrom("accounts")
      .where("user_id", "=", userId)
      .where("provider_id", "=", "credential")
      .execute();
    await trx
      .updateTable("users")
      // TRUE is 1 in SQLite and a boolean in PostgreSQL.
      .set({ email_verified: sql<boolean>`true`, updated_at: new Date().toISOString() })
      .where("id", "=", userId)
      .execute();
  });
}
