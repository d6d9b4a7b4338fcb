import { redirect } from "react-router";
import { safeRedirect } from "../lib/safe-redirect.ts";
import { getSessionUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/auth-welcome";

/** Where Google sign-in lands: greet the user and go on to where they were heading. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = getSessionUser(context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (!user) return redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  return redirectWithToast(redirectTo, { type: "success", message: "Login Success" });
}
