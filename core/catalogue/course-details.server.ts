import type { Updateable } from "kysely";
import { z } from "zod";
import type { ServiceRow, ServicesTable } from "../../db/schema.ts";
import { isBand } from "../reviews/review-outcomes.ts";
import {
  COURSE_FORMAT_IDS,
  COURSE_MODULE_IDS,
  type CourseDetails,
  LENGTH_UNIT_IDS,
  MAX_LEARNING_POINT_LENGTH,
  MAX_LEARNING_POINTS,
  MAX_LENGTH_DAYS,
  MAX_LENGTH_WEEKS,
  MAX_WRITING_ANSWERS_MARKED,
} from "./course-details.ts";

export type { CourseDetails };

const band = z.coerce
  .number({ error: "Bands go from 0 to 9 in steps of 0.5." })
  .refine(isBand, "Bands go from 0 to 9 in steps of 0.5.");

export const WRITING_ANSWERS_MARKED_MESSAGE = `Writing answers marked is a whole number from 0 to ${MAX_WRITING_ANSWERS_MARKED}.`;

/**
 * A course's optional details as the API sends them (and the form, once flattened fields are put
 * together by `serviceFormValues`). A field left out keeps what the course had (a new course:
 * none); null clears it.
 */
export const courseDetailsFields = {
  module: z
    .enum(COURSE_MODULE_IDS, {
      error: "The module is Academic, General Training or both (academic, general, both).",
    })
    .nullable()
    .optional(),
  level: z
    .object(
      { from: band, to: band },
      { error: "Give the level as a band range, such as 5.5 to 6.5." },
    )
    .refine(({ from, to }) => from <= to, "The level's first band cannot be above its second.")
    .nullable()
    .optional(),
  length: z
    .object(
      {
        value: z.coerce
          .number({ error: "Give the length as a whole number of days or weeks." })
          .int("Give the length as a whole number of days or weeks.")
          .min(1, "Give the length as a whole number of days or weeks."),
        unit: z.enum(LENGTH_UNIT_IDS, { error: "The length is counted in days or weeks." }),
      },
      { error: "Give the length as a whole number of days or weeks." },
    )
    .refine(
      ({ value, unit }) => value <= (unit === "days" ? MAX_LENGTH_DAYS : MAX_LENGTH_WEEKS),
      "A course lasts at most a year.",
    )
    .nullable()
    .optional(),
  format: z
    .enum(COURSE_FORMAT_IDS, {
      error: "The format is video lessons, live classes or one-to-one (video, live, one-to-one).",
    })
    .nullable()
    .optional(),
  learningPoints: z
    .array(
      z
        .string({ error: "Each point you will learn is a short sentence." })
        .trim()
        .min(1, "Each point you will learn is a short sentence.")
        .max(
          MAX_LEARNING_POINT_LENGTH,
          `Please keep each point under ${MAX_LEARNING_POINT_LENGTH} characters.`,
        )
        .refine((point) => !/[\r\n]/.test(point), "Each point you will learn is one line."),
      { error: "Give what students will learn as a list of short sentences." },
    )
    .max(MAX_LEARNING_POINTS, `Please give at most ${MAX_LEARNING_POINTS} points.`)
    .nullable()
    .optional(),
  /**
   * Checked for anyone, written for the owners only (createService, updateService): a student
   * may add and edit courses, and their own course must not give marking.
   */
  writingAnswersMarked: z
    .number({ error: WRITING_ANSWERS_MARKED_MESSAGE })
    .int(WRITING_ANSWERS_MARKED_MESSAGE)
    .min(0, WRITING_ANSWERS_MARKED_MESSAGE)
    .max(MAX_WRITING_ANSWERS_MARKED, WRITING_ANSWERS_MARKED_MESSAGE)
    .optional(),
};

/**
 * The Add and Edit forms send the details as flat fields (`levelFrom`, `levelTo`, `lengthValue`,
 * `lengthUnit`, and the points one per line): put together into the API's shape, an empty field
 * meaning "none".
 */
export function serviceFormValues(form: Record<string, string>): Record<string, unknown> {
  const {
    levelFrom,
    levelTo,
    lengthValue,
    lengthUnit,
    learningPoints,
    writingAnswersMarked,
    ...rest
  } = form;
  const emptyToNull = (value: string | undefined) => (value === "" ? null : value);
  return {
    ...rest,
    // Shown to the owners only: absent, the course keeps its number; empty, none.
    ...(writingAnswersMarked !== undefined && {
      writingAnswersMarked: /^\s*\d+\s*$/.test(writingAnswersMarked)
        ? Number(writingAnswersMarked)
        : writingAnswersMarked.trim() === ""
          ? 0
          : writingAnswersMarked,
    }),
    module: emptyToNull(form.module),
    format: emptyToNull(form.format),
    level:
      !levelFrom && !levelTo ? null : { from: levelFrom || undefined, to: levelTo || undefined },
    length: !lengthValue ? null : { value: lengthValue, unit: lengthUnit },
    learningPoints: (learningPoints ?? "")
      .split(/\r?\n/)
      .map((point) => point.trim())
      .filter(Boolean),
  };
}

type CourseDetailsInput = {
  [K in keyof typeof courseDetailsFields]?: z.infer<(typeof courseDetailsFields)[K]>;
};

/** The columns to write for `input`: only the details it gives (null clears one). */
export function detailsColumns(input: CourseDetailsInput): Updateable<ServicesTable> {
  return {
    ...(input.module === undefined ? {} : { ielts_module: input.module }),
    ...(input.level === undefined
      ? {}
      : { level_from: input.level?.from ?? null, level_to: input.level?.to ?? null }),
    ...(input.length === undefined
      ? {}
      : { length_value: input.length?.value ?? null, length_unit: input.length?.unit ?? null }),
    ...(input.format === undefined ? {} : { format: input.format }),
    ...(input.learningPoints === undefined
      ? {}
      : { learning_points: JSON.stringify(input.learningPoints ?? []) }),
    ...(input.writingAnswersMarked === undefined
      ? {}
      : { writing_answers_marked: input.writingAnswersMarked }),
  };
}

/** The details a course's row holds. */
export function detailsOf(row: ServiceRow): CourseDetails {
  return {
    module: row.ielts_module,
    level:
      row.level_from === null || row.level_to === null
        ? null
        : { from: Number(row.level_from), to: Number(row.level_to) },
    length:
      row.length_value === null || row.length_unit === null
        ? null
        : { value: row.length_value, unit: row.length_unit },
    format: row.format,
    learningPoints: learningPointsOf(row.learning_points),
    writingAnswersMarked: Number(row.writing_answers_marked),
  };
}

function learningPointsOf(stored: string): string[] {
  try {
    const points: unknown = JSON.parse(stored);
    return Array.isArray(points) ? points.filter((point) => typeof point === "string") : [];
  } catch {
    return [];
  }
}
