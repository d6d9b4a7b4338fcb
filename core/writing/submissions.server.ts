import type { Selectable } from "kysely";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { precompiled } from "../../db/precompiled.ts";
import { toDate, type WritingSubmissionsTable, type WritingTasksTable } from "../../db/schema.ts";
import { isPlausibleId } from "../ids.ts";
import { countAccountWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { queueWebhookEvent } from "../webhooks/webhooks.server.ts";
import {
  answerText,
  isSeconds,
  MAX_WRITING_SECONDS_TAKEN,
  NO_PUBLISHED_TASK,
  SECONDS_TAKEN_MESSAGE,
  submittedAnswerProblem,
} from "./answer-input.ts";
import {
  commentsOf,
  type MarkingState,
  markingStateOf,
  markingStates,
  toMarking,
  type WritingMarking,
} from "./markings.server.ts";
import {
  measureAnswer,
  prepareWritingMeasures,
  writingMeasuresReady,
} from "./measure-answer.server.ts";
import type { WritingMeasures } from "./measures.ts";
import { WRITING_TASK_KIND_NAMES, type WritingTaskKind } from "./task-kinds.ts";
import { renderTaskPrompt } from "./task-prompt.server.ts";
import type { TaskPicture } from "./task-views.server.ts";

/*
 * Students' Writing answers (issue 38, points 5 to 8; decision 0059): submitting one, measured on
 * the server at once; reading one (its author or an owner); a student's own list. The page's
 * action and the JSON API call the same functions. An answer's text never changes once
 * submitted, and the task it answers is never deleted, only withdrawn, so an answer always has
 * its task (shown as withdrawn).
 */

/** The task an answer was written to, as it stands now (withdrawn, perhaps). */
export interface WritingSubmissionTask {
  id: string;
  title: string;
  kind: WritingTaskKind;
  /** "Academic Task 1", "General Training Task 1", "Task 2". */
  kindName: string;
  minimumWords: number;
  minutes: number;
  /** Deleted by the teacher: out of every list, kept for the answers written to it. */
  withdrawn: boolean;
  /** The prompt's Markdown as written, which the answer's copied words were found against. */
  prompt: string;
  /** The prompt rendered, safe to put in the page as it is (core/markdown.server.ts). */
  promptHtml: string;
  /** An Academic Task 1's picture. */
  picture: TaskPicture | null;
}

/** One answer, whole: for its author, and for the owners. */
export interface WritingSubmissionView {
  id: string;
  taskId: string;
  task: WritingSubmissionTask;
  /** The author's name, as their account has it (an owner reads whose answer it is). */
  authorName: string;
  /**
   * The author's account: the owner's marking page links their progress, and the answer's page
   * tells its author from an owner reading it.
   */
  authorId: string;
  /** Plain text, as submitted (line breaks as `\n`): markup in it is text. */
  text: string;
  /** The words that count: `measures.words.counted` (copied runs from the prompt left out). */
  words: number;
  /** How long the student took; null when the screen could not tell. */
  secondsTaken: number | null;
  timed: boolean;
  /** Submitted by the screen as it stood when the time ran out. */
  timeRanOut: boolean;
  /** ISO 8601, UTC. */
  submittedAt: string;
  /** Computed on the server when it was submitted (core/writing/measures.ts); never a band. */
  measures: WritingMeasures;
  /** The earlier answer this revised draft revises; null for a first attempt. */
  revisionOf: string | null;
  /** Shared by the two answers of one full Writing test; null otherwise. */
  sittingId: string | null;
  /** Sent for marking, and whether the marking is returned (core/writing/markings.server.ts). */
  marking: MarkingState;
}

/** An answer in its author's list (/writing, `GET /api/writing/submissions`). */
export interface WritingSubmissionSummary {
  id: string;
  taskId: string;
  taskTitle: string;
  taskKind: WritingTaskKind;
  taskKindName: string;
  /** The task's minimum, which `words` is held against ("Under length"). */
  minimumWords: number;
  withdrawn: boolean;
  /** ISO 8601, UTC. */
  submittedAt: string;
  words: number;
  secondsTaken: number | null;
  timed: boolean;
  timeRanOut: boolean;
  /** Submitted only, sent for marking and waiting, or marked (the marking returned). */
  status: WritingSubmissionStatus;
  /** The earlier answer this revised draft revises; null for a first attempt. */
  revisionOf: string | null;
}

export type WritingSubmissionStatus = "submitted" | "waiting-for-marking" | "marked";

export function submissionStatus(marking: MarkingState): WritingSubmissionStatus {
  if (marking.status === "waiting") return "waiting-for-marking";
  if (marking.status === "returned") return "marked";
  return "submitted";
}

/** What a student sends: identity comes from the session or token (`writer`), never from here. */
export interface WritingAnswerInput {
  writer: Writer;
  taskId: string;
  text: string;
  /** Seconds from the screen's start to the submission; null or left out when it cannot tell. */
  secondsTaken?: number | null;
  /** A timed sitting (`…/write?timed=1`, `/writing/test`). */
  timed?: boolean;
  /** The screen submitted the answer because the time ran out (read only when `timed`). */
  timeRanOut?: boolean;
  /** "Write a revised draft": the writer's own earlier answer to the same task. */
  revisionOf?: string | null;
  /** The full test's sitting, the same for its two answers (made by the server, never sent). */
  sittingId?: string | null;
}

export type SubmitWritingAnswerResult =
  | { ok: true; submission: WritingSubmissionView }
  | {
      ok: false;
      reason: "not-found" | "invalid";
      message: string;
      field?: "text" | "secondsTaken" | "revisionOf";
    }
  | WriteLimited;

/** How many answers a page of a student's list holds, unless the API's caller asks for more. */
export const OWN_SUBMISSIONS_PAGE_SIZE = 20;
/** The most answers a page may hold (`size` in `GET /api/writing/submissions`). */
export const MAX_OWN_SUBMISSIONS_PAGE_SIZE = 100;

type TaskRow = Pick<
  Selectable<WritingTasksTable>,
  | "id"
  | "title"
  | "kind"
  | "prompt"
  | "minimum_words"
  | "minutes"
  | "withdrawn_at"
  | "picture_url"
  | "picture_alt"
>;
type SubmissionRow = Selectable<WritingSubmissionsTable>;

function toTask(row: TaskRow): WritingSubmissionTask {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    kindName: WRITING_TASK_KIND_NAMES[row.kind],
    minimumWords: Number(row.minimum_words),
    minutes: Number(row.minutes),
    withdrawn: row.withdrawn_at !== null,
    prompt: row.prompt,
    promptHtml: renderTaskPrompt(row.prompt),
    picture: row.picture_url ? { url: row.picture_url, alt: row.picture_alt ?? "" } : null,
  };
}

