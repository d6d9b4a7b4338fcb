import { data, Form } from "react-router";
import {
  accountDeletionSchema,
  accountDeletionSummary,
  type DeletionConfirmation,
  deleteAccount,
} from "../../core/accounts/account-deletion.server.ts";
import { hasPassword } from "../../core/accounts/accounts.server.ts";
import { FRESH_SIGN_IN_SECONDS, isFreshSignIn } from "../../core/accounts/sessions.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm, PasswordField } from "../components/form-field.tsx";
import { GoogleSignInAgain } from "../components/google-sign-in-again.tsx";
import { Link } from "../components/links.tsx";
import { PanelSection } from "../components/panel-section.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryAfterHeaders } from "../lib/refusals.server.ts";
import { cookiesFrom, requireUserSession } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-delete";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Delete your account",
    "Delete your IELTS Hub account and what the site holds about you.",
  );

const signInAgain = (minutes: number) =>
  `For your safety, deleting your account needs a sign-in from the last ${minutes} minutes. Please sign in with Google again, then delete it.`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, sessionId } = requireUserSession(request, context);
  const { db, googleSignIn } = context.get(appContext);
  const [password, freshSignIn, summary] = await Promise.all([
    hasPassword(db, user.id),
    isFreshSignIn(db, sessionId),
    accountDeletionSummary(db, user.id, user.email),
  ]);
  return {
    email: user.email,
    hasPassword: password,
    freshSignIn,
    summary,
    googleSignIn,
    signInAgain: signInAgain(FRESH_SIGN_IN_SECONDS / 60),
  };
}

type Flash = { type: "error"; message: string };
const refused = (
  status: number,
  { fieldErrors = {}, flash = null }: { fieldErrors?: { password?: string }; flash?: Flash | null },
  headers?: HeadersInit,
) => data({ fieldErrors, flash }, { status, headers });

