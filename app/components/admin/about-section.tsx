import { Form } from "react-router";
import type { SiteSettings } from "../../../core/site-settings.server.ts";
import { aboutBioText } from "../../content/about.ts";
import { TextAreaField, TextField } from "../form-field.tsx";
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
  return (
    <section aria-labelledby="about-teacher-heading" className="form-card mt-8">
      <h2 id="about-teacher-heading" className="text-xl font-bold text-slate-900">
        About the teacher
      </h2>
      <Form method="post" encType="multipart/form-data" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="about-teacher" />
        <TextAreaField
          label="About Me text"
          name="bio"
          rows={8}
          maxLength={5000}
          defaultValue={refused?.values.bio ?? aboutBioText(settings.aboutBio)}
          error={refused?.errors.bio}
        />
        <p className="-mt-2 text-sm text-slate-600">
          Plain text; a blank line starts a new paragraph. Emptied, the site's own text comes back.
        </p>
        {settings.aboutPhotoUrl && (
          <img
            src={settings.aboutPhotoUrl}
            alt="The teacher, as the site shows now"
            width={96}
            height={96}
            className="size-24 rounded-full object-cover"
          />
        )}
        <TextField
          label="Photo"
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          error={refused?.errors.photo}
        />
        <p className="-mt-2 text-sm text-slate-600">
          A JPEG, PNG or WebP picture of at most 5 MB.{" "}
          {settings.aboutPhotoUrl
            ? "The current photo stays unless you choose another."
            : "Without one, the block shows no photo."}
        </p>
        {settings.aboutPhotoUrl && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="removePhoto" className="size-4" />
            Remove the photo
          </label>
        )}
        <SubmitButton className="btn-secondary" busyLabel="Saving…">
          Save About Me
        </SubmitButton>
      </Form>
    </section>
  );
}
