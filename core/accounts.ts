import zxcvbnCommon from "@zxcvbn-ts/language-common";
import { z } from "zod";
import { optionalHttpUrl } from "./validation.ts";

export const MIN_PASSWORD_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps hashing cheap for an attacker's megabyte. */
export const MAX_PASSWORD_LENGTH = 128;

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
  .max(254, "This e-mail address is too long.")
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

export const registrationSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Please keep your name under 100 characters."),
  photoUrl: optionalHttpUrl,
  email: emailSchema,
  password: newPasswordSchema,
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
