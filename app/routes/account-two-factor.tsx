import { data, redirect } from "react-router";
import { hasPassword } from "../../core/accounts/accounts.server.ts";
import {
  disableSchema,
  passwordConfirmationSchema,
  setupCodeSchema,
  twoFactorState,
} from "../../core/accounts/two-factor.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm, PasswordField } from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { TwoFactorCodeField } from "../components/two-factor-code-field.tsx";
import { appContext } from "../context.server.ts";
import { authResponse } from "../lib/auth-call.server.ts";
import { betterAuthErrorCode } from "../lib/auth-errors.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { cookiesFrom, requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { backupCodesLeft, twoFactorSetup, verifyCode } from "../lib/two-factor.server.ts";
import type { Route } from "./+types/account-two-factor";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Two-factor sign-in",
    "Protect your IELTS Hub account with a code from an authenticator app.",
  );

const PAGE = "/account/two-factor";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db, auth } = context.get(appContext);
  const [state, password] = await Promise.all([
    twoFactorState(db, user.id),
    hasPassword(db, user.id),
  ]);
  const ownerReason = user.ownerNeedsSecondFactor;
  if (state.enabled)
    return {
      stage: "on" as const,
      codesLeft: await backupCodesLeft({ auth }, user.id),
      ownerReason,
    };
  if (state.pendingSecret)
    return {
      stage: "setup" as const,
      setup: await twoFactorSetup(
        { auth },
        { userId: user.id, email: user.email, encryptedSecret: state.pendingSecret },
      ),
      ownerReason,
    };
  return { stage: "off" as const, hasPassword: password, ownerReason };
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

type TwoFactorForm = "enable" | "confirm" | "backup-codes" | "disable";
type Answer = {
  form: TwoFactorForm;
  fieldErrors: Partial<Record<string, string>>;
  flash: { type: "error"; message: string } | null;
  newBackupCodes?: string[];
};

const answer = (value: Answer, status = 200) => data(value, { status });
/** A form whose fields did not pass its schema: the messages beside them. */
const invalid = (form: TwoFactorForm, fieldErrors: Answer["fieldErrors"]) =>
  answer({ form, fieldErrors, flash: null }, 400);
const WRONG_PASSWORD = "This is not your current password.";
const WRONG_CODE =
  "That code did not work. Enter the newest code from your app (it changes every 30 seconds).";
const TOO_MANY = { type: "error" as const, message: "Too many attempts. Please try again later." };

/** A refusal from Better Auth, said beside the field it is about (the password, or the code). */
async function refusedBy(response: Response, form: TwoFactorForm, about: "password" | "code") {
  if (response.status === 429)
    return data<Answer>(
      { form, fieldErrors: {}, flash: TOO_MANY },
      {
        status: 429,
        headers: { "Retry-After": response.headers.get("retry-after") ?? "60" },
      },
    );
  const code = await betterAuthErrorCode(response);
  const passwordField = form === "disable" ? "currentPassword" : "password";
  const aboutPassword = about === "password" || code === "INVALID_PASSWORD";
  const message = aboutPassword
    ? WRONG_PASSWORD
    : code === "INVALID_BACKUP_CODE"
      ? "That backup code did not work: it may have been used already."
      : WRONG_CODE;
  return invalid(form, { [aboutPassword ? passwordField : "code"]: message });
}

