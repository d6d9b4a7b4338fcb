import {
  COURSE_FORMATS,
  COURSE_MODULES,
  type CourseDetails,
  LENGTH_UNITS,
  MAX_LEARNING_POINT_LENGTH,
  MAX_LEARNING_POINTS,
  MAX_LENGTH_DAYS,
  MAX_WRITING_ANSWERS_MARKED,
} from "../../core/catalogue/course-details.ts";
import { BANDS, formatBand } from "../../core/reviews/review-outcomes.ts";
import { useFormState } from "./fields/form-state.tsx";
import { FieldGroup, SelectField, TextAreaField, TextField } from "./form-field.tsx";

/** The flat form fields of a course's details (put together on the server by serviceFormValues). */
export type CourseDetailsFormValues = Partial<
  Record<
    | "module"
    | "levelFrom"
    | "levelTo"
    | "lengthValue"
    | "lengthUnit"
    | "format"
    | "learningPoints"
    | "writingAnswersMarked",
    string
  >
>;

const bandOptions: [string, string][] = [
  ["", "Not given"],
  ...BANDS.map((band): [string, string] => [String(band), formatBand(band)]),
];

const notGiven = (options: Record<string, string>): [string, string][] => [
  ["", "Not given"],
  ...Object.entries(options),
];

/**
 * What a buyer weighs, all optional: module, level as a band range, length, format, what you
 * will learn, one point per line, and (for the site's owners only, `marking`) how many Writing
 * answers the teacher marks. A pair of fields (the range, the length) shares one error. Values
 * and errors come from the form's state.
 */
export function CourseDetailsFields({ marking = false }: { marking?: boolean }) {
  const errors = useFormState().fieldErrors ?? {};
  return (
    <fieldset className="space-y-4 rounded-xl p-4 ring-1 ring-slate-200">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        Course details (optional)
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="IELTS module" name="module" options={notGiven(COURSE_MODULES)} />
        <SelectField label="Format" name="format" options={notGiven(COURSE_FORMATS)} />
      </div>
      <FieldGroup
        legend="Level (band range)"
        name="level"
        error={errors.level}
        className="grid gap-x-4 sm:grid-cols-2"
      >
        <SelectField label="From band" name="levelFrom" options={bandOptions} />
        <SelectField label="To band" name="levelTo" options={bandOptions} />
      </FieldGroup>
      <FieldGroup
        legend="Length"
        name="length"
        error={errors.length}
        className="grid gap-x-4 sm:grid-cols-2"
      >
        <TextField
          label="Number"
          name="lengthValue"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LENGTH_DAYS}
          step={1}
        />
        <SelectField label="Unit" name="lengthUnit" options={LENGTH_UNITS} defaultValue="weeks" />
      </FieldGroup>
      <TextAreaField
        label={`What you will learn (one point per line, up to ${MAX_LEARNING_POINTS})`}
        name="learningPoints"
        rows={4}
        maxLength={MAX_LEARNING_POINTS * (MAX_LEARNING_POINT_LENGTH + 2)}
      />
      {marking && (
        <TextField
          label="Writing answers marked"
          name="writingAnswersMarked"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_WRITING_ANSWERS_MARKED}
          step={1}
          hint={`How many of each student's Writing answers you mark, once you approve their enrollment: 0 to ${MAX_WRITING_ANSWERS_MARKED}, empty or 0 for none. The course's page shows it.`}
        />
      )}
    </fieldset>
  );
}

/** The form's fields for a course's stored details (the Edit form, pre-filled). */
export function courseDetailsFormValues(details: CourseDetails): CourseDetailsFormValues {
  return {
    module: details.module ?? "",
    levelFrom: details.level ? String(details.level.from) : "",
    levelTo: details.level ? String(details.level.to) : "",
    lengthValue: details.length ? String(details.length.value) : "",
    lengthUnit: details.length?.unit ?? "weeks",
    format: details.format ?? "",
    learningPoints: details.learningPoints.join("\n"),
    writingAnswersMarked: String(details.writingAnswersMarked),
  };
}
