import { z } from "zod";
import { isUploadedImage } from "../images/uploaded-images.ts";
import {
  MAX_WRITING_TASK_MINIMUM_WORDS,
  MAX_WRITING_TASK_MINUTES,
  MAX_WRITING_TASK_PICTURE_ALT_LENGTH,
  MAX_WRITING_TASK_PROMPT_LENGTH,
  MAX_WRITING_TASK_TITLE_LENGTH,
  MIN_WRITING_TASK_MINIMUM_WORDS,
  MIN_WRITING_TASK_MINUTES,
} from "../limits/field-limits.ts";
import { requiredText } from "../required-text.ts";
import {
  kindHasPicture,
  WRITING_TASK_DEFAULTS,
  WRITING_TASK_KIND_NAMES,
  WRITING_TASK_KINDS,
  WRITING_TASK_STATUSES,
  type WritingTaskKind,
  type WritingTaskStatus,
} from "./task-kinds.ts";

/**
 * What the owner writes for a Writing task: the same fields on /admin/writing/tasks/new and
 * …/{id}/edit and in `POST`/`PATCH /api/writing/tasks`, checked by one schema. Minutes and
 * minimum words left empty take the kind's defaults (20 and 150 for Task 1, 40 and 250 for
 * Task 2). The rules that need the picture itself, which may be a file sent beside the fields,
 * are `pictureProblem`'s.
 */

/** The seeded sample tasks' pictures, drawn by scripts/generate-writing-pictures.ts. */
const SAMPLE_PICTURE = /^\/images\/writing\/[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/;

/** Whether a task may show this address as its picture: an upload of ours, or a seeded sample's. */
export function isTaskPictureAddress(url: string): boolean {
  return isUploadedImage(url) || SAMPLE_PICTURE.test(url);
}

const KIND_LIST = WRITING_TASK_KINDS.map((kind) => `${kind} (${WRITING_TASK_KIND_NAMES[kind]})`);

/**
 * A whole number from a form's text or a JSON number; empty (or absent) is null, for the default.
 */
function wholeNumber(min: number, max: number, message: string) {
  return z
    .union([z.number(), z.string().trim()], { error: message })
    .nullish()
    .transform((value, context) => {
      if (value === null || value === undefined || value === "") return null;
      const number = typeof value === "number" ? value : Number(value);
      if (
        (typeof value === "string" && !/^\d+$/.test(value)) ||
        !Number.isInteger(number) ||
        number < min ||
        number > max
      ) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return number;
    });
}

/** An optional text: empty means none (null). */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: "Please send text." })
    .trim()
    .max(max, tooLong)
    .transform((text) => (text === "" ? null : text))
    .nullish()
    .transform((text) => text ?? null);

/** The fields, each checked alone. */
const writingTaskFieldsSchema = z.object({
  kind: z.enum(WRITING_TASK_KINDS, {
    error: `Please choose the kind of task: ${KIND_LIST.join(", ")}.`,
  }),
  title: requiredText(
    "Please write a title.",
    MAX_WRITING_TASK_TITLE_LENGTH,
    `At most ${MAX_WRITING_TASK_TITLE_LENGTH} characters.`,
  ),
  prompt: requiredText(
    "Please write the task's prompt: what the student is asked to write.",
    MAX_WRITING_TASK_PROMPT_LENGTH,
    `At most ${MAX_WRITING_TASK_PROMPT_LENGTH.toLocaleString("en")} characters.`,
  ),
  pictureUrl: z
    .string({ error: "Please send the picture's address as text." })
    .trim()
    .max(2000, "This address is too long.")
    .refine(
      (url) => url === "" || isTaskPictureAddress(url),
      "Please send the address of a picture uploaded to this site, or send the picture itself.",
    )
    .transform((url) => (url === "" ? null : url))
    .nullish()
    .transform((url) => url ?? null),
  pictureAlt: optionalText(
    MAX_WRITING_TASK_PICTURE_ALT_LENGTH,
    `At most ${MAX_WRITING_TASK_PICTURE_ALT_LENGTH.toLocaleString("en")} characters.`,
  ),
  minutes: wholeNumber(
    MIN_WRITING_TASK_MINUTES,
    MAX_WRITING_TASK_MINUTES,
    `Please give the minutes as a whole number from ${MIN_WRITING_TASK_MINUTES} to ${MAX_WRITING_TASK_MINUTES}, or leave it empty for the test's time.`,
  ),
  minimumWords: wholeNumber(
    MIN_WRITING_TASK_MINIMUM_WORDS,
    MAX_WRITING_TASK_MINIMUM_WORDS,
    `Please give the minimum words as a whole number from ${MIN_WRITING_TASK_MINIMUM_WORDS} to ${MAX_WRITING_TASK_MINIMUM_WORDS.toLocaleString("en")}, or leave it empty for the test's.`,
  ),
  status: z
    .enum(WRITING_TASK_STATUSES, { error: "Please choose draft or published." })
    .nullish()
    .transform((status): WritingTaskStatus => status ?? "draft"),
});

