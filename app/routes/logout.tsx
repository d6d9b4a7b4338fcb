import { redirect } from "react-router";
import { appContext } from "../context.server.ts";
import { cookiesFrom, getSessionUser } from "../lib/session.server.ts";
import type { Route } from "./+types/logout";

/** Ends the session on the server (and with it the API tokens issued from it). */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, authHeaders } = context.get(appContext);
  const { user } = getSessionUser(context);
  if (!user) return redirect("/");
  // Better Auth's hooks write the security log's line for it.
  const response = await auth.api.signOut({
    headers: authHeaders(request),
    asResponse: true,
  });
  return redirect("/", { headers: cookiesFrom(response) });
}

/** Logging out is a POST; a visit to /logout just goes home. */
export function loader() {
  return redirect("/");
}
