/**
 * The rules of what a student sends for a Writing answer (issue 38, points 4 and 7; decision
 * 0059): the answer's text, submitted or saved as a draft, and the numbers the answer screen
 * sends beside it. Dependency-free, so the answer box's `maxLength` and the page's messages read
 * the same numbers and words as the server's checks (core/writing/submissions.server.ts and
 * drafts.server.ts), which apply them to the pages' forms and the JSON API alike.
 */
import { MAX_WRITING_ANSWER_LENGTH, MAX_WRITING_TASK_MINUTES } from "../limits/field-limits.ts";

export { MAX_WRITING_ANSWER_LENGTH };

/** The longest time an answer may say it took: a month (an untimed practice left open). */
export const MAX_WRITING_SECONDS_TAKEN = 30 * 24 * 60 * 60;
/** The most seconds a timed sitting's draft may have left: the longest task's whole time. */
export const MAX_WRITING_SECONDS_LEFT = MAX_WRITING_TASK_MINUTES * 60;

/**
 * The answer as it is stored and measured: the text as written, but with each line break as one
 * `\n`. A browser sends a form's text box with `\r\n` line breaks while its own value (and its
 * `maxLength`, and the live word count's offsets) has `\n`: read as sent, the same answer would
 * be longer through a form than through the API, and its marks' offsets would differ from the box's.
 * Nothing else is changed: no trimming, no other normalisation; markup is text.
 */
export function answerText(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** The refusal for a task that is unknown, a draft or withdrawn: a student cannot answer it. */
export const NO_PUBLISHED_TASK = "No published Writing task has this id.";

export const EMPTY_ANSWER_MESSAGE = "Please write your answer before you submit it.";

/** What a student reads when an answer (or a draft) is over the limit: the limit, and its length. */
export function answerTooLongMessage(length: number): string {
  return `An answer may be at most ${MAX_WRITING_ANSWER_LENGTH.toLocaleString("en")} characters; this one has ${length.toLocaleString("en")}. Please shorten it.`;
}

/**
 * Why an answer (already through `answerText`) cannot be submitted, or undefined when it can:
 * empty (nothing but white space), or over MAX_WRITING_ANSWER_LENGTH characters.
 */
export function submittedAnswerProblem(text: string): string | undefined {
  if (text.length > MAX_WRITING_ANSWER_LENGTH) return answerTooLongMessage(text.length);
  if (text.trim() === "") return EMPTY_ANSWER_MESSAGE;
  return undefined;
}

/** Why a draft cannot be saved: only its length. An empty draft is the box emptied. */
export function draftProblem(text: string): string | undefined {
  return text.length > MAX_WRITING_ANSWER_LENGTH ? answerTooLongMessage(text.length) : undefined;
}

export const SECONDS_TAKEN_MESSAGE = `secondsTaken must be a whole number of seconds from 0 to ${MAX_WRITING_SECONDS_TAKEN}, or null when the screen could not tell.`;
export const SECONDS_LEFT_MESSAGE = `secondsLeft must be a whole number of seconds from 0 to ${MAX_WRITING_SECONDS_LEFT}, or null when the sitting is not timed.`;

/** Whether `value` is a whole number of seconds from 0 to `max`. */
export function isSeconds(value: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= 0 && value <= max;
}
