import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../../../core/limits/field-limits.ts";
import { Field, type FieldProps, useFieldParts } from "./field.tsx";

/** A control's own attributes; the field sets its name, id and ARIA, and its value is text. */
type ControlProps<Attributes> = Omit<Attributes, "name" | "id" | "defaultValue"> & {
  defaultValue?: string | undefined;
};

export type TextFieldProps = FieldProps & ControlProps<InputHTMLAttributes<HTMLInputElement>>;

/** A one-line field (text, URL, number, date, search…). */
export function TextField({ className = "field mt-1", ...props }: TextFieldProps) {
  const { shell, control } = useFieldParts(props);
  return (
    <Field {...shell}>
      <input className={className} {...control} />
    </Field>
  );
}

/** Someone's e-mail address: "Email" unless labelled otherwise, required, as long as allowed. */
export function EmailField({
  label = "Email",
  name = "email",
  required = true,
  ...input
}: Partial<Pick<FieldProps, "label" | "name">> & Omit<TextFieldProps, "label" | "name" | "type">) {
  return (
    <TextField
      label={label}
      name={name}
      type="email"
      autoComplete="email"
      maxLength={MAX_EMAIL_LENGTH}
      required={required}
      {...input}
    />
  );
}

/** A person's name: "Name", required, as long as an account's name may be. */
export function NameField({
  label = "Name",
  name = "name",
  ...input
}: Partial<Pick<FieldProps, "label" | "name">> & Omit<TextFieldProps, "label" | "name">) {
  return (
    <TextField
      label={label}
      name={name}
      autoComplete="name"
      maxLength={MAX_NAME_LENGTH}
      required
      // A name in Arabic or Hebrew is typed and shown right to left.
      dir="auto"
      {...input}
    />
  );
}

/** A price in dollars and cents, never below zero (a course's, or a bound of the catalogue's). */
export function PriceField(props: TextFieldProps) {
  return <TextField type="number" inputMode="decimal" min={0} step="0.01" {...props} />;
}

export function TextAreaField({
  className = "field mt-1",
  ...props
}: FieldProps & ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { shell, control } = useFieldParts(props);
  return (
    <Field {...shell}>
      <textarea className={className} {...control} />
    </Field>
  );
}

/**
 * A choice among `options` (value → text, in order); `placeholder` is a first option that
 * cannot be chosen, so a required choice must be made.
 */
export function SelectField({
  options,
  placeholder,
  className = "field mt-1 block",
  ...props
}: FieldProps &
  ControlProps<SelectHTMLAttributes<HTMLSelectElement>> & {
    options: Record<string, string> | readonly (readonly [string, string])[];
    placeholder?: string;
  }) {
  const { shell, control } = useFieldParts(props);
  const entries = Array.isArray(options) ? options : Object.entries(options);
  return (
    <Field {...shell}>
      <select
        className={className}
        {...control}
        defaultValue={control.defaultValue ?? (placeholder === undefined ? undefined : "")}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {entries.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}
