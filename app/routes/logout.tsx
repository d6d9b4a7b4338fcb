import { redirect } from "react-router";
import { logAuthEvent } from "../../server/auth/log.ts";
import { appContext } from "../context.ts";
import { cookiesFrom, getSessionUser } from "../lib/session.server.ts";
import type { Route } from "./+types/logout";

/** Ends the session on the server (and with it the API tokens issued from it). */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, clientAddress } = context.get(appContext);
  const { user } = await getSessionUser(request, context);
  if (!user) return redirect("/");
  const response = await auth.api.signOut({ headers: request.headers, asResponse: true });
  logAuthEvent("sign-out", response.ok ? "success" : "failure", {
    email: user.email,
    address: clientAddress,
  });
  return redirect("/", { headers: cookiesFrom(response) });
}

/** Logging out is a POST; a visit to /logout just goes home. */
export function loader() {
  return redirect("/");
}
