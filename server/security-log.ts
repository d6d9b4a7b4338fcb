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
  /** The account tried, for sign-in, sign-up and reset requests. */
  email?: string;
  /** Method and path, e.g. `POST /api/auth/sign-in/email` or `POST /login`. */
  route?: string;
  /** A short machine-readable why: `wrong-password`, `not-owner`, `sign-in:account`, … */
  reason?: string;
  status?: number;
}

export type SecurityLog = (event: SecurityEvent) => void;

/** The default sink: one line on stdout, with the time first. */
export const writeSecurityLog: SecurityLog = (event) => {
  console.log(JSON.stringify({ at: new Date().toISOString(), log: "security", ...event }));
};
