/**
 * A failed login shows the provider's short error code. Better Auth's codes
 * (INVALID_EMAIL_OR_PASSWORD) are shown the seed's way: 'invalid-email-or-password'.
 */
export function errorCodeText(code: string | undefined, fallback = "sign-in-failed"): string {
  if (!code) return fallback;
  return code.toLowerCase().replaceAll("_", "-");
}

/** What a failed sign-in says in words; its code follows in small print. */
const SIGN_IN_FAILURES: Record<string, string> = {
  "invalid-email-or-password": "Incorrect e-mail or password.",
  "google-sign-in-failed": "Signing in with Google did not work. Please try again.",
};

/** The toast for a failed sign-in: words a person understands, and the provider's short code. */
export function signInFailure(code: string): { type: "error"; message: string; detail: string } {
  return {
    type: "error",
    message: SIGN_IN_FAILURES[code] ?? "We could not sign you in. Please try again.",
    detail: code,
  };
}

/** Reads Better Auth's JSON error body ({ code, message }) without trusting its shape. */
export async function betterAuthErrorCode(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === "object" && "code" in body && typeof body.code === "string")
      return body.code;
  } catch {}
  return undefined;
}
