/**
 * What a buyer weighs beside a course's name and price: the IELTS module it prepares for, the
 * band range it suits, how long it lasts, how it is taught, what you will learn, and how many
 * Writing answers the teacher marks. All optional.
 * Dependency-free, so the forms, the cards and the details page read the same names and bounds the
 * server checks.
 */
import { MAX_WRITING_ANSWERS_MARKED } from "../limits/field-limits.ts";
import { formatBand } from "../reviews/review-outcomes.ts";

/** A course may prepare for one module or for both. */
export const COURSE_MODULES = {
  academic: "Academic",
  general: "General Training",
  both: "Academic and General Training",
} as const;
export type CourseModule = keyof typeof COURSE_MODULES;
export const COURSE_MODULE_IDS = Object.keys(COURSE_MODULES) as [CourseModule, ...CourseModule[]];

export const COURSE_FORMATS = {
  video: "Video lessons",
  live: "Live classes",
  "one-to-one": "One-to-one",
} as const;
export type CourseFormat = keyof typeof COURSE_FORMATS;
export const COURSE_FORMAT_IDS = Object.keys(COURSE_FORMATS) as [CourseFormat, ...CourseFormat[]];

export const LENGTH_UNITS = { days: "days", weeks: "weeks" } as const;
export type LengthUnit = keyof typeof LENGTH_UNITS;
export const LENGTH_UNIT_IDS = Object.keys(LENGTH_UNITS) as [LengthUnit, ...LengthUnit[]];
/** A year, in either unit. */
export const MAX_LENGTH_DAYS = 366;
export const MAX_LENGTH_WEEKS = 52;

export const MAX_LEARNING_POINTS = 8;
export const MAX_LEARNING_POINT_LENGTH = 160;

// The most Writing answers a course may include marking for (issue 39): one bound, in the limits.
export { MAX_WRITING_ANSWERS_MARKED };

export interface CourseDetails {
  module: CourseModule | null;
  /** The band range the course suits, such as 5.5–6.5. */
  level: { from: number; to: number } | null;
  length: { value: number; unit: LengthUnit } | null;
  format: CourseFormat | null;
  /** Up to MAX_LEARNING_POINTS short sentences; empty when none. */
  learningPoints: string[];
  /**
   * How many of each enrolled student's Writing answers the teacher marks (0 to
   * MAX_WRITING_ANSWERS_MARKED; 0: none). Only an owner sets it: a course a student adds gives
   * no marking.
   */
  writingAnswersMarked: number;
}

export const NO_COURSE_DETAILS: CourseDetails = {
  module: null,
  level: null,
  length: null,
  format: null,
  learningPoints: [],
  writingAnswersMarked: 0,
};

/** "4 Writing answers marked by the teacher", "1 Writing answer…", for the course's page. */
export function formatWritingAnswersMarked(count: number): string {
  return `${count} Writing ${count === 1 ? "answer" : "answers"} marked by the teacher`;
}

/** "Band 5.5–6.5", or "Band 7.0" when both ends are the same. */
export function formatLevel(level: NonNullable<CourseDetails["level"]>): string {
  return level.from === level.to
    ? `Band ${formatBand(level.from)}`
    : `Band ${formatBand(level.from)}–${formatBand(level.to)}`;
}

/** "6 weeks", "1 day". */
export function formatLength({ value, unit }: NonNullable<CourseDetails["length"]>): string {
  return `${value} ${value === 1 ? unit.slice(0, -1) : unit}`;
}

/** The card's one line: "Academic · Band 5.5–6.5 · 4 weeks · Video lessons", whatever is given. */
export function formatDetailsInShort(details: CourseDetails): string {
  return [
    details.module &&
      (details.module === "both" ? "Academic & General" : COURSE_MODULES[details.module]),
    details.level && formatLevel(details.level),
    details.length && formatLength(details.length),
    details.format && COURSE_FORMATS[details.format],
  ]
    .filter(Boolean)
    .join(" · ");
}
