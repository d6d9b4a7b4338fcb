import { useEffect, useState } from "react";
import { slugify } from "../../../core/blog/post-rules.ts";
import {
  MAX_POST_EXCERPT_LENGTH,
  MAX_POST_IMAGE_ALT_LENGTH,
  MAX_POST_META_DESCRIPTION_LENGTH,
  MAX_POST_META_TITLE_LENGTH,
  MAX_POST_SLUG_LENGTH,
  MAX_POST_TAGS,
  MAX_POST_TITLE_LENGTH,
} from "../../../core/limits/field-limits.ts";
import {
  CheckboxField,
  FieldForm,
  FileField,
  type FormState,
  SelectField,
  TextAreaField,
  TextField,
} from "../form-field.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { PostBodyEditor } from "./post-body-editor.tsx";

const STATUS_CHOICES = [
  ["draft", "Draft: only you see it"],
  ["scheduled", "Scheduled: it goes out by itself at the time below"],
  ["published", "Published: on the blog now"],
] as const;

/**
 * A post's every field, to write a new one or change one: the same form on New and Edit. The
 * state holds what a refused or previewed form had typed, or (Edit) the post's own values.
 */
export function PostForm({
  state,
  previewHtml,
  timeZone,
  emailedOn,
  submitLabel,
}: {
  state: FormState;
  /** The server's preview: the Preview button's answer, or the saved text's. */
  previewHtml: string | null;
  /** The teacher's time zone, in which "Goes out at" is read. */
  timeZone: string;
  /** When the post was e-mailed to subscribers, as the teacher reads it; it never is again. */
  emailedOn?: string | undefined;
  submitLabel: string;
}) {
  const values = state.values ?? {};
  const [title, setTitle] = useState(values.title ?? "");
  const keptPicture = values.featureImageUrl || undefined;
  return (
    <FieldForm
      state={state}
      method="post"
      encType="multipart/form-data"
      className="form-card mt-6 space-y-5"
    >
      <TextField
        label="Title"
        name="title"
        required
        maxLength={MAX_POST_TITLE_LENGTH}
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      <TextField
        label="Address on the blog"
        name="slug"
        maxLength={MAX_POST_SLUG_LENGTH}
        pattern="[a-z0-9]+(-[a-z0-9]+)*"
        placeholder={slugify(title) || "made-from-the-title"}
        hint="The end of /blog/…: lower-case letters, digits and hyphens. Left empty, it is made from the title."
      />

      <PostBodyEditor serverHtml={previewHtml} />

      <TextAreaField
        label="Summary"
        name="excerpt"
        rows={3}
        maxLength={MAX_POST_EXCERPT_LENGTH}
        hint={`Shown in the blog's lists and in search results, at most ${MAX_POST_EXCERPT_LENGTH} characters. Left empty, the first paragraph stands in.`}
      />

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Feature picture</legend>
        {keptPicture && (
          <>
            <input type="hidden" name="featureImageUrl" value={keptPicture} />
            <img
              src={keptPicture}
              alt={values.featureImageAlt ?? ""}
              width={240}
              height={135}
              className="aspect-video w-60 rounded-lg object-cover ring-1 ring-slate-200"
            />
            <CheckboxField
              label="Remove the picture"
              name="removeFeatureImage"
              defaultChecked={values.removeFeatureImage === "on"}
            />
          </>
        )}
        <FileField
          label="Picture file"
          name="featureImage"
          hint={`A JPEG, PNG or WebP picture of at most 5 MB, shown above the post and in link previews.${
            keptPicture ? " The picture above stays unless you choose another." : ""
          }`}
        />
        <TextField
          label="Picture description"
          name="featureImageAlt"
          maxLength={MAX_POST_IMAGE_ALT_LENGTH}
          hint="Needed with a picture: what it shows, for readers who cannot see it."
        />
      </fieldset>

      <TextField
        label="Tags"
        name="tags"
        hint={`Up to ${MAX_POST_TAGS}, separated by commas, such as "Writing, Task 2". A new tag is made as you name it.`}
      />

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Search engines</legend>
        <TextField
          label="Title for search engines"
          name="metaTitle"
          maxLength={MAX_POST_META_TITLE_LENGTH}
          hint={`At most ${MAX_POST_META_TITLE_LENGTH} characters. Left empty, the post's title is used.`}
        />
        <TextAreaField
          label="Description for search engines"
          name="metaDescription"
          rows={2}
          maxLength={MAX_POST_META_DESCRIPTION_LENGTH}
          hint={`At most ${MAX_POST_META_DESCRIPTION_LENGTH} characters. Left empty, the summary is used.`}
        />
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Publishing</legend>
        <SelectField label="Status" name="status" options={STATUS_CHOICES} defaultValue="draft" />
        <TextField
          label={`Goes out at (${timeZone})`}
          name="publishAt"
          type="datetime-local"
          // To the second: a post can be set to go out at 09:00:30 as well as 09:00.
          step={1}
          hint={`For a scheduled post: the date and time in your time zone, ${timeZone}, which you can change on Admin.`}
        />
        {emailedOn ? (
          <p className="text-sm text-slate-700">
            <input type="hidden" name="sendByEmail" value="on" />
            {`E-mailed to the newsletter's subscribers on ${emailedOn}. It is never sent again.`}
          </p>
        ) : (
          <CheckboxField
            label="Also e-mail it to the newsletter's subscribers when it is published (now or at its scheduled time; only once)"
            name="sendByEmail"
            defaultChecked={values.sendByEmail === "on"}
          />
        )}
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="save" busyLabel="Saving…">
          {submitLabel}
        </SubmitButton>
        <PreviewButton />
      </div>
    </FieldForm>
  );
}

/**
 * Without JavaScript, shows the preview by sending the form as it is (nothing is saved); once
 * JavaScript runs the preview follows the typing, so the button goes.
 */
function PreviewButton() {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  if (scripted) return null;
  return (
    <button type="submit" name="intent" value="preview" formNoValidate className="btn-secondary">
      Preview
    </button>
  );
}
