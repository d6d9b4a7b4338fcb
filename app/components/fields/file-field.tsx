import { type InputHTMLAttributes, useState } from "react";
import { Field, type FieldProps, useFieldParts } from "./field.tsx";
import { PICTURE_ACCEPT, pictureFileRefusal } from "./picture-file-check.ts";

/**
 * A picture to upload (JPEG, PNG or WebP of at most 5 MB). With JavaScript a chosen file is
 * checked at once: a refused one gets the server's own message beside the field, and the input's
 * custom validity keeps the form from being sent until another file is chosen. Choosing a file
 * also clears the message the previous sending got, which spoke of another file. Without
 * JavaScript the server checks it alone.
 */
export function FileField({
  error,
  onChange,
  ...props
}: FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type" | "accept" | "defaultValue">) {
  // undefined until a file is chosen on this page; then the refusal of it, or null.
  const [refusal, setRefusal] = useState<string | null | undefined>(undefined);
  const { shell, control } = useFieldParts({
    ...props,
    error: refusal === undefined ? error : refusal,
  });
  // A file input cannot be given a value.
  const { defaultValue: _, ...input } = control;
  return (
    <Field {...shell}>
      <input
        type="file"
        accept={PICTURE_ACCEPT}
        className="field mt-1"
        {...input}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          const message = file ? pictureFileRefusal(file) : null;
          event.currentTarget.setCustomValidity(message ?? "");
          setRefusal(message);
          onChange?.(event);
        }}
      />
    </Field>
  );
}
