import type { InputHTMLAttributes, ReactNode } from "react";
import { useFieldWiring } from "./field.tsx";

/**
 * A checkbox with its label beside it (the whole label ticks it), and its error beneath when the
 * form's state holds one.
 */
export function CheckboxField({
  label,
  name,
  id,
  error,
  textClassName = "text-sm",
  ...input
}: {
  label: ReactNode;
  name: string;
  id?: string;
  error?: string | undefined;
  /** The label's text size. */
  textClassName?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type">) {
  const wiring = useFieldWiring({ name, id, error });
  return (
    <div>
      <label className={`flex items-start gap-2 text-slate-800 ${textClassName}`}>
        <input
          type="checkbox"
          className="mt-[0.2em] size-4 shrink-0 accent-brand-700"
          {...input}
          {...wiring.control}
        />
        <span>{label}</span>
      </label>
      {wiring.error && (
        <p id={wiring.errorId} className="mt-1 text-sm font-medium text-red-700">
          {wiring.error}
        </p>
      )}
    </div>
  );
}
