import { data, redirect } from "react-router";
import { signInCodeSchema } from "../../core/accounts/two-factor.server.ts";
import { FieldForm } from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { TwoFactorCodeField } from "../components/two-factor-code-field.tsx";
import { appContext } from "../context.server.ts";
import { betterAuthErrorCode } from "../lib/auth-errors.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { safeRedirect, signInPageHref, useRedirectTo } from "../lib/safe-redirect.ts";
import { cookiesFrom, getSessionUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { verifyCode } from "../lib/two-factor.server.ts";
import type { Route } from "./+types/login-two-factor";

export const meta: Route.MetaFunction = () =>
  pageMeta("Two-factor sign-in", "The second step of signing in to IELTS Hub: a code.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = getSessionUser(context);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const WRONG_CODE =
  "That code did not work. Enter the newest code from your app (it changes every 30 seconds), or an unused backup code.";
const START_AGAIN = "This sign-in has expired. Please log in again with your password.";

/** What Better Auth's refusal of a code means for the person, and whether they must start again. */
function refusal(code: string | undefined, status: number) {
  if (status === 429)
    return {
      startAgain: false,
      message:
        code === "ACCOUNT_TEMPORARILY_LOCKED"
          ? "Too many wrong codes for this account. Please wait 15 minutes and try again."
          : "Too many attempts from your network. Please wait a few minutes and try again.",
    };
  if (code === "INVALID_CODE" || code === "INVALID_BACKUP_CODE")
    return { startAgain: false, message: WRONG_CODE };
  if (code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
    return { startAgain: true, message: "Too many wrong codes. Please log in again." };
  return { startAgain: true, message: START_AGAIN };
}

/**
 * The second step of a password sign-in with two-factor sign-in on: the pending sign-in lives in
 * Better Auth's signed two-factor cookie (10 minutes); a code from the app or a backup code
 * completes it and the answer sets the session cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const result = parseForm(signInCodeSchema, form);
  if (!result.ok)
    return data({ fieldErrors: result.fieldErrors, startAgain: false }, { status: 400 });
  const response = await verifyCode(context.get(appContext), request, result.data.code);
  if (response.ok)
    return redirectWithToast(
      redirectTo,
      { type: "success", message: "Login Success" },
      cookiesFrom(response),
    );
  const { startAgain, message } = refusal(await betterAuthErrorCode(response), response.status);
  const headers = cookiesFrom(response);
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return data(
    { fieldErrors: { code: message }, startAgain },
    { status: response.status === 429 ? 429 : 401, headers },
  );
}

export default function LoginTwoFactor({ actionData }: Route.ComponentProps) {
  const redirectTo = useRedirectTo();
  const loginHref = signInPageHref("/login", redirectTo);
  return (
    <div className="container-page max-w-md py-12">
      <h1 className="text-3xl font-bold text-slate-900">Two-factor sign-in</h1>
      <p className="mt-1 text-slate-600">
        Open your authenticator app and enter the 6-digit code it shows for IELTS Hub. Lost your
        phone? Enter one of your backup codes instead.
      </p>
      {actionData?.startAgain ? (
        <div className="form-card mt-6 space-y-4">
          <p role="alert" className="font-medium text-red-700">
            {actionData.fieldErrors.code}
          </p>
          <Link to={loginHref} className="btn-primary inline-block">
            Log in again
          </Link>
        </div>
      ) : (
        <FieldForm state={actionData} method="post" className="form-card mt-6">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TwoFactorCodeField label="Code" orBackupCode />
          <SubmitButton className="btn-primary w-full" busyLabel="Checking…">
            Verify
          </SubmitButton>
          <p className="text-center text-sm">
            <Link to={loginHref} className="link">
              Back to the login page
            </Link>
          </p>
        </FieldForm>
      )}
    </div>
  );
}
