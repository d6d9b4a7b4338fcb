/** A section's newest save, as the loader put it into words in the teacher's time zone. */
export interface LastChange {
  by: string;
  at: string;
}

/** "Last changed by X at T" under a section's title, or that it is still as the site started. */
export function LastChangeLine({ change }: { change: LastChange | null }) {
  return (
    <p className="mt-1 text-sm text-slate-600">
      {change
        ? `Last changed by ${change.by} on ${change.at}.`
        : "Not changed yet: the site's own words."}
    </p>
  );
}

/** What a refused form of this page sends back, beside each field, with what was typed. */
export interface RefusedForm {
  errors: Record<string, string | undefined>;
  values: Record<string, string>;
}

export const formStateOf = (refused: RefusedForm | undefined) =>
  refused && { values: refused.values, fieldErrors: refused.errors };
