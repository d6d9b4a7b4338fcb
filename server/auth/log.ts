/**
 * One line per sign-in, sign-up or reset attempt, for spotting abuse: what, how it ended, for
 * which e-mail and from where. Never a password, token or cookie.
 */
export function logAuthEvent(
  event: "sign-in" | "sign-up" | "sign-out" | "password-reset-request" | "password-reset",
  outcome: "success" | "failure" | "rate-limited",
  details: { email?: string; address?: string; reason?: string },
) {
  console.log(JSON.stringify({ at: new Date().toISOString(), auth: event, outcome, ...details }));
}
