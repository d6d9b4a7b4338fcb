import { MAX_ABOUT_BIO_LENGTH } from "../../../core/field-limits.ts";
import type { SiteSettings } from "../../../core/site-settings.server.ts";
import { aboutBioText } from "../../content/about.ts";
import { CheckboxField, FieldForm, FileField, TextAreaField } from "../form-field.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";

/**
 * About the teacher: the About Me text and photo shown on the home page and /about. A refused
 * form comes back with each problem beside its field and the text as it was typed.
 */
export function AboutSection({
  settings,
  refused,
}: {
  settings: SiteSettings;
  refused?: { errors: Record<string, string | undefined>; values: Record<string, string> };
}) {
  const state = refused && { values: refused.values, fieldErrors: refused.errors };
  return (
    <PanelSection id="about-teacher" title="About the teacher">
      <FieldForm
        state={state}
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
          defaultValue={aboutBioText(settings.aboutBio)}
          hint="Plain text; a blank line starts a new paragraph. Emptied, the site's own text comes back."
        />
        {settings.aboutPhotoUrl && (
          <img
            src={settings.aboutPhotoUrl}
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
            settings.aboutPhotoUrl
              ? "The current photo stays unless you choose another."
              : "Without one, the block shows no photo."
          }`}
        />
        {settings.aboutPhotoUrl && <CheckboxField label="Remove the photo" name="removePhoto" />}
        <SubmitButton className="btn-secondary" busyLabel="Saving…">
          Save About Me
        </SubmitButton>
      </FieldForm>
    </PanelSection>
  );
}
