import { redirect } from "react-router";
import { appContext } from "../context.server.ts";
import { signInFailure } from "../lib/auth-errors.ts";
import { safeRedirect } from "../lib/safe-redirect.ts";
import { cookiesFrom } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/auth-google";

/**
 * Starts Google sign-in from a plain form: Better Auth makes the authorization URL (with its
 * state and PKCE cookies) and the browser is sent there. Google sends it back to
 * /api/auth/callback/google, and Better Auth then to `redirectTo`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, googleSignIn, googleAuthorizationUrl } = context.get(appContext);
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  if (!googleSignIn) {
    return redirectWithToast("/login", {
      type: "error",
      message: "Google sign-in is not available.",
    });
  }
  const loginAgain = `/login?redirectTo=${encodeURIComponent(redirectTo)}`;
  const response = await auth.api.signInSocial({
    body: {
      provider: "google",
      callbackURL: `/auth/welcome?redirectTo=${encodeURIComponent(redirectTo)}`,
      errorCallbackURL: loginAgain,
    },
    headers: request.headers,
    asResponse: true,
  });
  const body = (await response.json().catch(() => null)) as { url?: string } | null;
  if (!response.ok || !body?.url) {
    return redirectWithToast(loginAgain, signInFailure("google-sign-in-failed"));
  }
  return redirect(googleAuthorizationUrl(body.url), { headers: cookiesFrom(response) });
}

export function loader() {
  return redirect("/login");
}