export const writingTaskInputSchema = writingTaskFieldsSchema.transform((input) => {
  const defaults = WRITING_TASK_DEFAULTS[input.kind];
  return {
    ...input,
    minutes: input.minutes ?? defaults.minutes,
    minimumWords: input.minimumWords ?? defaults.minimumWords,
  };
});

/** A PATCH's body: any of the fields, each as a new task takes it. */
export const writingTaskChangesSchema = writingTaskFieldsSchema.partial();

export type WritingTaskInput = z.output<typeof writingTaskInputSchema>;

/** The fields of a task a refusal can point at; `picture` is the file (or its address). */
export type WritingTaskField = keyof WritingTaskInput | "picture";

const PICTURE_NOT_FOR_KIND =
  "Only an Academic Task 1 is written about a picture: remove the picture, or choose Academic Task 1.";
const PICTURE_UNDESCRIBED =
  "Please describe the picture in words, for students who cannot see it: what it shows, and its main figures.";
const PICTURE_MISSING =
  "An Academic Task 1 needs its picture (the chart, table, map or process) before it is published: add one, or save it as a draft.";

/**
 * What is wrong with the task's picture, given the fields and whether a file was sent with them:
 * a picture belongs to an Academic Task 1 only, always with its description, and a published
 * Academic Task 1 has one. Undefined when nothing is.
 */
export function pictureProblem(
  input: Pick<WritingTaskInput, "kind" | "status" | "pictureUrl" | "pictureAlt">,
  withFile: boolean,
): { field: WritingTaskField; message: string } | undefined {
  const hasPicture = withFile || input.pictureUrl !== null;
  if (hasPicture && !kindHasPicture(input.kind))
    return { field: "picture", message: PICTURE_NOT_FOR_KIND };
  if (hasPicture && !input.pictureAlt) return { field: "pictureAlt", message: PICTURE_UNDESCRIBED };
  if (!hasPicture && kindHasPicture(input.kind) && input.status === "published")
    return { field: "picture", message: PICTURE_MISSING };
  return undefined;
}

/** A stored task's fields, as the input that would write it again. */
export interface WritingTaskFields {
  kind: WritingTaskKind;
  title: string;
  prompt: string;
  pictureUrl: string | null;
  pictureAlt: string | null;
  minutes: number;
  minimumWords: number;
  status: WritingTaskStatus;
}

const TASK_FIELDS = [
  "kind",
  "title",
  "prompt",
  "pictureUrl",
  "pictureAlt",
  "minutes",
  "minimumWords",
  "status",
] as const satisfies readonly (keyof WritingTaskFields)[];

/**
 * `PATCH /api/writing/tasks/{id}`: the fields sent change, the rest stay as stored, and the whole
 * is checked as a new task would be. A field sent as null is emptied (the picture, its
 * description) or set to the kind's default (minutes, minimum words).
 */
export function mergeTaskChanges(
  stored: WritingTaskFields,
  changes: Record<string, unknown>,
): { success: true; data: WritingTaskInput } | { success: false; error: z.ZodError } {
  // The fields sent, each on its own first: a wrong one is refused for what it is.
  const sent = writingTaskChangesSchema.safeParse(changes);
  if (!sent.success) return { success: false, error: sent.error };
  const merged: Record<string, unknown> = {};
  for (const field of TASK_FIELDS) {
    merged[field] = Object.hasOwn(changes, field) ? changes[field] : stored[field];
  }
  // A kind changed without its time or length takes the new kind's, as a new task would.
  if (
    Object.hasOwn(changes, "kind") &&
    changes.kind !== stored.kind &&
    typeof changes.kind === "string"
  ) {
    if (!Object.hasOwn(changes, "minutes")) merged.minutes = null;
    if (!Object.hasOwn(changes, "minimumWords")) merged.minimumWords = null;
  }
  return writingTaskInputSchema.safeParse(merged);
}
