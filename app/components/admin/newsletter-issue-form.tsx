import {
  MAX_NEWSLETTER_BODY_LENGTH,
  MAX_NEWSLETTER_SUBJECT_LENGTH,
} from "../../../core/limits/field-limits.ts";
import { FieldForm, type FormState, TextAreaField, TextField } from "../form-field.tsx";
import { SubmitButton } from "../submit-button.tsx";

/** A newsletter issue's subject and text: to write a new one, or change a draft. */
export function NewsletterIssueForm({
  state,
  submitLabel,
  busyLabel,
}: {
  /** What a refused sending holds, or a draft's own subject and text. */
  state: FormState | undefined;
  submitLabel: string;
  /** What the button says while the form is sent ("Saving…"). */
  busyLabel: string;
}) {
  return (
    <FieldForm state={state} method="post" className="form-card mt-6 space-y-4">
      <input type="hidden" name="intent" value="save" />
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={MAX_NEWSLETTER_SUBJECT_LENGTH}
      />
      <TextAreaField
        label="Text (plain text or Markdown)"
        name="body"
        rows={14}
        required
        maxLength={MAX_NEWSLETTER_BODY_LENGTH}
        hint={`Markdown: **bold**, *italic*, [a link](https://example.com), a line starting with "- " for a list, "## " for a heading. Addresses become links by themselves.`}
      />
      <SubmitButton busyLabel={busyLabel}>{submitLabel}</SubmitButton>
    </FieldForm>
  );
}
