import { MAX_ABOUT_BIO_LENGTH } from "../../../core/limits/field-limits.ts";
import { CheckboxField, FieldForm, FileField, TextAreaField } from "../form-field.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { formStateOf, type LastChange, LastChangeLine, type RefusedForm } from "./last-change.tsx";

/**
 * About the teacher: the About Me text (Markdown) and photo shown on the home page and /about. A
 * refused form comes back with each problem beside its field and the text as it was typed.
 */
export function AboutSection({
  about,
  lastChange,
  refused,
}: {
  about: { text: string; photoUrl: string | null };
  lastChange: LastChange | null;
  refused?: RefusedForm | undefined;
}) {
  return (
    <PanelSection id="about-teacher" title="About the teacher">
      <LastChangeLine change={lastChange} />
      <FieldForm
        state={formStateOf(refused)}
        method="post"
        encType="multipart/form-data"
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="about-teacher" />
        <TextAreaField
          label="About Me text"
          name="bio"
          rows={8}
          maxLength={MAX_ABOUT_BIO_LENGTH}
          defaultValue={about.text}
          hint="Markdown: a blank line starts a new paragraph, **bold**, *italic*, [a link](https://…). Emptied, the site's own text comes back."
        />
        {about.photoUrl && (
          <img
            src={about.photoUrl}
            alt="The teacher, as the site shows now"
            width={96}
            height={96}
            className="size-24 rounded-full object-cover"
          />
        )}
        <FileField
          label="Photo"
          name="photo"
          hint={`A JPEG, PNG or WebP picture of at most 5 MB. ${
            about.photoUrl
              ? "The current photo stays unless you choose another."
              : "Without one, the block shows no photo."
          }`}
        />
        {about.photoUrl && <CheckboxField label="Remove the photo" name="removePhoto" />}
        <SubmitButton className="btn-secondary" busyLabel="Saving…">
          Save About Me
        </SubmitButton>
      </FieldForm>
    </PanelSection>
  );
}
