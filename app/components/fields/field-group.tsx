import { createContext, type ReactNode, useContext } from "react";

type GroupError = { errorId: string; error: string | undefined };

const FieldGroupContext = createContext<GroupError | null>(null);

/** The error of the group a field stands in, when it has one. */
export function useGroupError(): GroupError | null {
  return useContext(FieldGroupContext);
}

/**
 * Fields that make one answer together (a band range, a length and its unit) under a legend, with
 * one error for all of them: each field inside is marked invalid and described by it.
 */
export function FieldGroup({
  legend,
  name,
  error,
  className,
  children,
}: {
  legend: string;
  /** The group's error is `<name>-error`. */
  name: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className={className}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <FieldGroupContext value={{ errorId, error }}>{children}</FieldGroupContext>
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 sm:col-span-2">
          {error}
        </p>
      )}
    </fieldset>
  );
}
