import { data, useNavigation } from "react-router";
import { newPasswordFormSchema } from "../../core/accounts/accounts.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm, PasswordField } from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { appContext } from "../context.server.ts";
import { authErrorMessage, authResponse } from "../lib/auth-call.server.ts";
import { betterAuthErrorCode } from "../lib/auth-errors.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () =>
  pageMeta("Choose a new password", "Choose a new password for your IELTS Hub account.");

/** The e-mailed link passes through Better Auth, which sends a valid token here (or an error). */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  return { token: token && !url.searchParams.get("error") ? token : null };
}

const EXPIRED = "This link has expired or was already used. Ask for a new one from the login page.";

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, authHeaders } = context.get(appContext);
  const result = parseForm(newPasswordFormSchema, await request.formData());
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, flash: null }, { status: 400 });
  // The limit per address, the policy with the account's own words and the security log are
  // Better Auth's hooks'.
  const response = await authResponse(
    auth.api.resetPassword({
      body: { token: result.data.token, newPassword: result.data.password },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (response.status === 429) {
    return data(
      {
        fieldErrors: {},
        flash: { type: "error", message: "Too many attempts. Please try again later." } as const,
      },
      { status: 429, headers: { "Retry-After": response.headers.get("retry-after") ?? "60" } },
    );
  }
  if ((await betterAuthErrorCode(response)) === "VALIDATION_ERROR") {
    const password = await authErrorMessage(response);
    return data({ fieldErrors: { password }, flash: null }, { status: 400 });
  }
  if (!response.ok) {
    return data(
      { fieldErrors: {}, flash: { type: "error", message: EXPIRED } as const },
      { status: 400 },
    );
  }
  return redirectWithToast("/login", {
    type: "success",
    message: "Your password has been changed. Please log in with the new one.",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <div className="container-page max-w-md py-12">
      <h1 className="text-3xl font-bold text-slate-900">Choose a new password</h1>
      <FlashToast flash={actionData?.flash} />
      {loaderData.token ? (
        <FieldForm state={actionData} method="post" className="form-card mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField label="New password" name="password" purpose="new" />
          <button
            type="submit"
            className="btn-primary w-full"
            disabled={navigation.state === "submitting"}
          >
            Save the new password
          </button>
        </FieldForm>
      ) : (
        <div
          role="alert"
          className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
        >
          {EXPIRED}{" "}
          <Link to="/login" className="link">
            Go to the login page
          </Link>
        </div>
      )}
    </div>
  );
}
