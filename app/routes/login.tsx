import { data, redirect, useNavigation } from "react-router";
import { loginSchema } from "../../core/accounts/accounts.server.ts";
import { requestPasswordReset } from "../../core/accounts/password-reset-request.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { CheckboxField, EmailField, FieldForm, PasswordField } from "../components/form-field.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { Link } from "../components/links.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { authResponse } from "../lib/auth-call.server.ts";
import { betterAuthErrorCode, errorCodeText, signInFailure } from "../lib/auth-errors.ts";
import { parseForm } from "../lib/forms.ts";
import { publicPageMeta } from "../lib/meta.ts";
import { safeRedirect, signInPageHref, useRedirectTo } from "../lib/safe-redirect.ts";
import { cookiesFrom, getSessionUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/login";

// One address for every `?redirectTo=` variant of the form.
export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "Login",
    description: "Log in to IELTS Hub to review the courses you have taken.",
    path: "/login",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = getSessionUser(context);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (user) throw redirect(redirectTo);
  return { googleSignIn: context.get(appContext).googleSignIn };
}

/** A refusal's Retry-After (rate limits) reaches the browser; pages set no other headers here. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

const RESET_SENT = "Password Reset Successfully, Please Check your email";
const TOO_MANY = "Too many attempts from your network. Please wait a few minutes and try again.";
const TOO_MANY_SIGN_INS =
  "Too many sign-in attempts for this account or from your network. Please wait a few minutes and try again, or reset your password.";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, auth, authHeaders, clientAddress, securityLog, wakeMailWorker } =
    context.get(appContext);
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));

  if (form.get("intent") === "forgot") {
    // The same work whether or not an account has this e-mail; the mail leaves afterwards.
    const route = "POST /login";
    const email = form.get("email");
    const result = await requestPasswordReset(db, { email }, { clientAddress });
    if (result.outcome === "invalid") {
      const fieldErrors = {
        email: "Enter your e-mail address above, then choose 'Forgot your password?'.",
      };
      return data(
        { values: { email: typeof email === "string" ? email : "" }, fieldErrors, flash: null },
        { status: 400 },
      );
    }
    if (result.outcome === "rate-limited") {
      securityLog({
        event: "rate-limited",
        outcome: "refused",
        address: clientAddress,
        email: result.email,
        route,
        reason: "password-reset",
        status: 429,
      });
      return data(
        { values: {}, fieldErrors: {}, flash: { type: "error", message: TOO_MANY } as const },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    wakeMailWorker();
    securityLog({
      event: "password-reset-request",
      outcome: "success",
      address: clientAddress,
      email: result.email,
      route,
      status: 200,
    });
    return data({
      values: { email: result.email },
      fieldErrors: {},
      flash: { type: "success", message: RESET_SENT } as const,
    });
  }

  const result = parseForm(loginSchema, form);
  if (!result.ok)
    return data(
      { values: result.values, fieldErrors: result.fieldErrors, flash: null },
      { status: 400 },
    );
  const { email, password, rememberMe } = result.data;

  // The limits per address and per account, and the security log, are Better Auth's hooks'.
  const response = await authResponse(
    auth.api.signInEmail({
      body: { email, password, rememberMe: rememberMe === "on" },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (response.status === 429) {
    const flash = { type: "error", message: TOO_MANY_SIGN_INS } as const;
    return data(
      { values: { email }, fieldErrors: {}, flash },
      { status: 429, headers: { "Retry-After": response.headers.get("retry-after") ?? "60" } },
    );
  }
  if (!response.ok) {
    const code = errorCodeText(await betterAuthErrorCode(response));
    return data(
      { values: { email }, fieldErrors: {}, flash: signInFailure(code) },
      { status: 401 },
    );
  }
  // Two-factor sign-in: the password was right; the answer holds the pending sign-in's cookie.
  if (await asksForSecondFactor(response))
    return redirect(`/login/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: cookiesFrom(response),
    });
  return redirectWithToast(
    redirectTo,
    { type: "success", message: "Login Success" },
    cookiesFrom(response),
  );
}

async function asksForSecondFactor(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return Boolean(body && typeof body === "object" && "twoFactorRedirect" in body);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const redirectTo = useRedirectTo();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  return (
    <div className="container-page max-w-md py-12">
      <h1 className="text-3xl font-bold text-slate-900">Login</h1>
      <p className="mt-1 text-slate-600">Welcome back. Log in to review your courses.</p>
      <FlashToast flash={actionData?.flash} />

      <FieldForm state={actionData} method="post" className="form-card mt-6">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField />
        <PasswordField label="Password" name="password" purpose="current" />
        <CheckboxField label="Remember me" name="rememberMe" />
        {/* Log in comes first among the buttons: Enter in a field presses the first one. */}
        <SubmitButton
          name="intent"
          value="login"
          className="btn-primary w-full"
          busyLabel="Logging in…"
          disabled={busy}
        >
          Log in
        </SubmitButton>
        <p className="text-center">
          <button
            type="submit"
            name="intent"
            value="forgot"
            formNoValidate
            className="link text-sm"
          >
            Forgot your password?
          </button>
        </p>
      </FieldForm>

      {loaderData.googleSignIn && (
        <div className="mt-4">
          <GoogleButton label="Log in with Google" redirectTo={redirectTo} />
        </div>
      )}
      <p className="mt-6 text-center text-slate-700">
        New here?{" "}
        <Link to={signInPageHref("/register", redirectTo)} className="link">
          Create an account
        </Link>
      </p>
    </div>
  );
}
