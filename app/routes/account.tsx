import { data, Form } from "react-router";
import {
  emailChangeFormSchema,
  hasPassword,
  isEmailVerified,
  nameSchema,
  profileUpdateSchema,
} from "../../core/accounts/accounts.server.ts";
import { readImageUpload, storeImage } from "../../core/images/images.server.ts";
import { sameSitePath } from "../../core/redirect-target.ts";
import { Avatar } from "../components/avatar.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import {
  CheckboxField,
  EmailField,
  FieldForm,
  FileField,
  NameField,
  PasswordField,
  TextField,
} from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { PanelSection } from "../components/panel-section.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { authErrorMessage, authResponse } from "../lib/auth-call.server.ts";
import { betterAuthErrorCode } from "../lib/auth-errors.ts";
import { formValues, parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Your account",
    "Your IELTS Hub account: your name, e-mail, password, devices and data.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const [emailVerified, password] = await Promise.all([
    isEmailVerified(db, user.id),
    hasPassword(db, user.id),
  ]);
  return { user, emailVerified, hasPassword: password };
}

type AccountForm = "name" | "photo" | "email";
type Refusal = {
  form: AccountForm;
  fieldErrors: Partial<Record<string, string>>;
  values?: Record<string, string>;
  flash: { type: "error"; message: string } | null;
};

const refused = (refusal: Refusal, status = 400) => data(refusal, { status });

/**
 * The account page's forms, each by its `intent`: the name and the photo (through Better Auth's
 * update-user, so its profile rules and the log apply), a new e-mail address (Better Auth's
 * change-email: the current password first, then a link to the new address), and a fresh link
 * to confirm the current address (the banner on every page posts here too).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "photo":
      return savePhoto(request, context, user.id, form);
    case "email":
      return changeEmail(request, context, user.email, form);
    case "send-verification":
      return sendVerificationLink(request, context, user.email, form);
    default:
      return saveName(request, context, form);
  }
}

async function updateProfile(
  request: Request,
  context: Route.ActionArgs["context"],
  body: { name?: string; image?: string | null },
) {
  const { auth, authHeaders } = context.get(appContext);
  return authResponse(
    auth.api.updateUser({
      body: body as { name?: string; image?: string },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
}

const NOT_SAVED = (what: string) => ({
  type: "error" as const,
  message: `Your ${what} could not be saved. Please try again.`,
});

async function saveName(request: Request, context: Route.ActionArgs["context"], form: FormData) {
  const name = nameSchema.safeParse(form.get("name") ?? undefined);
  if (!name.success)
    return refused({
      form: "name",
      fieldErrors: { name: name.error.issues[0]?.message },
      flash: null,
    });
  const response = await updateProfile(request, context, { name: name.data });
  if (!response.ok)
    return refused(
      { form: "name", fieldErrors: {}, flash: NOT_SAVED("name") },
      response.status === 429 ? 429 : 400,
    );
  return redirectWithToast("/account", { type: "success", message: "Your name is saved." });
}

/** An uploaded picture (checked and resized as course pictures are), an address, or none. */
async function savePhoto(
  request: Request,
  context: Route.ActionArgs["context"],
  userId: string,
  form: FormData,
) {
  const values = formValues(form);
  let image: string | null;
  if (form.get("removePhoto") === "on") {
    image = null;
  } else {
    const upload = await readImageUpload(form, "photo");
    if (!upload.ok)
      return refused({
        form: "photo",
        fieldErrors: { photo: upload.message },
        values,
        flash: null,
      });
    if (upload.image) {
      image = await storeImage(context.get(appContext).db, upload.image, userId);
    } else {
      const address = profileUpdateSchema.shape.image.safeParse(values.photoUrl ?? "");
      if (!address.success)
        return refused({
          form: "photo",
          fieldErrors: { photoUrl: address.error.issues[0]?.message },
          values,
          flash: null,
        });
      if (!address.data)
        return refused({
          form: "photo",
          fieldErrors: { photo: "Choose a picture, or enter its address." },
          values,
          flash: null,
        });
      image = address.data;
    }
  }
  const response = await updateProfile(request, context, { image });
  if (!response.ok)
    return refused(
      { form: "photo", fieldErrors: {}, values, flash: NOT_SAVED("photo") },
      response.status === 429 ? 429 : 400,
    );
  return redirectWithToast("/account", {
    type: "success",
    message: image ? "Your photo is saved." : "Your photo is removed.",
  });
}

