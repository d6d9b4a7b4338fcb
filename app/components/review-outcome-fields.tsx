import {
  BANDS,
  formatBand,
  IELTS_MODULES,
  type ReviewOutcome,
} from "../../core/reviews/review-outcomes.ts";
import { SelectField, TextField } from "./form-field.tsx";

const notGiven = (options: [string, string][]): [string, string][] => [
  ["", "Not given"],
  ...options,
];
const bandOptions = notGiven(BANDS.map((band) => [String(band), formatBand(band)]));
const moduleOptions = notGiven(Object.entries(IELTS_MODULES));
const BAND_FIELDS = [
  ["bandBefore", "Overall band before the course"],
  ["bandAchieved", "Overall band achieved"],
] as const;

/**
 * The optional IELTS result on a review: module, overall bands before and achieved, month of the
 * test. Each error (from the form's state) sits next to its field.
 */
export function ReviewOutcomeFields({ values }: { values?: Partial<ReviewOutcome> | undefined }) {
  const thisMonth = new Date().toISOString().slice(0, 7);
  const given = (name: keyof ReviewOutcome) => (values?.[name] == null ? "" : String(values[name]));
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">
        Your IELTS result (optional)
      </legend>
      <SelectField
        label="Module"
        name="module"
        options={moduleOptions}
        defaultValue={given("module")}
      />
      <TextField
        label="Month of the test"
        name="testMonth"
        type="month"
        max={thisMonth}
        placeholder="YYYY-MM"
        defaultValue={given("testMonth")}
        className="field mt-1 block"
      />
      {BAND_FIELDS.map(([name, label]) => (
        <SelectField
          key={name}
          label={label}
          name={name}
          options={bandOptions}
          defaultValue={given(name)}
        />
      ))}
    </fieldset>
  );
}
