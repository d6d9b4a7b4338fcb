import { Form } from "react-router";
import {
  MAX_NEWSLETTER_BODY_LENGTH,
  MAX_NEWSLETTER_SUBJECT_LENGTH,
} from "../../../core/field-limits.ts";
import { TextAreaField, TextField } from "../form-field.tsx";
import { SubmitButton } from "../submit-button.tsx";

export type IssueFormValues = Partial<Record<"subject" | "body", string>>;

/** A newsletter issue's subject and text: to write a new one, or change a draft. */
export function NewsletterIssueForm({
  values,
  errors,
  submitLabel,
  busyLabel,
}: {
  values: IssueFormValues;
  errors: Partial<Record<string, string>>;
  submitLabel: string;
  /** What the button says while the form is sent ("Saving…"). */
  busyLabel: string;
}) {
  return (
    <Form method="post" className="form-card mt-6 space-y-4">
      <input type="hidden" name="intent" value="save" />
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={MAX_NEWSLETTER_SUBJECT_LENGTH}
        defaultValue={values.subject}
        error={errors.subject}
      />
      <TextAreaField
        label="Text (plain text or Markdown)"
        name="body"
        rows={14}
        required
        maxLength={MAX_NEWSLETTER_BODY_LENGTH}
        defaultValue={values.body}
        error={errors.body}
      />
      <p className="text-sm text-slate-600">
        Markdown: **bold**, *italic*, [a link](https://example.com), a line starting with "- " for a
        list, "## " for a heading. Addresses become links by themselves.
      </p>
      <SubmitButton busyLabel={busyLabel}>{submitLabel}</SubmitButton>
    </Form>
  );
}