/**
 * Deletes the account (core/accounts/account-deletion.server.ts) once the person has confirmed it: with
 * their password, each wrong one a guess against the account's limit; or, for an account without
 * one, by having signed in within the last 15 minutes. Then the browser is signed out and goes
 * home with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = requireUserSession(request, context);
  const { db, auth, authHeaders, securityLog, clientAddress, baseUrl, wakeMailWorker } =
    context.get(appContext);
  const form = await request.formData();
  let confirmation: DeletionConfirmation = { kind: "fresh-sign-in", sessionId };
  if (await hasPassword(db, user.id)) {
    const result = parseForm(accountDeletionSchema, form);
    if (!result.ok) return refused(400, { fieldErrors: result.fieldErrors });
    confirmation = { kind: "password", password: result.data.password };
  }
  const route = "POST /account/delete";
  const deleted = await deleteAccount(db, {
    userId: user.id,
    confirmation,
    address: clientAddress,
    verifyPassword: async (hash, password) =>
      (await auth.$context).password.verify({ hash, password }),
    authSecret: (await auth.$context).secret,
    siteUrl: baseUrl,
  });
  if (!deleted.ok) {
    if (deleted.reason === "rate-limited") {
      securityLog({
        event: "rate-limited",
        outcome: "refused",
        userId: user.id,
        address: clientAddress,
        route,
        reason: deleted.limit,
        status: 429,
      });
      return refused(
        429,
        { flash: { type: "error", message: deleted.message } },
        { "Retry-After": String(deleted.retryAfterSeconds) },
      );
    }
    const status = deleted.reason === "wrong-password" ? 400 : 403;
    securityLog({
      event: "account-delete",
      outcome: "failure",
      userId: user.id,
      address: clientAddress,
      route,
      reason: deleted.reason,
      status,
    });
    if (deleted.reason === "wrong-password")
      return refused(400, { fieldErrors: { password: "This is not your password." } });
    return refused(403, {
      flash: {
        type: "error",
        message:
          deleted.reason === "sign-in-again"
            ? signInAgain(FRESH_SIGN_IN_SECONDS / 60)
            : "Your account could not be deleted. Please reload the page and try again.",
      },
    });
  }
  securityLog({
    event: "account-delete",
    outcome: "success",
    userId: user.id,
    address: clientAddress,
    route,
  });
  wakeMailWorker();
  // The session is gone with the account; Better Auth's sign-out clears this browser's cookies.
  const signedOut = await auth.api.signOut({ headers: authHeaders(request), asResponse: true });
  return redirectWithToast(
    "/",
    {
      type: "success",
      message: "Your account has been deleted. We have sent a last e-mail to confirm it.",
    },
    cookiesFrom(signedOut),
  );
}

const count = (n: number, thing: string) => `${n} ${thing}${n === 1 ? "" : "s"}`;

export default function AccountDelete({ loaderData, actionData }: Route.ComponentProps) {
  const { email, summary } = loaderData;
  const deleteButton = (
    <div className="flex flex-wrap gap-3">
      <SubmitButton className="btn bg-red-700 text-white hover:bg-red-800" busyLabel="Deleting…">
        Delete my account
      </SubmitButton>
      <Link to="/account" className="btn-secondary">
        Cancel
      </Link>
    </div>
  );
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Delete your account</h1>
      <FlashToast flash={actionData?.flash} />

      <PanelSection id="what-happens" title="What happens" className="mt-6">
        <p className="text-slate-700">
          Your account (<span className="wrap-anywhere">{email}</span>) and what the site holds
          about you are deleted at once:
        </p>
        <ul className="list-disc space-y-2 pl-5 text-slate-700">
          <li>
            Your reviews are removed
            {summary.reviews > 0 && ` (${count(summary.reviews, "review")})`}, so the average rating
            and the counts of those courses change.
          </li>
          <li>
            Your enrollment requests are removed: open ones
            {summary.openEnrollments > 0 && ` (${summary.openEnrollments})`} are cancelled, and the
            record of the courses you joined goes too.
          </li>
          <li>
            Your Writing answers, with their measures, and the drafts you were writing are removed.
          </li>
          <li>
            Your helpful votes, your reports of reviews, and the messages you sent through the
            contact page from this address are removed.
          </li>
          <li>
            {summary.subscribed
              ? "Your newsletter subscription ends."
              : "Any newsletter subscription of this address ends."}
          </li>
          <li>
            Courses you added
            {summary.coursesCreated > 0 && ` (${count(summary.coursesCreated, "course")})`} stay in
            the catalogue, no longer linked to you; the teacher may remove them.
          </li>
          {summary.isOwner && (
            <li>Your owner role ends; only the server's shell can grant it again.</li>
          )}
          <li>
            Every device and app signed in to your account is signed out, and we send a last e-mail
            to this address to confirm.
          </li>
        </ul>
        <p className="font-semibold text-slate-900">This cannot be undone.</p>
        <p className="text-slate-700">
          Want a copy first?{" "}
          <a href="/account/data.json" download className="link">
            Download my data
          </a>{" "}
          (a JSON file).
        </p>
      </PanelSection>

      <PanelSection id="confirm" title="Confirm" className="mt-6">
        {loaderData.hasPassword ? (
          <FieldForm state={actionData} method="post" className="space-y-4">
            <PasswordField label="Your password" name="password" purpose="current" />
            {deleteButton}
          </FieldForm>
        ) : loaderData.freshSignIn ? (
          <Form method="post" className="space-y-4">
            <p className="text-slate-700">
              Your account signs in with Google, and you signed in moments ago: no password is
              needed.
            </p>
            {deleteButton}
          </Form>
        ) : (
          <GoogleSignInAgain
            why={loaderData.signInAgain}
            googleSignIn={loaderData.googleSignIn}
            returnTo="/account/delete"
          />
        )}
      </PanelSection>
    </div>
  );
}
