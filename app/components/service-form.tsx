import { Form } from "react-router";
import {
  MAX_SERVICE_DESCRIPTION_LENGTH,
  MAX_SERVICE_NAME_LENGTH,
} from "../../core/field-limits.ts";
import { CourseDetailsFields, type CourseDetailsFormValues } from "./course-details-fields.tsx";
import { TextAreaField, TextField } from "./form-field.tsx";
import { SubmitButton } from "./submit-button.tsx";

export type ServiceFormValues = Partial<
  Record<"serviceName" | "price" | "imageUrl" | "description", string>
> &
  CourseDetailsFormValues;

/** The Add Service form, also used (pre-filled) to edit a course: same fields, same checks. */
export function ServiceForm({
  values,
  errors,
  submitLabel,
  busyLabel,
  uploadedImage,
}: {
  values: ServiceFormValues;
  errors: Partial<Record<string, string>>;
  submitLabel: string;
  /** What the button says while the form is sent ("Saving…"). */
  busyLabel: string;
  /** Edit: the course's uploaded picture, kept unless the form says otherwise. */
  uploadedImage?: string;
}) {
  return (
    <Form method="post" encType="multipart/form-data" className="form-card mt-6">
      <TextField
        label="Service Name"
        name="serviceName"
        required
        maxLength={MAX_SERVICE_NAME_LENGTH}
        defaultValue={values.serviceName}
        error={errors.serviceName}
      />
      <TextField
        label="Price"
        name="price"
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        required
        defaultValue={values.price}
        error={errors.price}
      />
      <TextField
        label="Image Url"
        name="imageUrl"
        type="url"
        placeholder="https://…"
        defaultValue={values.imageUrl}
        error={errors.imageUrl}
      />
      <TextField
        label="Image file"
        name="imageFile"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        error={errors.imageFile}
      />
      <p className="-mt-2 text-sm text-slate-600">
        A JPEG, PNG or WebP picture of at most 5 MB, used instead of the Image Url.{" "}
        {uploadedImage
          ? "The uploaded picture stays unless you choose another file or enter an Image Url."
          : "With neither, the course gets the default cover."}
      </p>
      {uploadedImage && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="useDefaultCover" className="size-4" />
          Use the default cover instead of the uploaded picture (when no Image Url is given)
        </label>
      )}
      <TextAreaField
        label="Description"
        name="description"
        rows={6}
        required
        maxLength={MAX_SERVICE_DESCRIPTION_LENGTH}
        defaultValue={values.description}
        error={errors.description}
      />
      <CourseDetailsFields values={values} errors={errors} />
      <SubmitButton busyLabel={busyLabel}>{submitLabel}</SubmitButton>
    </Form>
  );
}
