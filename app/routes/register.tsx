import { data, redirect } from "react-router";
import { registrationSchema } from "../../core/accounts/accounts.server.ts";
import { MIN_PASSWORD_LENGTH } from "../../core/limits/field-limits.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import {
  EmailField,
  FieldForm,
  NameField,
  PasswordField,
  TextField,
} from "../components/form-field.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { Link } from "../components/links.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { authErrorMessage, authResponse } from "../lib/auth-call.server.ts";
import { betterAuthErrorCode } from "../lib/auth-errors.ts";
import { parseForm } from "../lib/forms.ts";
import { publicPageMeta } from "../lib/meta.ts";
import { safeRedirect, signInPageHref, useRedirectTo } from "../lib/safe-redirect.ts";
import { cookiesFrom, getSessionUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/register";

// One address for every `?redirectTo=` variant of the form.
export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "Register",
    description: "Create an IELTS Hub account to review the courses you have taken.",
    path: "/register",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = getSessionUser(context);
  if (user) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return { googleSignIn: context.get(appContext).googleSignIn };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, authHeaders } = context.get(appContext);
  const form = await request.formData();
  const redirectTo = safeRedirect(form.get("redirectTo"));
  const result = parseForm(registrationSchema, form);
  // What the form shows again after a refusal: everything typed but the password.
  const safeValues = {
    name: String(form.get("name") ?? ""),
    photoUrl: String(form.get("photoUrl") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  if (!result.ok)
    return data(
      { values: safeValues, fieldErrors: result.fieldErrors, flash: null },
      { status: 400 },
    );

  // The limit per address, the policy (again) and the security log are Better Auth's hooks'.
  const { name, email, password, photoUrl } = result.data;
  const response = await authResponse(
    auth.api.signUpEmail({
      body: { name, email, password, ...(photoUrl ? { image: photoUrl } : {}) },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (response.status === 429) {
    const flash = {
      type: "error",
      message: "Too many accounts from your network. Please try again later.",
    } as const;
    return data(
      { values: safeValues, fieldErrors: {}, flash },
      { status: 429, headers: { "Retry-After": response.headers.get("retry-after") ?? "60" } },
    );
  }
  if (!response.ok) {
    const code = await betterAuthErrorCode(response);
    if (code === "VALIDATION_ERROR") {
      // The hooks' policy: the form's own schema already applied it, so this is a rare case.
      const message = (await authErrorMessage(response)) ?? "Please check the form and try again.";
      const flash = { type: "error", message } as const;
      return data({ values: safeValues, fieldErrors: {}, flash }, { status: 400 });
    }
    // Say no more than needed: the address cannot be used, and what the owner can do.
    const fieldErrors =
      code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"
        ? {
            email:
              "This e-mail cannot be used to register. If it is yours, log in or reset your password.",
          }
        : {};
    const flash = Object.keys(fieldErrors).length
      ? null
      : ({ type: "error", message: "Registration failed. Please try again." } as const);
    return data(
      { values: safeValues, fieldErrors, flash },
      { status: response.status === 422 ? 409 : 400 },
    );
  }
  return redirectWithToast(
    redirectTo,
    { type: "success", message: "Register Successfully Complete" },
    cookiesFrom(response),
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const redirectTo = useRedirectTo();

  return (
    <div className="container-page max-w-md py-12">
      <h1 className="text-3xl font-bold text-slate-900">Register</h1>
      <p className="mt-1 text-slate-600">
        Create your account to review the courses you have taken.
      </p>
      <FlashToast flash={actionData?.flash} />

      <FieldForm state={actionData} method="post" className="form-card mt-6">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <NameField />
        <TextField
          label="Photo URL (optional)"
          name="photoUrl"
          type="url"
          autoComplete="photo"
          placeholder="https://…"
        />
        <EmailField />
        <PasswordField
          label="Password"
          name="password"
          purpose="new"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters; a long passphrase is best.`}
        />
        <SubmitButton className="btn-primary w-full" busyLabel="Creating your account…">
          Register
        </SubmitButton>
      </FieldForm>

      {loaderData.googleSignIn && (
        <div className="mt-4">
          <GoogleButton label="Register with Google" redirectTo={redirectTo} />
        </div>
      )}
      <p className="mt-6 text-center text-slate-700">
        Already have an account?{" "}
        <Link to={signInPageHref("/login", redirectTo)} className="link">
          Log in
        </Link>
      </p>
    </div>
  );
}
