import { data, Form, useNavigation } from "react-router";
import { type ContactMessage, contactMessageSchema } from "../../core/contact.ts";
import {
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
} from "../../core/field-limits.ts";
import { TextAreaField, TextField } from "../components/form-field.tsx";
import { type FieldErrors, parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    "Contact",
    "Questions about a course, a membership or your IELTS preparation? Write to the teacher.",
  );

/**
 * The form is checked on the server like every other, but no mail delivery exists for it yet
 * (no mail delivery exists for it yet), so the answer says plainly that nothing was sent and keeps
 * what the visitor typed.
 */
export async function action({ request }: Route.ActionArgs) {
  const result = parseForm(contactMessageSchema, await request.formData());
  if (!result.ok) {
    return data(
      { notSent: false, values: result.values, fieldErrors: result.fieldErrors },
      { status: 400 },
    );
  }
  const noErrors: FieldErrors<ContactMessage> = {};
  return data({ notSent: true, values: result.data, fieldErrors: noErrors }, { status: 503 });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = actionData?.values ?? {};
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Contact</h1>
      <p className="mt-1 text-slate-600">
        Questions about a course or a membership? Send a message.
      </p>

      {actionData?.notSent && (
        <div
          role="alert"
          className="mt-6 rounded-xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200"
        >
          Sorry, messages cannot be sent from this form yet, so yours has not been sent. Your text
          is kept below.
        </div>
      )}

      <Form method="post" className="form-card mt-6">
        <TextField
          label="Name"
          name="name"
          maxLength={MAX_NAME_LENGTH}
          autoComplete="name"
          required
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          maxLength={MAX_EMAIL_LENGTH}
          type="email"
          autoComplete="email"
          required
          defaultValue={values.email}
          error={errors.email}
        />
        <TextAreaField
          label="Message"
          name="message"
          maxLength={MAX_CONTACT_MESSAGE_LENGTH}
          rows={6}
          required
          defaultValue={values.message}
          error={errors.message}
        />
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          Submit
        </button>
      </Form>
    </div>
  );
}
