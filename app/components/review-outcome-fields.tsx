import {
  BANDS,
  formatBand,
  IELTS_MODULES,
  type ReviewOutcome,
} from "../../core/review-outcomes.ts";

const selectClass = "field mt-1 block";

/**
 * The optional IELTS result on a review: module, overall bands before and achieved, month of the
 * test. Each error sits next to its field.
 */
export function ReviewOutcomeFields({
  values,
  errors,
}: {
  values?: Partial<ReviewOutcome>;
  errors: Partial<Record<string, string>>;
}) {
  const thisMonth = new Date().toISOString().slice(0, 7);
  const describedBy = (name: string) =>
    errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
  const errorOf = (name: string) =>
    errors[name] && (
      <p id={`${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {errors[name]}
      </p>
    );
  const band = (name: "bandBefore" | "bandAchieved", label: string) => (
    <div>
      <label htmlFor={`field-${name}`} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={`field-${name}`}
        name={name}
        defaultValue={values?.[name] == null ? "" : String(values[name])}
        className={selectClass}
        {...describedBy(name)}
      >
        <option value="">Not given</option>
        {BANDS.map((value) => (
          <option key={value} value={value}>
            {formatBand(value)}
          </option>
        ))}
      </select>
      {errorOf(name)}
    </div>
  );
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">
        Your IELTS result (optional)
      </legend>
      <div>
        <label htmlFor="field-module" className="block text-sm font-semibold text-slate-800">
          Module
        </label>
        <select
          id="field-module"
          name="module"
          defaultValue={values?.module ?? ""}
          className={selectClass}
          {...describedBy("module")}
        >
          <option value="">Not given</option>
          {Object.entries(IELTS_MODULES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {errorOf("module")}
      </div>
      <div>
        <label htmlFor="field-testMonth" className="block text-sm font-semibold text-slate-800">
          Month of the test
        </label>
        <input
          id="field-testMonth"
          name="testMonth"
          type="month"
          max={thisMonth}
          placeholder="YYYY-MM"
          defaultValue={values?.testMonth ?? ""}
          className={selectClass}
          {...describedBy("testMonth")}
        />
        {errorOf("testMonth")}
      </div>
      {band("bandBefore", "Overall band before the course")}
      {band("bandAchieved", "Overall band achieved")}
    </fieldset>
  );
}
