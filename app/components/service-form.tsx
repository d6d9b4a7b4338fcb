import {
  MAX_SERVICE_DESCRIPTION_LENGTH,
  MAX_SERVICE_NAME_LENGTH,
} from "../../core/limits/field-limits.ts";
import { CourseDetailsFields } from "./course-details-fields.tsx";
import {
  CheckboxField,
  FieldForm,
  FileField,
  type FormState,
  PriceField,
  TextAreaField,
  TextField,
} from "./form-field.tsx";
import { SubmitButton } from "./submit-button.tsx";

/** The Add Service form, also used (pre-filled) to edit a course: same fields, same checks. */
export function ServiceForm({
  state,
  submitLabel,
  busyLabel,
  uploadedImage,
  marking = false,
}: {
  /** What a refused sending holds, or (Edit) the course's own values. */
  state: FormState | undefined;
  submitLabel: string;
  /** What the button says while the form is sent ("Saving…"). */
  busyLabel: string;
  /** Edit: the course's uploaded picture, kept unless the form says otherwise. */
  uploadedImage?: string;
  /** The site's owners set how many Writing answers the course includes marking for. */
  marking?: boolean;
}) {
  return (
    <FieldForm state={state} method="post" encType="multipart/form-data" className="form-card mt-6">
      <TextField
        label="Service Name"
        name="serviceName"
        required
        maxLength={MAX_SERVICE_NAME_LENGTH}
      />
      <PriceField label="Price" name="price" required />
      <TextField label="Image Url" name="imageUrl" type="url" placeholder="https://…" />
      <FileField
        label="Image file"
        name="imageFile"
        hint={`A JPEG, PNG or WebP picture of at most 5 MB, used instead of the Image Url. ${
          uploadedImage
            ? "The uploaded picture stays unless you choose another file or enter an Image Url."
            : "With neither, the course gets the default cover."
        }`}
      />
      {uploadedImage && (
        <CheckboxField
          label="Use the default cover instead of the uploaded picture (when no Image Url is given)"
          name="useDefaultCover"
        />
      )}
      <TextAreaField
        label="Description"
        name="description"
        rows={6}
        required
        maxLength={MAX_SERVICE_DESCRIPTION_LENGTH}
      />
      <CourseDetailsFields marking={marking} />
      <SubmitButton busyLabel={busyLabel}>{submitLabel}</SubmitButton>
    </FieldForm>
  );
}
