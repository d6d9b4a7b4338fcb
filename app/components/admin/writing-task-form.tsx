import { useEffect, useState } from "react";
import {
  MAX_WRITING_TASK_MINIMUM_WORDS,
  MAX_WRITING_TASK_MINUTES,
  MAX_WRITING_TASK_PICTURE_ALT_LENGTH,
  MAX_WRITING_TASK_PROMPT_LENGTH,
  MAX_WRITING_TASK_TITLE_LENGTH,
  MIN_WRITING_TASK_MINIMUM_WORDS,
  MIN_WRITING_TASK_MINUTES,
} from "../../../core/limits/field-limits.ts";
import {
  isWritingTaskKind,
  WRITING_TASK_DEFAULTS,
  WRITING_TASK_KIND_NAMES,
  WRITING_TASK_KINDS,
  type WritingTaskKind,
} from "../../../core/writing/task-kinds.ts";
import { versioned } from "../../lib/versioned.ts";
import {
  CheckboxField,
  FieldForm,
  FileField,
  type FormState,
  SelectField,
  TextAreaField,
  TextField,
} from "../form-field.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { MarkdownEditor } from "./markdown-editor.tsx";

const KIND_CHOICES = WRITING_TASK_KINDS.map(
  (kind) => [kind, WRITING_TASK_KIND_NAMES[kind]] as const,
);
const STATUS_CHOICES = [
  ["draft", "Draft: only you see it"],
  ["published", "Published: students see it on the Writing page"],
] as const;

const PROMPT_HINT =
  'Markdown, as on the blog: a line break stays a line break; "- " starts a list item (a letter\'s points), **bold**, *italic*. Write what the student reads in the test: the situation or question, what to do, and the length ("Write at least 250 words.").';

/**
 * A Writing task's every field, to write a new one or change one: the same form on New and Edit.
 * The state holds what a refused or previewed form had typed, or (Edit) the task's own values.
 * Minutes and minimum words left empty take the kind's (the placeholders show them, following
 * the kind chosen once JavaScript runs).
 */
export function WritingTaskForm({
  state,
  previewHtml,
  submitLabel,
}: {
  state: FormState;
  /** The server's preview of the prompt: the Preview button's answer, or the saved prompt's. */
  previewHtml: string | null;
  submitLabel: string;
}) {
  const values = state.values ?? {};
  const [kind, setKind] = useState<WritingTaskKind>(
    isWritingTaskKind(values.kind) ? values.kind : "task-2",
  );
  const defaults = WRITING_TASK_DEFAULTS[kind];
  const keptPicture = values.pictureUrl || undefined;
  return (
    <FieldForm
      state={state}
      method="post"
      encType="multipart/form-data"
      className="form-card mt-6 space-y-5"
    >
      <SelectField
        label="Kind of task"
        name="kind"
        options={KIND_CHOICES}
        defaultValue="task-2"
        onChange={(event) => {
          const chosen = event.currentTarget.value;
          if (isWritingTaskKind(chosen)) setKind(chosen);
        }}
        hint="Academic Task 1 describes a picture (a chart, table, map or process); General Training Task 1 is a letter; Task 2 is an essay, in both tests."
      />
      <TextField
        label="Title"
        name="title"
        required
        maxLength={MAX_WRITING_TASK_TITLE_LENGTH}
        hint="How students find it in the list, such as “Cars in the city centre”."
      />

      <MarkdownEditor
        label="Prompt (Markdown)"
        name="prompt"
        rows={14}
        maxLength={MAX_WRITING_TASK_PROMPT_LENGTH}
        hint={PROMPT_HINT}
        serverHtml={previewHtml}
        previewId="prompt-preview"
        waiting={{
          scripted: "The prompt shows here as students will read it, as you write.",
          plain: "Press Preview, under the form, to see the prompt as students will.",
        }}
      />

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">
          Picture (Academic Task 1 only)
        </legend>
        {keptPicture && (
          <>
            <input type="hidden" name="pictureUrl" value={keptPicture} />
            <img
              src={versioned(keptPicture)}
              alt={values.pictureAlt ?? ""}
              width={320}
              height={210}
              className="w-80 rounded-lg bg-white object-contain ring-1 ring-slate-200"
            />
            <CheckboxField
              label="Remove the picture"
              name="removePicture"
              defaultChecked={values.removePicture === "on"}
            />
          </>
        )}
        <FileField
          label="Picture file"
          name="picture"
          hint={`The chart, graph, table, map or process the student describes: a JPEG, PNG or WebP of at most 5 MB.${
            keptPicture ? " The picture above stays unless you choose another." : ""
          }`}
        />
        <TextAreaField
          label="Picture description"
          name="pictureAlt"
          rows={4}
          maxLength={MAX_WRITING_TASK_PICTURE_ALT_LENGTH}
          hint="Needed with a picture, for students who cannot see it: what it shows, and its figures."
        />
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Minutes"
          name="minutes"
          type="number"
          inputMode="numeric"
          min={MIN_WRITING_TASK_MINUTES}
          max={MAX_WRITING_TASK_MINUTES}
          step={1}
          placeholder={String(defaults.minutes)}
          hint={`Left empty: ${defaults.minutes}, the test's time for this kind.`}
        />
        <TextField
          label="Minimum words"
          name="minimumWords"
          type="number"
          inputMode="numeric"
          min={MIN_WRITING_TASK_MINIMUM_WORDS}
          max={MAX_WRITING_TASK_MINIMUM_WORDS}
          step={1}
          placeholder={String(defaults.minimumWords)}
          hint={`Left empty: ${defaults.minimumWords}, as the test asks for this kind.`}
        />
      </div>

      <SelectField label="Status" name="status" options={STATUS_CHOICES} defaultValue="draft" />

      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="save" busyLabel="Saving…">
          {submitLabel}
        </SubmitButton>
        <PreviewButton />
      </div>
    </FieldForm>
  );
}

/**
 * Without JavaScript, shows the prompt's preview by sending the form as it is (nothing is
 * saved); once JavaScript runs the preview follows the typing, so the button goes.
 */
function PreviewButton() {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  if (scripted) return null;
  return (
    <button type="submit" name="intent" value="preview" formNoValidate className="btn-secondary">
      Preview
    </button>
  );
}
