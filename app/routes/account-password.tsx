import { data } from "react-router";
import { passwordSetMail } from "../../core/accounts/account-mail.ts";
import {
  hasPassword,
  passwordChangeFormSchema,
  passwordSetFormSchema,
} from "../../core/accounts/accounts.server.ts";
import { FRESH_SIGN_IN_SECONDS, isFreshSignIn } from "../../core/accounts/sessions.server.ts";
import { queueMail } from "../../core/mail/mail-outbox.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm, PasswordField } from "../components/form-field.tsx";
import { GoogleSignInAgain } from "../components/google-sign-in-again.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { authErrorMessage, authResponse } from "../lib/auth-call.server.ts";
import { betterAuthErrorCode } from "../lib/auth-errors.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { cookiesFrom, requireUser, requireUserSession } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-password";

export const meta: Route.MetaFunction = () =>
  pageMeta("Change your password", "Change the password of your IELTS Hub account.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, sessionId } = requireUserSession(request, context);
  const { db, googleSignIn } = context.get(appContext);
  const [password, fresh] = await Promise.all([
    hasPassword(db, user.id),
    isFreshSignIn(db, sessionId),
  ]);
  return {
    hasPassword: password,
    freshSignIn: fresh,
    signInAgain: signInAgain(FRESH_SIGN_IN_SECONDS / 60),
    googleSignIn,
  };
}

const signInAgain = (minutes: number) =>
  `For your safety, setting a password needs a sign-in from the last ${minutes} minutes. Please sign in with Google again, then set it.`;

/**
 * A first password for an account made with Google: only just after a sign-in, since there is
 * no password to ask for (a stolen session must not be able to add one). The policy, the log and
 * the mail come from the site's rules (server/auth/account-rules.ts).
 */
async function setPassword(request: Request, context: Route.ActionArgs["context"], form: FormData) {
  const { user, sessionId } = requireUserSession(request, context);
  const { auth, authHeaders, db, securityLog, clientAddress, baseUrl, wakeMailWorker } =
    context.get(appContext);
  if (!(await isFreshSignIn(db, sessionId)))
    return data(
      {
        fieldErrors: {},
        flash: { type: "error", message: signInAgain(FRESH_SIGN_IN_SECONDS / 60) } as const,
      },
      { status: 403 },
    );
  const result = parseForm(passwordSetFormSchema(user.email), form);
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, flash: null }, { status: 400 });
  const response = await authResponse(
    auth.api.setPassword({
      body: { newPassword: result.data.newPassword },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (!response.ok) {
    const message = await authErrorMessage(response);
    return data(
      { fieldErrors: { newPassword: message ?? "The password could not be set." }, flash: null },
      { status: response.status === 429 ? 429 : 400 },
    );
  }
  // Better Auth's set-password is for server calls only (no hooks run): the log and the mail
  // that the rules would have written are written here.
  securityLog({
    event: "password-change",
    outcome: "success",
    userId: user.id,
    address: clientAddress,
    route: "POST /account/password",
    reason: "set",
  });
  await queueMail(db, passwordSetMail(user.email, baseUrl));
  wakeMailWorker();
  return redirectWithToast("/account/password", {
    type: "success",
    message: "Your password is set: you can now sign in with it too.",
  });
}

const WRONG_PASSWORD = "This is not your current password.";

/**
 * Better Auth's change-password, with the site's rules applied by its hooks (the policy with the
 * account's own words, the guess limit per account, ending every other session and its API
 * tokens, the security log and the mail telling the owner: server/auth/account-rules.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { auth, authHeaders, db } = context.get(appContext);
  const form = await request.formData();
  if (!(await hasPassword(db, user.id))) return setPassword(request, context, form);
  const result = parseForm(passwordChangeFormSchema(user.email), form);
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
  return (
    <div className="container-page max-w-md py-12">
      <h1 className="text-3xl font-bold text-slate-900">
        {loaderData.hasPassword ? "Change your password" : "Set a password"}
      </h1>
      <FlashToast flash={actionData?.flash} />
      {loaderData.hasPassword ? (
        <FieldForm state={actionData} method="post" className="form-card mt-6">
          <p className="text-slate-700">
            Changing it signs you out on every other device, and we tell you by e-mail.
          </p>
          <PasswordField label="Current password" name="currentPassword" purpose="current" />
          <PasswordField label="New password" name="newPassword" purpose="new" />
          <SubmitButton busyLabel="Changing…">Change password</SubmitButton>
        </FieldForm>
      ) : loaderData.freshSignIn ? (
        <FieldForm state={actionData} method="post" className="form-card mt-6">
          <p className="text-slate-700">
            Your account signs in with Google. With a password you can also sign in without it; we
            tell you by e-mail when one is set.
          </p>
          <PasswordField label="New password" name="newPassword" purpose="new" />
          <SubmitButton busyLabel="Setting…">Set password</SubmitButton>
        </FieldForm>
      ) : (
        <GoogleSignInAgain
          why={loaderData.signInAgain}
          googleSignIn={loaderData.googleSignIn}
          returnTo="/account/password"
          className="form-card mt-6 space-y-4 text-slate-700"
        />
      )}
    </div>
  );
}
