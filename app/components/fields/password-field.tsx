import { type InputHTMLAttributes, useEffect, useState } from "react";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../../core/limits/field-limits.ts";
import { Field, type FieldProps, useFieldParts } from "./field.tsx";

/**
 * A password field with a button that shows what was typed. The button needs JavaScript, so it
 * appears only once the page runs it; until then the field is a plain password field. The
 * button's name is just "Show" (pressed or not), so the field alone answers to its label.
 *
 * `purpose` sets what the browser's password manager offers and the limits: a new password must
 * meet the policy's length; the current one only the cap (a longer one cannot be right).
 */
export function PasswordField({
  purpose,
  required = true,
  ...props
}: FieldProps & {
  purpose: "current" | "new";
} & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "name" | "id" | "type" | "defaultValue" | "autoComplete" | "minLength" | "maxLength"
  >) {
  const { shell, control } = useFieldParts(props);
  // Never filled in again: a typed password does not come back in the page.
  const { defaultValue: _, ...input } = control;
  const [shown, setShown] = useState(false);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const limits =
    purpose === "new"
      ? { autoComplete: "new-password", minLength: MIN_PASSWORD_LENGTH }
      : { autoComplete: "current-password" };
  return (
    <Field {...shell}>
      <div className="relative mt-1">
        <input
          className={`field ${scripted ? "pr-20" : ""}`}
          required={required}
          maxLength={MAX_PASSWORD_LENGTH}
          {...limits}
          {...input}
          type={shown ? "text" : "password"}
        />
        {scripted && (
          <button
            type="button"
            className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-semibold text-brand-800 hover:bg-slate-100"
            aria-pressed={shown}
            aria-controls={input.id}
            onClick={() => setShown((value) => !value)}
          >
            {shown ? "Hide" : "Show"}
          </button>
        )}
      </div>
    </Field>
  );
}
