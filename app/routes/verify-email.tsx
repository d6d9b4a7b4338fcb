import { data } from "react-router";
import { Link } from "../components/links.tsx";
import { appContext } from "../context.server.ts";
import { authResponse } from "../lib/auth-call.server.ts";
import { betterAuthErrorCode } from "../lib/auth-errors.ts";
import { pageMeta } from "../lib/meta.ts";
import { cookiesFrom, getSessionUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Confirm your e-mail address", "Confirming the e-mail address of an account."),
  // A link from someone's mailbox: nothing here for a search engine.
  { name: "robots", content: "noindex" },
];

/**
 * The page a confirmation link opens (the mail comes from server/auth/index.ts): Better Auth
 * checks the signed token and marks the address as proven, or (for an address change) makes the
 * new address the account's; the site's rules run in its hooks (server/auth/account-rules.ts).
 * The page then says plainly how it went.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token || token.length > 2000) return data({ outcome: "broken" as const }, { status: 400 });
  const { auth, authHeaders } = context.get(appContext);
  const response = await authResponse(
    auth.api.verifyEmail({ query: { token }, headers: authHeaders(request), asResponse: true }),
  );
  if (!response.ok) {
    const code = await betterAuthErrorCode(response);
    return data(
      { outcome: code === "TOKEN_EXPIRED" ? ("expired" as const) : ("broken" as const) },
      { status: 400 },
    );
  }
  const { user } = getSessionUser(context);
  if (user) {
    return redirectWithToast(
      "/account",
      { type: "success", message: "Thank you: your e-mail address is confirmed." },
      cookiesFrom(response),
    );
  }
  return data({ outcome: "confirmed" as const }, { headers: cookiesFrom(response) });
}

const headings = {
  confirmed: "Your e-mail address is confirmed",
  expired: "This link has expired",
  broken: "This link does not work",
} as const;

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { outcome } = loaderData;
  return (
    <div className="container-page max-w-md py-12">
      <h1 className="text-3xl font-bold text-slate-900">{headings[outcome]}</h1>
      <div className="form-card mt-6 text-slate-700">
        {outcome === "confirmed" ? (
          <p>
            Thank you.{" "}
            <Link to="/login?redirectTo=%2Faccount" className="link">
              Log in
            </Link>{" "}
            to see your account.
          </p>
        ) : (
          <p>
            {outcome === "expired"
              ? "Links to confirm an address work for a day. "
              : "It may have been copied only in part, or used already. "}
            Ask for a new one from{" "}
            <Link to="/account" className="link">
              your account
            </Link>
            .
          </p>
        )}
      </div>
    </div>
  );
}
