/**
 * The kinds of IELTS Writing task and what each one gives by default (/work/shared/WRITING.md:
 * 20 minutes and 150 words for Task 1, 40 minutes and 250 words for Task 2). Dependency-free, so
 * the pages' forms and lists read the same names and numbers as the server's checks.
 */
export const WRITING_TASK_KINDS = ["academic-task-1", "general-task-1", "task-2"] as const;
export type WritingTaskKind = (typeof WRITING_TASK_KINDS)[number];

export const WRITING_TASK_STATUSES = ["draft", "published"] as const;
export type WritingTaskStatus = (typeof WRITING_TASK_STATUSES)[number];

/** What a student reads: the test's own names. */
export const WRITING_TASK_KIND_NAMES: Record<WritingTaskKind, string> = {
  "academic-task-1": "Academic Task 1",
  "general-task-1": "General Training Task 1",
  "task-2": "Task 2",
};

/** What each kind asks for, in a line under its heading on /writing. */
export const WRITING_TASK_KIND_DESCRIPTIONS: Record<WritingTaskKind, string> = {
  "academic-task-1":
    "Describe a chart, graph, table, map or process shown in a picture, in at least 150 words.",
  "general-task-1":
    "Write a letter (formal, semi-formal or informal) answering a situation, in at least 150 words.",
  "task-2":
    "Write an essay answering a point of view, an argument or a problem, in at least 250 words.",
};

/** The test's time and length for each kind, which a new task starts with. */
export const WRITING_TASK_DEFAULTS: Record<
  WritingTaskKind,
  { minutes: number; minimumWords: number }
> = {
  "academic-task-1": { minutes: 20, minimumWords: 150 },
  "general-task-1": { minutes: 20, minimumWords: 150 },
  "task-2": { minutes: 40, minimumWords: 250 },
};

/** Only an Academic Task 1 is written about a picture (a chart, table, map or process). */
export function kindHasPicture(kind: WritingTaskKind): boolean {
  return kind === "academic-task-1";
}

export function isWritingTaskKind(value: unknown): value is WritingTaskKind {
  return typeof value === "string" && (WRITING_TASK_KINDS as readonly string[]).includes(value);
}
