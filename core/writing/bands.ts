/**
 * The teacher's bands for a Writing answer (decision 0061): four criteria, each a whole band from
 * 0 to 9, the task's band from them, and a full test's Writing band from its two tasks.
 * Dependency-free, so the marking page and the student's pages compute and name them as the
 * server does.
 */
import type { WritingTaskKind } from "./task-kinds.ts";

/** The four criteria of the public band descriptors, in their own order. */
export const WRITING_CRITERIA = [
  "task",
  "coherenceCohesion",
  "lexicalResource",
  "grammaticalRangeAccuracy",
] as const;
export type WritingCriterion = (typeof WRITING_CRITERIA)[number];

/** What a comment on the text may be about: a criterion, or the answer as a whole. */
export const COMMENT_CRITERIA = [...WRITING_CRITERIA, "general"] as const;
export type CommentCriterion = (typeof COMMENT_CRITERIA)[number];

export const LOWEST_BAND = 0;
export const HIGHEST_BAND = 9;

/** Task 1 (Academic and General Training) is marked on Task Achievement, Task 2 on Task Response. */
const TASK_CRITERION_NAMES: Record<WritingTaskKind, { name: string; shortName: string }> = {
  "academic-task-1": { name: "Task Achievement", shortName: "TA" },
  "general-task-1": { name: "Task Achievement", shortName: "TA" },
  "task-2": { name: "Task Response", shortName: "TR" },
};

const OTHER_CRITERION_NAMES: Record<
  Exclude<CommentCriterion, "task">,
  { name: string; shortName: string }
> = {
  coherenceCohesion: { name: "Coherence and Cohesion", shortName: "CC" },
  lexicalResource: { name: "Lexical Resource", shortName: "LR" },
  grammaticalRangeAccuracy: { name: "Grammatical Range and Accuracy", shortName: "GRA" },
  general: { name: "General", shortName: "General" },
};

function namesOf(criterion: CommentCriterion, taskKind: WritingTaskKind) {
  return criterion === "task" ? TASK_CRITERION_NAMES[taskKind] : OTHER_CRITERION_NAMES[criterion];
}

/** The criterion's name as the band descriptors give it for this kind of task. */
export function criterionName(criterion: CommentCriterion, taskKind: WritingTaskKind): string {
  return namesOf(criterion, taskKind).name;
}

/** The short label teachers use ("TR", "CC", "LR", "GRA"), for table heads and tight places. */
export function criterionShortName(criterion: CommentCriterion, taskKind: WritingTaskKind): string {
  return namesOf(criterion, taskKind).shortName;
}

/**
 * The name of a criterion over answers of several kinds: a student's Task 1 and Task 2 answers
 * side by side make the first criterion "Task Achievement / Task Response"; answers of Task 1
 * only (Academic, General Training or both) make it "Task Achievement". With no kind given it
 * names both, the only answer true of any task.
 */
export function criterionNameForKinds(
  criterion: CommentCriterion,
  taskKinds: Iterable<WritingTaskKind>,
  nameOf: (criterion: CommentCriterion, taskKind: WritingTaskKind) => string = criterionName,
): string {
  const kinds = new Set(taskKinds);
  const relevant = kinds.size === 0 ? Object.keys(TASK_CRITERION_NAMES) : [...kinds];
  // Task 1 before Task 2, whatever order the answers came in.
  const names = new Set(
    (Object.keys(TASK_CRITERION_NAMES) as WritingTaskKind[])
      .filter((kind) => relevant.includes(kind))
      .map((kind) => nameOf(criterion, kind)),
  );
  return [...names].join(" / ");
}

/** A criterion's band: a whole number from 0 to 9. */
export function isWholeBand(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isInteger(value) &&
    value >= LOWEST_BAND &&
    value <= HIGHEST_BAND
  );
}

/** A task's or a test's band: a whole or half band from 0 to 9 ("6.5"). */
export function isHalfBand(value: unknown): value is number {
  return (
    typeof value === "number" &&
    Number.isInteger(value * 2) &&
    value >= LOWEST_BAND &&
    value <= HIGHEST_BAND
  );
}

/**
 * To the half band as IELTS rounds the overall band, the only rounding it publishes: a fraction
 * under .25 goes down to the whole band, .25 up to .5, under .75 down to .5, .75 up to the next
 * whole band (6.125 → 6.0, 6.25 → 6.5, 6.75 → 7.0). Counted in whole quarters: which quarter the
 * value has reached decides. The means here are of small whole numbers, whose true value may sit
 * a hair under a quarter in floating point (a third times four); the 1e-9 lifts it back, far
 * below any real difference between bands. Throws a RangeError outside 0 to 9.
 */
export function roundToHalfBand(value: number): number {
  if (!Number.isFinite(value) || value < LOWEST_BAND || value > HIGHEST_BAND) {
    throw new RangeError(`A band is from ${LOWEST_BAND} to ${HIGHEST_BAND}, not ${value}`);
  }
  const quartersReached = Math.floor(value * 4 + 1e-9);
  return Math.ceil(quartersReached / 2) / 2;
}

/**
 * A task's band: the mean of its four criteria, to the half band. Throws a RangeError when a
 * criterion's band is missing or not a whole band from 0 to 9: the teacher gives whole bands, and
 * a half band here would be a defect upstream, not something to round away.
 */
export function taskBand(bands: Record<WritingCriterion, number>): number {
  let sum = 0;
  for (const criterion of WRITING_CRITERIA) {
    const band = bands[criterion];
    if (!isWholeBand(band)) {
      throw new RangeError(`${criterion} must be a whole band from 0 to 9, not ${band}`);
    }
    sum += band;
  }
  return roundToHalfBand(sum / WRITING_CRITERIA.length);
}

/**
 * A full test's Writing band: Task 2 counts twice, (Task 1 + 2 × Task 2) ÷ 3, to the half band
 * (as widely repeated; IELTS does not publish it). Throws a RangeError unless both are whole or
 * half bands from 0 to 9, as `taskBand` gives them.
 */
export function writingTestBand(task1Band: number, task2Band: number): number {
  for (const [name, band] of [
    ["Task 1", task1Band],
    ["Task 2", task2Band],
  ] as const) {
    if (!isHalfBand(band)) {
      throw new RangeError(`${name}'s band must be a whole or half band from 0 to 9, not ${band}`);
    }
  }
  return roundToHalfBand((task1Band + 2 * task2Band) / 3);
}

/** A task's or test's band as IELTS prints one: "6.0", "6.5". */
export function formatBand(band: number): string {
  return band.toFixed(1);
}

/** What the marking page and the student's page say about how the bands are worked out. */
export const BAND_ROUNDING_RULE =
  "The task's band is the mean of the four criteria, to the half band: .25 rounds up to .5 and " +
  ".75 to the next whole band, as IELTS rounds the overall band. A full test's Writing band " +
  "counts Task 2 twice: (Task 1 + 2 × Task 2) ÷ 3, rounded the same way.";
