import { data, Form, Link } from "react-router";
import { hasPassword, isEmailVerified, nameSchema } from "../../core/accounts.server.ts";
import { MAX_NAME_LENGTH } from "../../core/field-limits.ts";
import { Avatar } from "../components/avatar.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { TextField } from "../components/form-field.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { authResponse } from "../lib/auth-call.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () =>
  pageMeta("Your account", "Your IELTS Hub account: your name, e-mail, password and devices.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { db } = context.get(appContext);
  const [emailVerified, password] = await Promise.all([
    isEmailVerified(db, user.id),
    hasPassword(db, user.id),
  ]);
  return { user, emailVerified, hasPassword: password };
}

/** The name, through Better Auth's update-user, so its profile rules and the log apply. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireUser(request, context);
  const { auth, authHeaders } = context.get(appContext);
  const form = await request.formData();
  const name = nameSchema.safeParse(form.get("name") ?? undefined);
  if (!name.success) {
    return data(
      { fieldErrors: { name: name.error.issues[0]?.message }, flash: null },
      { status: 400 },
    );
  }
  const response = await authResponse(
    auth.api.updateUser({
      body: { name: name.data },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (!response.ok) {
    return data(
      {
        fieldErrors: {},
        flash: {
          type: "error",
          message: "Your name could not be saved. Please try again.",
        } as const,
      },
      { status: response.status === 429 ? 429 : 400 },
    );
  }
  return redirectWithToast("/account", { type: "success", message: "Your name is saved." });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, emailVerified } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Your account</h1>
      <FlashToast flash={actionData?.flash} />

      <section aria-labelledby="profile-heading" className="form-card mt-6">
        <h2 id="profile-heading" className="text-xl font-bold text-slate-900">
          Profile
        </h2>
        <div className="flex items-center gap-3">
          <Avatar photoUrl={user.image} name={user.name} />
          <p className="text-slate-700">
            {user.image ? "Your photo, as others see it beside your reviews." : "No photo."}
          </p>
        </div>
        <Form method="post" className="space-y-4">
          <TextField
            label="Name"
            name="name"
            required
            maxLength={MAX_NAME_LENGTH}
            autoComplete="name"
            defaultValue={user.name}
            error={errors.name}
          />
          <SubmitButton busyLabel="Saving…">Save name</SubmitButton>
        </Form>
      </section>

      <section aria-labelledby="email-heading" className="form-card mt-6">
        <h2 id="email-heading" className="text-xl font-bold text-slate-900">
          E-mail
        </h2>
        <p className="wrap-anywhere text-slate-800">{user.email}</p>
        <p className="text-sm text-slate-600">
          {emailVerified
            ? "Verified: you have shown that this address is yours."
            : "Not verified yet."}
        </p>
      </section>

      <section aria-labelledby="security-heading" className="form-card mt-6">
        <h2 id="security-heading" className="text-xl font-bold text-slate-900">
          Signing in
        </h2>
        <ul className="space-y-2">
          <li>
            <Link to="/account/password" className="link">
              {loaderData.hasPassword ? "Change your password" : "Your password"}
            </Link>
          </li>
          <li>
            <Link to="/account/sessions" className="link">
              Signed-in devices
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