function toView(
  row: SubmissionRow,
  task: TaskRow,
  authorName: string,
  marking: MarkingState,
): WritingSubmissionView {
  return {
    id: row.id,
    taskId: row.task_id,
    task: toTask(task),
    authorName,
    authorId: row.author_id,
    text: row.text,
    words: Number(row.words),
    secondsTaken: row.seconds_taken === null ? null : Number(row.seconds_taken),
    // SQLite keeps booleans as 1 and 0.
    timed: Boolean(row.timed),
    timeRanOut: Boolean(row.time_ran_out),
    submittedAt: toDate(row.submitted_at).toISOString(),
    measures: JSON.parse(row.measures) as WritingMeasures,
    revisionOf: row.revision_of ?? null,
    sittingId: row.sitting_id ?? null,
    marking,
  };
}

export const REVISION_OF_OTHER_TASK_MESSAGE =
  "A revised draft answers the same task as the answer it revises.";

/**
 * A student submits an answer to a published task. The text is plain (markup is text), at most
 * MAX_WRITING_ANSWER_LENGTH characters and not empty; refused, nothing is saved and nothing is
 * counted. The answer is measured here, on the server (`measureAnswer`, against the task's prompt
 * as written and its minimum), and stored with its measures; `words` is what counts
 * (`measures.words.counted`). One account submits at most 30 answers a day (`countAccountWrite`,
 * core/limits); the address's write limit does not apply (decision 0059). In one transaction: the
 * answer, the removal of the student's draft of that task, and the `writing.submitted` webhook
 * event (without the text).
 */