/**
 * Turning two-factor sign-in on (the password, then a code that proves the app has the secret),
 * making new backup codes, and turning it off (the password and a code), all through Better
 * Auth's two-factor endpoints, so the site's rules (limits, log, mail) apply as on the API.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const app = context.get(appContext);
  const { auth, authHeaders } = app;
  const headers = authHeaders(request);
  const form = await request.formData();

  switch (form.get("intent")) {
    case "enable": {
      const result = parseForm(passwordConfirmationSchema, form);
      if (!result.ok) return invalid("enable", result.fieldErrors);
      const response = await authResponse(
        auth.api.enableTwoFactor({
          body: { password: result.data.password },
          headers,
          asResponse: true,
        }),
      );
      if (!response.ok) return refusedBy(response, "enable", "password");
      throw redirect(PAGE);
    }
    case "confirm": {
      const result = parseForm(setupCodeSchema, form);
      if (!result.ok) return invalid("confirm", result.fieldErrors);
      const response = await verifyCode(app, request, result.data.code);
      if (!response.ok) return refusedBy(response, "confirm", "code");
      // Turning it on replaced this device's session: the answer carries the new cookie.
      return redirectWithToast(
        user.ownerNeedsSecondFactor ? "/admin" : PAGE,
        { type: "success", message: "Two-factor sign-in is on." },
        cookiesFrom(response),
      );
    }
    case "backup-codes": {
      const result = parseForm(passwordConfirmationSchema, form);
      if (!result.ok) return invalid("backup-codes", result.fieldErrors);
      const response = await authResponse(
        auth.api.generateBackupCodes({
          body: { password: result.data.password },
          headers,
          asResponse: true,
        }),
      );
      if (!response.ok) return refusedBy(response, "backup-codes", "password");
      const { backupCodes } = (await response.json()) as { backupCodes: string[] };
      return answer({
        form: "backup-codes",
        fieldErrors: {},
        flash: null,
        newBackupCodes: backupCodes,
      });
    }
    case "disable": {
      const result = parseForm(disableSchema, form);
      if (!result.ok) return invalid("disable", result.fieldErrors);
      const { currentPassword: password, code } = result.data;
      // The password first, so a wrong one does not use up a backup code.
      const passwordCheck = await authResponse(
        auth.api.verifyPassword({ body: { password }, headers, asResponse: true }),
      );
      if (!passwordCheck.ok) return refusedBy(passwordCheck, "disable", "password");
      const codeCheck = await verifyCode(app, request, code);
      if (!codeCheck.ok) return refusedBy(codeCheck, "disable", "code");
      const response = await authResponse(
        auth.api.disableTwoFactor({ body: { password }, headers, asResponse: true }),
      );
      if (!response.ok) return refusedBy(response, "disable", "password");
      // Turning it off replaced this device's session too.
      return redirectWithToast(
        PAGE,
        { type: "success", message: "Two-factor sign-in is off." },
        cookiesFrom(response),
      );
    }
    default:
      return redirectWithToast(PAGE, { type: "error", message: "Nothing to do." });
  }
}

function BackupCodes({ codes }: { codes: string[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 font-mono text-slate-900" aria-label="Backup codes">
      {codes.map((code) => (
        <li key={code} className="rounded bg-slate-100 px-2 py-1 text-center">
          {code}
        </li>
      ))}
    </ul>
  );
}

export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  // Each form shows the refusal of its own sending only.
  const stateOf = (form: TwoFactorForm) => (actionData?.form === form ? actionData : undefined);
  return (
    <div className="container-page max-w-xl py-12">
      <p className="text-sm">
        <Link to="/account" className="link">
          Your account
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Two-factor sign-in</h1>
      {loaderData.ownerReason && (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 font-medium text-amber-900 ring-1 ring-amber-200">
          As the site's owner, turn on two-factor sign-in before Admin opens.
        </p>
      )}
      <FlashToast flash={actionData?.flash} />

      {loaderData.stage === "off" &&
        (loaderData.hasPassword ? (
          <FieldForm state={stateOf("enable")} method="post" className="form-card mt-6">
            <p className="text-slate-700">
              With two-factor sign-in, logging in with your password also asks for a 6-digit code
              from an authenticator app on your phone (Google Authenticator, Microsoft
              Authenticator, 1Password, …), so a stolen password alone is not enough.
            </p>
            <PasswordField label="Current password" name="password" purpose="current" />
            <SubmitButton name="intent" value="enable" busyLabel="Starting…">
              Turn on two-factor sign-in
            </SubmitButton>
          </FieldForm>
        ) : (
          <div className="form-card mt-6 space-y-3 text-slate-700">
            <p>
              Your account signs in with Google. To add two-factor sign-in here, first set a
              password; then come back to this page.
            </p>
            <Link to="/account/password" className="btn-primary inline-block">
              Set a password
            </Link>
          </div>
        ))}

      {loaderData.stage === "setup" && (
        <FieldForm state={stateOf("confirm")} method="post" className="form-card mt-6">
          <h2 className="text-lg font-semibold text-slate-900">1. Add IELTS Hub to your app</h2>
          <p className="text-slate-700">Scan this QR code with your authenticator app.</p>
          <img
            src={loaderData.setup.qrCode}
            alt="QR code to add IELTS Hub to an authenticator app"
            width={200}
            height={200}
            className="rounded bg-white"
          />
          <p className="text-slate-700">
            Can't scan it? Enter this key in the app instead:{" "}
            <code className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900">
              {loaderData.setup.key}
            </code>
          </p>
          <h2 className="text-lg font-semibold text-slate-900">2. Keep your backup codes</h2>
          <p className="text-slate-700">
            If you lose your phone, each of these codes lets you sign in once. Write them down or
            keep them in a password manager: they are not shown again once two-factor sign-in is on.
          </p>
          <BackupCodes codes={loaderData.setup.backupCodes} />
          <h2 className="text-lg font-semibold text-slate-900">3. Enter the app's code</h2>
          <TwoFactorCodeField label="Code from your app" />
          <SubmitButton name="intent" value="confirm" busyLabel="Checking…">
            Turn on
          </SubmitButton>
        </FieldForm>
      )}

      {loaderData.stage === "on" && (
        <>
          <div className="form-card mt-6 space-y-2 text-slate-700">
            <p className="font-semibold text-green-800">Two-factor sign-in is on.</p>
            <p>
              Logging in with your password also asks for a code from your app.{" "}
              {loaderData.codesLeft === 1
                ? "You have 1 unused backup code."
                : `You have ${loaderData.codesLeft} unused backup codes.`}
            </p>
          </div>

          <FieldForm state={stateOf("backup-codes")} method="post" className="form-card mt-6">
            <h2 className="text-lg font-semibold text-slate-900">New backup codes</h2>
            {actionData?.newBackupCodes ? (
              <>
                <p role="status" className="text-slate-700">
                  Your new backup codes (the old ones no longer work). Keep them somewhere safe:
                </p>
                <BackupCodes codes={actionData.newBackupCodes} />
              </>
            ) : (
              <p className="text-slate-700">
                Used some, or lost them? New codes replace all the old ones.
              </p>
            )}
            <PasswordField label="Current password" name="password" purpose="current" />
            <SubmitButton name="intent" value="backup-codes" busyLabel="Making…">
              Make new backup codes
            </SubmitButton>
          </FieldForm>

          <FieldForm state={stateOf("disable")} method="post" className="form-card mt-6">
            <h2 className="text-lg font-semibold text-slate-900">Turn it off</h2>
            <p className="text-slate-700">
              Your password alone will then be enough to log in. We tell you by e-mail.
            </p>
            <PasswordField label="Current password" name="currentPassword" purpose="current" />
            <TwoFactorCodeField label="Code from your app, or a backup code" orBackupCode />
            <SubmitButton
              name="intent"
              value="disable"
              className="btn bg-red-700 text-white hover:bg-red-800"
              busyLabel="Turning off…"
            >
              Turn off two-factor sign-in
            </SubmitButton>
          </FieldForm>
        </>
      )}
    </div>
  );
}
