import type { DB } from "../../db/index.ts";
import { hitRateLimit, rateLimits } from "../limits/rate-limit.server.ts";
import { queuePasswordReset } from "../mail/mail-outbox.server.ts";
import { sameSitePath } from "../redirect-target.ts";
import { passwordResetRequestSchema } from "./accounts.server.ts";

/** Where the link in a reset mail leads unless an API client names another page of the site. */
export const RESET_PASSWORD_PAGE = "/reset-password";

export type PasswordResetRequestResult =
  | { outcome: "queued"; email: string }
  | { outcome: "invalid"; message: string }
  | { outcome: "rate-limited"; email: string; retryAfterSeconds: number };

/**
 * Someone asks for a password-reset link (the login page's 'Forgot your password?' and
 * `POST /api/auth/request-password-reset`). The work before the answer is the same whether or
 * not an account has the address — validate, count the client's attempts, write one outbox row —
 * so neither the answer nor its timing tells accounts apart. Looking the account up, creating
 * the token and sending the mail happen later, in the mail worker (server/mail-outbox.ts).
 */
export async function requestPasswordReset(
  db: DB,
  input: { email: unknown; redirectTo?: unknown },
  { clientAddress, now = new Date() }: { clientAddress: string; now?: Date },
): Promise<PasswordResetRequestResult> {
  const parsed = passwordResetRequestSchema.safeParse({ email: input.email });
  if (!parsed.success) {
    return { outcome: "invalid", message: parsed.error.issues[0]?.message ?? "Invalid e-mail." };
  }
  const { email } = parsed.data;
  const verdict = await hitRateLimit(
    db,
    `password-reset:${clientAddress}`,
    rateLimits.passwordReset,
    now.getTime(),
  );
  if (!verdict.allowed) {
    return { outcome: "rate-limited", email, retryAfterSeconds: verdict.retryAfterSeconds };
  }
  const redirectTo = sameSitePath(input.redirectTo) ?? RESET_PASSWORD_PAGE;
  await queuePasswordReset(db, { email, redirectTo }, now);
  return { outcome: "queued", email };
}
