/**
 * A failed login shows the provider's short error code. Better Auth's codes
 * (INVALID_EMAIL_OR_PASSWORD) are shown the seed's way: 'invalid-email-or-password'.
 */
export function errorCodeText(code: string | undefined, fallback = "sign-in-failed"): string {
  if (!code) return fallback;
  return code.toLowerCase().replaceAll("_", "-");
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