export async function submitWritingAnswer(
  db: DB,
  {
    writer,
    taskId,
    text: sent,
    secondsTaken = null,
    timed = false,
    timeRanOut = false,
    revisionOf = null,
    sittingId = null,
  }: WritingAnswerInput,
  now = new Date(),
): Promise<SubmitWritingAnswerResult> {
  const text = answerText(sent);
  const problem = submittedAnswerProblem(text);
  if (problem) return { ok: false, reason: "invalid", field: "text", message: problem };
  if (secondsTaken !== null && !isSeconds(secondsTaken, MAX_WRITING_SECONDS_TAKEN))
    return { ok: false, reason: "invalid", field: "secondsTaken", message: SECONDS_TAKEN_MESSAGE };
  const task = await findPublishedTask(db, taskId);
  if (!task) return { ok: false, reason: "not-found", message: NO_PUBLISHED_TASK };
  if (revisionOf !== null) {
    const earlier = isPlausibleId(revisionOf)
      ? await db
          .selectFrom("writing_submissions")
          .select("task_id")
          .where("id", "=", revisionOf)
          .where("author_id", "=", writer.userId)
          .executeTakeFirst()
      : undefined;
    if (!earlier)
      return {
        ok: false,
        reason: "invalid",
        field: "revisionOf",
        message: "The answer you revise is not one of yours.",
      };
    if (earlier.task_id !== task.id)
      return {
        ok: false,
        reason: "invalid",
        field: "revisionOf",
        message: REVISION_OF_OTHER_TASK_MESSAGE,
      };
  }
  if (sittingId !== null && !isPlausibleId(sittingId))
    return { ok: false, reason: "invalid", field: "text", message: "No such test sitting." };
  const limited = await countAccountWrite(db, writer, "writingSubmissions");
  if (limited) return limited;

  // The server awaits this before it listens (server/serve.ts) and /readyz waits for it: here it
  // is already done, unless this process never started the server (a script, a test).
  if (!writingMeasuresReady()) await prepareWritingMeasures();
  const measures = measureAnswer({
    text,
    prompt: task.prompt,
    minimumWords: Number(task.minimum_words),
  });
  const row: SubmissionRow = {
    id: crypto.randomUUID(),
    task_id: task.id,
    author_id: writer.userId,
    text,
    words: measures.words.counted,
    seconds_taken: secondsTaken,
    timed,
    time_ran_out: timed && timeRanOut,
    submitted_at: now.toISOString(),
    measures: JSON.stringify(measures),
    revision_of: revisionOf,
    sitting_id: sittingId,
  };
  const authorName = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("writing_submissions")
      .values({ ...row, timed: row.timed ? 1 : 0, time_ran_out: row.time_ran_out ? 1 : 0 })
      .execute();
    await trx
      .deleteFrom("writing_drafts")
      .where("author_id", "=", writer.userId)
      .where("task_id", "=", task.id)
      .execute();
    await queueWebhookEvent(
      trx,
      "writing.submitted",
      () => ({
        id: row.id,
        taskId: task.id,
        words: row.words,
        timed,
        submittedAt: now.toISOString(),
      }),
      { aboutUserId: writer.userId, now },
    );
    const author = await trx
      .selectFrom("users")
      .select("name")
      .where("id", "=", writer.userId)
      .executeTakeFirstOrThrow();
    return author.name;
  });
  return {
    ok: true,
    submission: toView(row, task, authorName, { status: "not-sent" }),
  };
}

/** A task students may answer now: published and not withdrawn. */
async function findPublishedTask(db: DB, taskId: string) {
  if (!isPlausibleId(taskId)) return undefined;
  return db
    .selectFrom("writing_tasks")
    .select([
      "id",
      "title",
      "kind",
      "prompt",
      "minimum_words",
      "minutes",
      "withdrawn_at",
      "picture_url",
      "picture_alt",
    ])
    .where("id", "=", taskId)
    .where("status", "=", "published")
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
}

