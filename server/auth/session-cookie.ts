/**
 * Better Auth's session cookie as the browser sends it (`<token>.<signature>`, with the
 * `__Secure-` prefix in production; the prefix `ielts-hub` is set in server/auth/index.ts).
 */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?ielts-hub\.session_token=([^;]*)/;

/** The session cookie's raw value in a Cookie header, if there is one. */
export function sessionCookieValue(cookieHeader: string | undefined): string | undefined {
  return SESSION_COOKIE.exec(cookieHeader ?? "")?.[1];
}

/** Whether a Cookie header carries a session cookie (whether or not it is still good). */
export function sendsSessionCookie(cookieHeader: string | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}
