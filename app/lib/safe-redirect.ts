/**
 * Where to send someone after logging in: a path on this site only. Anything else (another
 * host, a protocol-relative `//host`, a backslash trick, the login pages themselves) goes home.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) {
    return fallback;
  }
  try {
    const url = new URL(to, "http://ielts-hub.invalid");
    if (url.origin !== "http://ielts-hub.invalid") return fallback;
    if (["/login", "/register", "/logout", "/reset-password"].includes(url.pathname))
      return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