/** What an answer's view needs of its task and its author, read beside the answer. */
const TASK_AND_AUTHOR = [
  "writing_tasks.title",
  "writing_tasks.kind",
  "writing_tasks.prompt",
  "writing_tasks.minimum_words",
  "writing_tasks.minutes",
  "writing_tasks.withdrawn_at",
  "writing_tasks.picture_url",
  "writing_tasks.picture_alt",
  "users.name as author_name",
] as const;

/**
 * One answer, for its author or an owner; undefined for anyone else, exactly as for an id that
 * does not exist (the caller answers 404, never 403: whether someone else's answer exists is not
 * told). Its task comes as it stands, withdrawn or not.
 */
export async function getWritingSubmission(
  db: DB,
  { viewer, submissionId }: { viewer: { userId: string; isOwner: boolean }; submissionId: string },
): Promise<WritingSubmissionView | undefined> {
  if (!isPlausibleId(submissionId)) return undefined;
  const row = await db
    .selectFrom("writing_submissions")
    .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
    .innerJoin("users", "users.id", "writing_submissions.author_id")
    .leftJoin("writing_markings", "writing_markings.submission_id", "writing_submissions.id")
    .selectAll("writing_submissions")
    .select([
      "writing_markings.requested_at",
      "writing_markings.returned_at",
      "writing_markings.corrected_at",
      ...TASK_AND_AUTHOR,
    ])
    .where("writing_submissions.id", "=", submissionId)
    .$if(!viewer.isOwner, (query) =>
      query.where("writing_submissions.author_id", "=", viewer.userId),
    )
    .executeTakeFirst();
  if (!row) return undefined;
  return toView(row, { ...row, id: row.task_id }, row.author_name, markingStateOf(row));
}

/**
 * An answer sent for marking with its marking, for an owner (the marking page): what
 * `getWritingSubmission` and `getWritingMarking` give, read in one query and the comments' one
 * rather than four (each query costs the page ~0.3 ms; decision 0063). Undefined for anyone else,
 * and for an answer never sent for marking.
 */
export async function getAnswerForMarking(
  db: DB,
  { viewer, submissionId }: { viewer: { userId: string; isOwner: boolean }; submissionId: string },
): Promise<{ submission: WritingSubmissionView; marking: WritingMarking } | undefined> {
  if (!viewer.isOwner || !isPlausibleId(submissionId)) return undefined;
  const [row] = await answerWithMarkingRow(db, submissionId);
  if (!row) return undefined;
  const comments = await commentsOf(db, submissionId);
  return {
    submission: toView(row, { ...row, id: row.task_id }, row.author_name, markingStateOf(row)),
    marking: toMarking(row, comments),
  };
}

/** Built and compiled once: the marking page reads it on every view (db/precompiled.ts). */
const answerWithMarkingRow = precompiled((db: DB, submissionId: string) =>
  db
    .selectFrom("writing_submissions")
    .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
    .innerJoin("users", "users.id", "writing_submissions.author_id")
    .innerJoin("writing_markings", "writing_markings.submission_id", "writing_submissions.id")
    .selectAll("writing_markings")
    .selectAll("writing_submissions")
    .select(TASK_AND_AUTHOR)
    .where("writing_submissions.id", "=", submissionId),
);

/**
 * Why a reader was refused an answer, for the security log only: someone else's, or none at all.
 * Asked once access was refused; the reader's answer is the same 404 either way.
 */
export async function writingSubmissionRefusalReason(
  db: DB,
  submissionId: string,
): Promise<"not-found" | "not-owner"> {
  if (!isPlausibleId(submissionId)) return "not-found";
  const row = await db
    .selectFrom("writing_submissions")
    .select("id")
    .where("id", "=", submissionId)
    .executeTakeFirst();
  return row ? "not-owner" : "not-found";
}