async function changeEmail(
  request: Request,
  context: Route.ActionArgs["context"],
  currentEmail: string,
  form: FormData,
) {
  const result = parseForm(emailChangeFormSchema, form);
  const values = { newEmail: formValues(form).newEmail ?? "" };
  if (!result.ok)
    return refused({ form: "email", fieldErrors: result.fieldErrors, values, flash: null });
  const { newEmail, currentPassword } = result.data;
  if (newEmail === currentEmail)
    return refused({
      form: "email",
      fieldErrors: { newEmail: "This is already your address." },
      values,
      flash: null,
    });
  const { auth, authHeaders } = context.get(appContext);
  const response = await authResponse(
    auth.api.changeEmail({
      // The current password is checked by the site's rules (server/auth/account-rules.ts).
      body: { newEmail, currentPassword } as { newEmail: string },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (response.status === 429)
    return refused(
      {
        form: "email",
        fieldErrors: {},
        values,
        flash: { type: "error", message: "Too many attempts. Please try again later." },
      },
      429,
    );
  if (!response.ok) {
    const code = await betterAuthErrorCode(response);
    const message = await authErrorMessage(response);
    return refused({
      form: "email",
      fieldErrors:
        code === "INVALID_PASSWORD"
          ? { currentPassword: message }
          : { newEmail: message ?? "This address cannot be used. Please try another." },
      values,
      flash: null,
    });
  }
  // The same words whether or not another account has the address: the page must not tell.
  return redirectWithToast("/account", {
    type: "success",
    message: `We have sent a link to ${newEmail}. Your address changes when you open it.`,
  });
}

async function sendVerificationLink(
  request: Request,
  context: Route.ActionArgs["context"],
  email: string,
  form: FormData,
) {
  const back = sameSitePath(form.get("redirectTo")) ?? "/account";
  const { auth, authHeaders } = context.get(appContext);
  const response = await authResponse(
    auth.api.sendVerificationEmail({
      body: { email },
      headers: authHeaders(request),
      asResponse: true,
    }),
  );
  if (response.ok)
    return redirectWithToast(back, {
      type: "success",
      message: `We have sent a new link to ${email}. It works for a day.`,
    });
  const code = await betterAuthErrorCode(response);
  return redirectWithToast(back, {
    type: "error",
    message:
      code === "EMAIL_ALREADY_VERIFIED"
        ? "Your e-mail address is already confirmed."
        : ((await authErrorMessage(response)) ?? "The link could not be sent. Please try again."),
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, emailVerified } = loaderData;
  // Each form shows the refusal of its own sending only.
  const stateOf = (form: AccountForm) => (actionData?.form === form ? actionData : undefined);
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Your account</h1>
      <FlashToast flash={actionData?.flash} />

      <PanelSection id="profile" title="Profile" className="mt-6">
        <FieldForm state={stateOf("name")} method="post" className="space-y-4">
          <input type="hidden" name="intent" value="name" />
          <NameField defaultValue={user.name} />
          <SubmitButton busyLabel="Saving…">Save name</SubmitButton>
        </FieldForm>
      </PanelSection>

      <PanelSection id="photo" title="Photo" className="mt-6">
        <div className="flex items-center gap-3">
          <Avatar photoUrl={user.image} name={user.name} />
          <p className="text-slate-700">
            {user.image
              ? "Your photo, as others see it beside your reviews."
              : "No photo: others see this icon beside your reviews."}
          </p>
        </div>
        <FieldForm
          state={stateOf("photo")}
          method="post"
          encType="multipart/form-data"
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="photo" />
          <FileField
            label="Upload a picture"
            name="photo"
            hint="A JPEG, PNG or WebP picture of at most 5 MB."
          />
          <TextField
            label="…or the address of a picture on the web"
            name="photoUrl"
            type="url"
            inputMode="url"
            maxLength={2000}
            placeholder="https://"
          />
          {user.image && <CheckboxField label="Remove my photo" name="removePhoto" />}
          <SubmitButton busyLabel="Saving…" className="btn-secondary">
            Save photo
          </SubmitButton>
        </FieldForm>
      </PanelSection>

      <PanelSection id="email" title="E-mail" className="mt-6">
        <p className="wrap-anywhere text-slate-800">{user.email}</p>
        {emailVerified ? (
          <p className="text-sm text-slate-600">
            Confirmed: you have shown that this address is yours.
          </p>
        ) : (
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-600">Not confirmed yet: open the link we sent you.</p>
            <input type="hidden" name="intent" value="send-verification" />
            <input type="hidden" name="redirectTo" value="/account" />
            <SubmitButton busyLabel="Sending…" className="btn-secondary">
              Send the link again
            </SubmitButton>
          </Form>
        )}
        {loaderData.hasPassword ? (
          <FieldForm
            state={stateOf("email")}
            method="post"
            className="space-y-4 border-t border-slate-200 pt-4"
          >
            <h3 className="font-semibold text-slate-900">Change your e-mail address</h3>
            <p className="text-sm text-slate-600">
              We send a link to the new address; your account changes to it when you open the link,
              and we tell your current address.
            </p>
            <input type="hidden" name="intent" value="email" />
            <EmailField label="New e-mail address" name="newEmail" />
            <PasswordField label="Current password" name="currentPassword" purpose="current" />
            <SubmitButton busyLabel="Sending…" className="btn-secondary">
              Change e-mail address
            </SubmitButton>
          </FieldForm>
        ) : (
          <p className="text-sm text-slate-600">
            To change it, first{" "}
            <Link to="/account/password" className="link">
              set a password
            </Link>
            : the change is confirmed with it.
          </p>
        )}
      </PanelSection>

      <PanelSection id="security" title="Signing in" className="mt-6">
        <ul className="space-y-2">
          <li>
            <Link to="/account/password" className="link">
              {loaderData.hasPassword ? "Change your password" : "Set a password"}
            </Link>
          </li>
          <li>
            <Link to="/account/sessions" className="link">
              Signed-in devices
            </Link>
          </li>
          <li>
            <Link to="/account/two-factor" className="link">
              Two-factor sign-in
            </Link>{" "}
            <span className="text-sm text-slate-600">
              ({loaderData.user.twoFactorEnabled ? "on" : "off"})
            </span>
          </li>
        </ul>
      </PanelSection>

      <PanelSection id="data" title="Your data" className="mt-6">
        <ul className="space-y-2">
          <li>
            {/* A file, not a page: a plain link, so the browser downloads it. */}
            <a href="/account/data.json" download className="link">
              Download my data
            </a>
            <span className="text-sm text-slate-600">
              {" "}
              — everything the site stores about you, as a JSON file
            </span>
          </li>
          <li>
            <Link to="/account/delete" className="link">
              Delete my account
            </Link>
          </li>
        </ul>
      </PanelSection>
    </div>
  );
}
