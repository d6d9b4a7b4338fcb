import { maskEmail } from "./log-redaction.ts";
import type { Logger } from "./logger.ts";

/**
 * The security log (ASVS 16): one JSON line per authentication event, refusal and
 * rate-limit hit, on the form path and the API path alike, so abuse can be spotted and traced.
 * Never a password, token, cookie or reset link: only what happened, to whom and from where.
 */
export type SecurityEventName =
  | "sign-up"
  | "sign-in"
  | "sign-out"
  | "session-end"
  | "password-change"
  | "password-reset-request"
  | "password-reset"
  | "password-verify"
  | "email-change"
  | "profile-update"
  | "account-delete"
  | "access-refused"
  | "cross-site-refused"
  | "rate-limited"
  | "two-factor";

export interface SecurityEvent {
  event: SecurityEventName;
  outcome: "success" | "failure" | "refused";
  /** The client's address (the socket's, or the proxy's with TRUST_PROXY). */
  address?: string;
  /** The signed-in user (or the account a sign-in tried), when known. */
  userId?: string;
  /**
   * The address tried, for sign-in, sign-up and reset requests. Never written whole: a line names
   * the account by `userId`, and an address with no known account is masked (`j***@example.com`).
   */
  email?: string;
  /** Method and path, e.g. `POST /api/auth/sign-in/email` or `POST /login`. */
  route?: string;
  /** A short machine-readable why: `wrong-password`, `not-owner`, `sign-in:account`, … */
  reason?: string;
  status?: number;
}

export type SecurityLog = (event: SecurityEvent) => void;

/**
 * The sink: a line through the process's logger, so it carries the request's id like the
 * request's own line (server/logger.ts), and a search for one id finds both.
 */
export function securityLogTo(logger: Logger): SecurityLog {
  return ({ email, ...event }) => {
    const tried = email !== undefined && event.userId === undefined ? maskEmail(email) : undefined;
    logger.info({ log: "security", ...event, ...(tried ? { email: tried } : {}) }, event.event);
  };
}
