import type { z } from "zod";

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export type FormResult<T> =
  | { ok: true; data: T }
  | { ok: false; values: Record<string, string>; fieldErrors: FieldErrors<T> };

/** A submitted form's text fields (files left out), to fill the form again. */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  return values;
}

/** Server-side validation of a submitted form: the first message for each field that is wrong. */
export function parseForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  form: FormData,
): FormResult<z.infer<S>> {
  const values = formValues(form);
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, values, fieldErrors: fieldErrors as FieldErrors<z.infer<S>> };
}