/**
 * One page of a student's own answers, newest first, withdrawn tasks' too: `page` counts from 0
 * (as `listPublishedWritingTasks`' does; the API's `?page=` from 1 is one more), `size` answers a
 * page (OWN_SUBMISSIONS_PAGE_SIZE unless given, at most MAX_OWN_SUBMISSIONS_PAGE_SIZE); `count` is
 * how many they have in all. A page past the last is empty; a page below 0 is the first.
 */
export async function listOwnWritingSubmissions(
  db: DB,
  { userId, page = 0, size }: { userId: string; page?: number; size?: number },
): Promise<{ submissions: WritingSubmissionSummary[]; count: number; pageSize: number }> {
  const pageSize =
    size !== undefined && Number.isSafeInteger(size)
      ? Math.min(Math.max(size, 1), MAX_OWN_SUBMISSIONS_PAGE_SIZE)
      : OWN_SUBMISSIONS_PAGE_SIZE;
  const offset = Number.isSafeInteger(page) && page > 0 ? page * pageSize : 0;
  const own = db
    .selectFrom("writing_submissions")
    .where("writing_submissions.author_id", "=", userId);
  const [rows, total] = await Promise.all([
    own
      .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
      .select([
        "writing_submissions.id",
        "writing_submissions.task_id",
        "writing_submissions.words",
        "writing_submissions.seconds_taken",
        "writing_submissions.timed",
        "writing_submissions.time_ran_out",
        "writing_submissions.submitted_at",
        "writing_submissions.revision_of",
        "writing_tasks.title",
        "writing_tasks.kind",
        "writing_tasks.minimum_words",
        "writing_tasks.withdrawn_at",
      ])
      .orderBy("writing_submissions.submitted_at", "desc")
      .orderBy("writing_submissions.id", "desc")
      .limit(inlineLimit(pageSize))
      .offset(offset)
      .execute(),
    own.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirst(),
  ]);
  const states = await markingStates(
    db,
    rows.map((row) => row.id),
  );
  return {
    submissions: rows.map((row) => ({
      id: row.id,
      taskId: row.task_id,
      taskTitle: row.title,
      taskKind: row.kind,
      taskKindName: WRITING_TASK_KIND_NAMES[row.kind],
      minimumWords: Number(row.minimum_words),
      withdrawn: row.withdrawn_at !== null,
      submittedAt: toDate(row.submitted_at).toISOString(),
      words: Number(row.words),
      secondsTaken: row.seconds_taken === null ? null : Number(row.seconds_taken),
      timed: Boolean(row.timed),
      timeRanOut: Boolean(row.time_ran_out),
      status: submissionStatus(states.get(row.id) ?? { status: "not-sent" }),
      revisionOf: row.revision_of ?? null,
    })),
    count: Number(total?.count ?? 0),
    pageSize,
  };
}

/** A revised draft of an answer, as the earlier answer's page links it. */
export interface WritingRevisionSummary {
  id: string;
  /** ISO 8601, UTC. */
  submittedAt: string;
  words: number;
  status: WritingSubmissionStatus;
}

/**
 * The revised drafts of one answer, oldest first, for whoever may read the answer: its author
 * (their own revisions) and the owners. A revision is its author's own answer to the same task
 * (submitWritingAnswer checks it), so the author's filter only repeats the answer's own reader rule.
 */
export async function revisionsOf(
  db: DB,
  { viewer, submissionId }: { viewer: { userId: string; isOwner: boolean }; submissionId: string },
): Promise<WritingRevisionSummary[]> {
  if (!isPlausibleId(submissionId)) return [];
  const rows = await db
    .selectFrom("writing_submissions")
    .select(["id", "submitted_at", "words"])
    .where("revision_of", "=", submissionId)
    .$if(!viewer.isOwner, (query) => query.where("author_id", "=", viewer.userId))
    .orderBy("submitted_at")
    .orderBy("id")
    .execute();
  const states = await markingStates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    submittedAt: toDate(row.submitted_at).toISOString(),
    words: Number(row.words),
    status: submissionStatus(states.get(row.id) ?? { status: "not-sent" }),
  }));
}
