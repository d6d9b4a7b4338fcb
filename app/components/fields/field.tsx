import type { ReactNode } from "react";
import { useGroupError } from "./field-group.tsx";
import { useFormState } from "./form-state.tsx";

/** What every field takes besides its control's own attributes. */
export type FieldProps = {
  label: ReactNode;
  name: string;
  /** `field-<name>` unless given: a page with the same name in several forms gives each its own. */
  id?: string;
  /** A note under the field saying what it takes. */
  hint?: ReactNode;
  /** The field's error when the form's state does not hold it. */
  error?: string | undefined;
  /** The label is read out but not shown, where the field explains itself by where it stands. */
  hideLabel?: boolean;
};

/** The attributes that tie a control to its label and its messages. */
export type ControlWiring = {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

export type FieldWiring = {
  id: string;
  error: string | undefined;
  errorId: string;
  hintId: string;
  control: ControlWiring;
};

/**
 * A field's id, error and ARIA attributes, its error read from the form's state (or its group's)
 * unless given. The control is described by one message at a time: the refusal while there is
 * one (it says what the field needs), else the hint.
 */
export function useFieldWiring({
  name,
  id: givenId,
  error: givenError,
  hint,
}: Pick<FieldProps, "name" | "id" | "hint"> & {
  /** null: no error, whatever the form's state holds. */
  error?: string | null | undefined;
}): FieldWiring {
  const form = useFormState();
  const group = useGroupError();
  const id = givenId ?? `field-${name}`;
  const error = givenError === null ? undefined : (givenError ?? form.fieldErrors?.[name]);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const groupError = group?.error ? group.errorId : undefined;
  const describedBy = error ? errorId : (groupError ?? (hint ? hintId : undefined));
  return {
    id,
    error,
    errorId,
    hintId,
    control: {
      id,
      name,
      ...(error || groupError ? { "aria-invalid": true as const } : {}),
      ...(describedBy ? { "aria-describedby": describedBy } : {}),
    },
  };
}

/**
 * Splits a field's props into its shell's (label, hint, messages) and its control's: the
 * control gets its own attributes, its ARIA wiring and (where it has one) the value it starts
 * with. `error: null` means none, whatever the form's state holds.
 */
export function useFieldParts<Control extends { defaultValue?: string | undefined }>({
  label,
  hideLabel,
  hint,
  name,
  id,
  error,
  ...control
}: Omit<FieldProps, "error"> & { error?: string | null | undefined } & Control) {
  const wiring = useFieldWiring({ name, id, error, hint });
  const defaultValue = useFieldValue(name, control.defaultValue);
  return {
    shell: { label, hideLabel, hint, wiring },
    control: { ...control, defaultValue, ...wiring.control },
  };
}

/** The value a field starts with: what the refused form held, else the caller's. */
export function useFieldValue(name: string, fallback: string | undefined): string | undefined {
  return useFormState().values?.[name] ?? fallback;
}

/** A labelled control with its error and hint beneath it. */
export function Field({
  label,
  hideLabel,
  hint,
  wiring,
  children,
}: Pick<FieldProps, "label" | "hideLabel" | "hint"> & {
  wiring: FieldWiring;
  children: ReactNode;
}) {
  return (
    <div>
      <label
        htmlFor={wiring.id}
        className={hideLabel ? "sr-only" : "block text-sm font-semibold text-slate-800"}
      >
        {label}
      </label>
      {children}
      {wiring.error && (
        <p id={wiring.errorId} className="mt-1 text-sm font-medium text-red-700">
          {wiring.error}
        </p>
      )}
      {hint && (
        <p id={wiring.hintId} className="mt-2 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
