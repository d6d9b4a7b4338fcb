import { useSearchParams } from "react-router";
import { sameSitePath } from "../../core/redirect-target.ts";

/** The sign-in pages themselves: going back to one after signing in would only loop. */
const AUTH_PAGES = new Set(["/login", "/register", "/logout", "/reset-password"]);

/**
 * Where to send someone after logging in: a path on this site only (core/redirect-target.ts
 * normalises it and refuses anything that could lead elsewhere). Anything else, and the login
 * pages themselves, goes to `fallback`.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/",
): string {
  const path = sameSitePath(to);
  if (path === undefined) return fallback;
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  // Routes match without regard to case or a trailing slash.
  const page = pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  return AUTH_PAGES.has(page) ? fallback : path;
}

/** Where this sign-in page sends the person afterwards: its `?redirectTo=`, made safe. */
export function useRedirectTo(): string {
  const [searchParams] = useSearchParams();
  return safeRedirect(searchParams.get("redirectTo"));
}

/** The address of another sign-in page that still leads to `redirectTo` afterwards. */
export function signInPageHref(page: "/login" | "/register", redirectTo: string): string {
  return redirectTo === "/" ? page : `${page}?redirectTo=${encodeURIComponent(redirectTo)}`;
}
