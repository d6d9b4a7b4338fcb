import { data, Form } from "react-router";
import { hasPassword, passwordChangeFormSchema } from "../../core/accounts.server.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/field-limits.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { PasswordField } from "../components/form-field.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { authErrorMessage, authResponse } from "../lib/auth-call.server.ts";
import { betterAuthErrorCode } from "../lib/auth-errors.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { cookiesFrom, requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-password";

export const meta: Route.MetaFunction = () =>
  pageMeta("Change your password", "Change the password of your IELTS Hub account.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { db } = context.get(appContext);
  return { hasPassword: await hasPassword(db, user.id) };
}

const WRONG_PASSWORD = "This is not your current password.";

/**
 * Better Auth's change-password, with the site's rules applied by its hooks (the policy with the
 * account's own words, the guess limit per account, ending every other session and its API
 * tokens, the security log and the mail telling the owner: server/auth/account-rules.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { auth, authHeaders } = context.get(appContext);
  const result = parseForm(passwordChangeFormSchema(user.email), await request.formData());
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, flash: null }, { status: 400 });
  const response = await authResponse(
    auth.api.changePassword({
      body: {
        currentPassword: result.data.currentPassword,
        newPassword: result.data.newPassword,
      },
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
  if (!response.ok) {
    const code = await betterAuthErrorCode(response);
    const fieldErrors =
      code === "VALIDATION_ERROR"
        ? { newPassword: await authErrorMessage(response) }
        : code === "CREDENTIAL_ACCOUNT_NOT_FOUND"
          ? { currentPassword: "Your account signs in with Google and has no password here." }
          : { currentPassword: WRONG_PASSWORD };
    return data({ fieldErrors, flash: null }, { status: 400 });
  }
  // This device keeps a new session (its cookie is in the answer); every other one has ended.
  return redirectWithToast(
    "/account/password",
    {
      type: "success",
      message: "Your password has been changed. Every other device has been signed out.",
    },
    cookiesFrom(response),
  );
}

export default function AccountPassword({ loaderData, actionData }: Route.ComponentProps) {
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  return (
    <div className="container-page max-w-md py-12">
      <h1 className="text-3xl font-bold text-slate-900">Change your password</h1>
      <FlashToast flash={actionData?.flash} />
      {loaderData.hasPassword ? (
        <Form method="post" className="form-card mt-6">
          <p className="text-slate-700">
            Changing it signs you out on every other device, and we tell you by e-mail.
          </p>
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            required
            maxLength={MAX_PASSWORD_LENGTH}
            error={errors.currentPassword}
          />
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            maxLength={MAX_PASSWORD_LENGTH}
            error={errors.newPassword}
          />
          <SubmitButton busyLabel="Changing…">Change password</SubmitButton>
        </Form>
      ) : (
        <p className="form-card mt-6 text-slate-700">
          Your account signs in with Google and has no password here: Google keeps it safe.
        </p>
      )}
    </div>
  );
}
