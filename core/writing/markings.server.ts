import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { precompiled } from "../../db/precompiled.ts";
import {
  type Timestamp,
  toDate,
  toIsoTimestamp,
  type WritingMarkingsTable,
} from "../../db/schema.ts";
import { isPlausibleId } from "../ids.ts";
import {
  MAX_BAND_NOTE_LENGTH,
  MAX_COMMENT_LENGTH,
  MAX_CORRECTION_LENGTH,
  MAX_SUMMARY_LENGTH,
} from "../limits/field-limits.ts";
import { countAccountWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { queueMail } from "../mail/mail-outbox.server.ts";
import { createMarkdown, rememberedRender } from "../markdown.server.ts";
import { SITE_NAME } from "../site/site.ts";
import { queueWebhookEvent } from "../webhooks/webhooks.server.ts";
import {
  type AnnotationTarget,
  describePassage,
  findQuotedPassage,
  type PassageSelectors,
  resolveTarget,
} from "./anchoring.ts";
import {
  COMMENT_CRITERIA,
  type CommentCriterion,
  taskBand,
  WRITING_CRITERIA,
  type WritingCriterion,
  writingTestBand,
} from "./bands.ts";
import { WRITING_TASK_KIND_NAMES, type WritingTaskKind } from "./task-kinds.ts";

/*
 * The teacher's marking of an answer sent for marking (issue 39, points 2 to 4; decision 0062):
 * the queue, comments fixed to passages of the text, the four bands with notes and a summary,
 * "Return to student", and a correction after returning. Only an owner marks; a student reads
 * a marking of their own answer once it is returned. The page actions and the JSON API call
 * these same functions.
 */

// In field-limits.ts, which the marking page's fields read too.
export { MAX_BAND_NOTE_LENGTH, MAX_COMMENT_LENGTH, MAX_CORRECTION_LENGTH, MAX_SUMMARY_LENGTH };
/** Comments one answer may carry: a thorough marking has forty. */
export const MAX_COMMENTS_PER_ANSWER = 200;

/** Each criterion's band and note columns. */
const COLUMNS = {
  task: { band: "band_task", note: "note_task" },
  coherenceCohesion: { band: "band_coherence_cohesion", note: "note_coherence_cohesion" },
  lexicalResource: { band: "band_lexical_resource", note: "note_lexical_resource" },
  grammaticalRangeAccuracy: {
    band: "band_grammatical_range_accuracy",
    note: "note_grammatical_range_accuracy",
  },
} as const satisfies Record<
  WritingCriterion,
  { band: keyof WritingMarkingsTable; note: keyof WritingMarkingsTable }
>;

export interface MarkingComment {
  id: string;
  criterion: CommentCriterion;
  text: string;
  correction: string | null;
  /** Where it is, as stored: a TextQuoteSelector and a TextPositionSelector. */
  selectors: PassageSelectors;
  createdAt: string;
  updatedAt: string;
}

export interface WritingMarking {
  submissionId: string;
  /** ISO 8601: when the student sent it. */
  requestedAt: string;
  /** Whole bands 0–9, null while the teacher has not set them. */
  bands: Record<WritingCriterion, number | null>;
  notes: Record<WritingCriterion, string | null>;
  /** Markdown, as written. */
  summary: string | null;
  /** The summary rendered, safe to put in the page as it is. */
  summaryHtml: string | null;
  /** The mean of the four, to the half band (core/writing/bands.ts); null until all four are set. */
  taskBand: number | null;
  /** In the order of the text. */
  comments: MarkingComment[];
  returnedAt: string | null;
  correctedAt: string | null;
}

/** An answer waiting for marking, as the queue lists it. */
export interface QueuedAnswer {
  submissionId: string;
  requestedAt: string;
  /** How long it has waited, at `now`. */
  waitedMs: number;
  studentId: string;
  studentName: string;
  taskId: string;
  taskTitle: string;
  taskKind: WritingTaskKind;
  taskKindName: string;
  words: number;
  /** A revised draft of an earlier answer. */
  revision: boolean;
  /** Comments added so far. */
  comments: number;
}

/** Remembered: a marking's summary is shown on every view of the marking and seldom changes. */
const renderSummary = rememberedRender(createMarkdown({ breaks: true, headingsUnder: 2 }));

type MarkingRow = WritingMarkingsTable;

/** A marking row (joined to whatever else a query read) and its comments, as a marking. */
export function toMarking(row: MarkingRow, comments: MarkingComment[]): WritingMarking {
  const bands = Object.fromEntries(
    WRITING_CRITERIA.map((criterion) => {
      const value = row[COLUMNS[criterion].band] as number | null;
      return [criterion, value === null ? null : Number(value)];
    }),
  ) as Record<WritingCriterion, number | null>;
  const notes = Object.fromEntries(
    WRITING_CRITERIA.map((criterion) => [criterion, row[COLUMNS[criterion].note] as string | null]),
  ) as Record<WritingCriterion, string | null>;
  const complete = WRITING_CRITERIA.every((criterion) => bands[criterion] !== null);
  return {
    submissionId: row.submission_id,
    requestedAt: toDate(row.requested_at).toISOString(),
    bands,
    notes,
    summary: row.summary,
    summaryHtml: row.summary ? renderSummary(row.summary) : null,
    taskBand: complete ? taskBand(bands as Record<WritingCriterion, number>) : null,
    comments,
    returnedAt: row.returned_at === null ? null : toDate(row.returned_at).toISOString(),
    correctedAt: row.corrected_at === null ? null : toDate(row.corrected_at).toISOString(),
  };
}

/** Built and compiled once: every view of a marking reads them (db/precompiled.ts). */
const commentRowsOf = precompiled((db: DB, submissionId: string) =>
  db
    .selectFrom("writing_comments")
    .selectAll()
    .where("submission_id", "=", submissionId)
    .orderBy("position_start")
    .orderBy("created_at")
    .orderBy("id"),
);

export async function commentsOf(db: DB, submissionId: string): Promise<MarkingComment[]> {
  return (await commentRowsOf(db, submissionId)).map(toComment);
}

function toComment(row: {
  id: string;
  criterion: string;
  body: string;
  correction: string | null;
  quote_exact: string;
  quote_prefix: string;
  quote_suffix: string;
  position_start: number;
  position_end: number;
  created_at: string | Date;
  updated_at: string | Date;
}): MarkingComment {
  return {
    id: row.id,
    criterion: row.criterion as CommentCriterion,
    text: row.body,
    correction: row.correction,
    selectors: [
      {
        type: "TextQuoteSelector",
        exact: row.quote_exact,
        prefix: row.quote_prefix,
        suffix: row.quote_suffix,
      },
      {
        type: "TextPositionSelector",
        start: Number(row.position_start),
        end: Number(row.position_end),
      },
    ],
    createdAt: toIsoTimestamp(row.created_at),
    updatedAt: toIsoTimestamp(row.updated_at),
  };
}

/**
 * An answer's marking, whatever its state, for an owner; for its author only once returned; for
 * anyone else, or an answer never sent, undefined.
 */
export async function getWritingMarking(
  db: DB,
  { viewer, submissionId }: { viewer: { userId: string; isOwner: boolean }; submissionId: string },
): Promise<WritingMarking | undefined> {
  if (!isPlausibleId(submissionId)) return undefined;
  const row = await db
    .selectFrom("writing_markings")
    .innerJoin("writing_submissions", "writing_submissions.id", "writing_markings.submission_id")
    .selectAll("writing_markings")
    .select("writing_submissions.author_id")
    .where("writing_markings.submission_id", "=", submissionId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!viewer.isOwner && (row.author_id !== viewer.userId || row.returned_at === null))
    return undefined;
  return toMarking(row, await commentsOf(db, submissionId));
}

/** A full Writing test's band, worked out from its two answers' returned markings. */
export interface WritingTestBand {
  /** (Task 1 + 2 × Task 2) ÷ 3, to the half band (bands.ts). */
  band: number;
  task1: { submissionId: string; taskBand: number };
  task2: { submissionId: string; taskBand: number };
}

/**
 * The Writing band of the full test an answer was part of, once the markings of both its
 * answers (a Task 1 and a Task 2 of one sitting) are returned; null for an answer written alone,
 * a test with a part not yet returned, or a reader who may not see both (an owner sees any, a
 * student their own).
 */
export async function writingTestBandOf(
  db: DB,
  { viewer, submissionId }: { viewer: { userId: string; isOwner: boolean }; submissionId: string },
): Promise<WritingTestBand | null> {
  if (!isPlausibleId(submissionId)) return null;
  const answer = await db
    .selectFrom("writing_submissions")
    .select(["sitting_id", "author_id"])
    .where("id", "=", submissionId)
    .executeTakeFirst();
  if (!answer?.sitting_id) return null;
  if (!viewer.isOwner && answer.author_id !== viewer.userId) return null;
  const rows = await db
    .selectFrom("writing_submissions")
    .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
    .innerJoin("writing_markings", "writing_markings.submission_id", "writing_submissions.id")
    .selectAll("writing_markings")
    .select("writing_tasks.kind")
    .where("writing_submissions.sitting_id", "=", answer.sitting_id)
    .where("writing_submissions.author_id", "=", answer.author_id)
    .where("writing_markings.returned_at", "is not", null)
    .execute();
  const parts = rows.map((row) => ({ kind: row.kind, marking: toMarking(row, []) }));
  const task1 = parts.filter((part) => part.kind !== "task-2");
  const task2 = parts.filter((part) => part.kind === "task-2");
  if (task1.length !== 1 || task2.length !== 1) return null;
  const [first, second] = [task1[0]?.marking, task2[0]?.marking];
  if (first?.taskBand == null || second?.taskBand == null) return null;
  return {
    band: writingTestBand(first.taskBand, second.taskBand),
    task1: { submissionId: first.submissionId, taskBand: first.taskBand },
    task2: { submissionId: second.submissionId, taskBand: second.taskBand },
  };
}

/** Where an answer stands with marking, for its author's page and list. */
export type MarkingState =
  | { status: "not-sent" }
  | { status: "waiting"; requestedAt: string }
  | { status: "returned"; requestedAt: string; returnedAt: string; correctedAt: string | null };

export async function markingStates(
  db: DB,
  submissionIds: string[],
): Promise<Map<string, MarkingState>> {
  const states = new Map<string, MarkingState>(
    submissionIds.map((id) => [id, { status: "not-sent" }]),
  );
  if (submissionIds.length === 0) return states;
  const rows = await db
    .selectFrom("writing_markings")
    .select(["submission_id", "requested_at", "returned_at", "corrected_at"])
    .where("submission_id", "in", submissionIds)
    .execute();
  for (const row of rows) states.set(row.submission_id, markingStateOf(row));
  return states;
}

/**
 * An answer's marking state from its marking row's times, when it has one (a query that reads
 * the answer may join them in: `requested_at` null when never sent).
 */
export function markingStateOf(row: {
  requested_at: Timestamp | null;
  returned_at: Timestamp | null;
  corrected_at: Timestamp | null;
}): MarkingState {
  if (row.requested_at === null) return { status: "not-sent" };
  const requestedAt = toIsoTimestamp(row.requested_at);
  return row.returned_at === null
    ? { status: "waiting", requestedAt }
    : {
        status: "returned",
        requestedAt,
        returnedAt: toIsoTimestamp(row.returned_at),
        correctedAt: row.corrected_at === null ? null : toIsoTimestamp(row.corrected_at),
      };
}

/**
 * The answers waiting for marking, oldest first (`/admin/writing`, `GET /api/writing/queue`): all
 * of them, or one page (`page` from 0) of `size` when the API asks for one.
 */
export async function listMarkingQueue(
  db: DB,
  now = new Date(),
  { page = 0, size }: { page?: number; size?: number } = {},
): Promise<QueuedAnswer[]> {
  const rows = await db
    .selectFrom("writing_markings")
    .innerJoin("writing_submissions", "writing_submissions.id", "writing_markings.submission_id")
    .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
    .innerJoin("users", "users.id", "writing_submissions.author_id")
    .select((eb) => [
      "writing_markings.submission_id",
      "writing_markings.requested_at",
      "writing_submissions.author_id",
      "writing_submissions.words",
      "writing_submissions.revision_of",
      "writing_tasks.id as task_id",
      "writing_tasks.title",
      "writing_tasks.kind",
      "users.name",
      eb
        .selectFrom("writing_comments")
        .select((inner) => inner.fn.countAll<number | string>().as("count"))
        .whereRef("writing_comments.submission_id", "=", "writing_markings.submission_id")
        .as("comments"),
    ])
    .where("writing_markings.returned_at", "is", null)
    .orderBy("writing_markings.requested_at")
    .orderBy("writing_markings.submission_id")
    .$if(size !== undefined, (query) =>
      query.limit(inlineLimit(size ?? 0)).offset(Math.max(0, page) * (size ?? 0)),
    )
    .execute();
  return rows.map((row) => {
    const requestedAt = toDate(row.requested_at);
    return {
      submissionId: row.submission_id,
      requestedAt: requestedAt.toISOString(),
      waitedMs: Math.max(0, now.getTime() - requestedAt.getTime()),
      studentId: row.author_id,
      studentName: row.name,
      taskId: row.task_id,
      taskTitle: row.title,
      taskKind: row.kind,
      taskKindName: WRITING_TASK_KIND_NAMES[row.kind],
      words: Number(row.words),
      revision: row.revision_of !== null,
      comments: Number(row.comments ?? 0),
    };
  });
}

/** How many answers wait for marking (the number on /admin). */
export async function countWaitingForMarking(db: DB): Promise<number> {
  const row = await db
    .selectFrom("writing_markings")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("returned_at", "is", null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Marking: every function below is the owner's alone, and counts one write against their account.

type Refused<R extends string> = { ok: false; reason: R; message: string; field?: string };
type MarkingRefusal = Refused<"not-found" | "returned" | "invalid" | "not-ready"> | WriteLimited;

const NOT_FOUND = {
  ok: false,
  reason: "not-found",
  message: "No such answer waiting for marking.",
} as const;
const COMMENTS_FROZEN_MESSAGE =
  "This marking is returned: its comments can no longer be changed. Correct the bands, notes or summary instead.";

/** The marked answer's text and state, for an owner. */
async function markedAnswer(db: DB, submissionId: string) {
  if (!isPlausibleId(submissionId)) return undefined;
  return db
    .selectFrom("writing_markings")
    .innerJoin("writing_submissions", "writing_submissions.id", "writing_markings.submission_id")
    .selectAll("writing_markings")
    .select([
      "writing_submissions.text",
      "writing_submissions.task_id",
      "writing_submissions.author_id",
    ])
    .where("writing_markings.submission_id", "=", submissionId)
    .executeTakeFirst();
}

const commentFields = {
  criterion: z.enum(COMMENT_CRITERIA, { error: "Please choose what the comment is about." }),
  text: z
    .string({ error: "Please write the comment." })
    .trim()
    .min(1, "Please write the comment.")
    .max(MAX_COMMENT_LENGTH, `Please keep the comment under ${MAX_COMMENT_LENGTH} characters.`),
  correction: z
    .string()
    .trim()
    .max(
      MAX_CORRECTION_LENGTH,
      `Please keep the correction under ${MAX_CORRECTION_LENGTH} characters.`,
    )
    .nullish()
    .transform((text) => text || null),
};

export const newCommentSchema = z.object(commentFields);
export const commentChangeSchema = z
  .object({
    criterion: commentFields.criterion.optional(),
    text: commentFields.text.optional(),
    correction: commentFields.correction.optional(),
  })
  .refine(
    (change) =>
      change.criterion !== undefined ||
      change.text !== undefined ||
      change.correction !== undefined,
    { message: "Please change the criterion, the text or the correction." },
  );

/** Where a new comment goes: the words as the teacher typed them, a selection, or W3C selectors. */
export type CommentPlace =
  | { quote: string }
  | { passage: { start: number; end: number } }
  | { target: AnnotationTarget };

export type CommentResult = { ok: true; comment: MarkingComment } | MarkingRefusal;

function fieldErrorOf(error: z.ZodError): { field: string; message: string } {
  const issue = error.issues[0];
  return {
    field: String(issue?.path[0] ?? ""),
    message: issue?.message ?? "Please check the comment.",
  };
}

/**
 * Adds a comment on a passage of an answer waiting for marking. Its place is checked against the
 * answer's text: a quote must be there exactly once, a selection and selectors must lie in it.
 */
export async function addMarkingComment(
  db: DB,
  {
    writer,
    submissionId,
    place,
    ...fields
  }: {
    writer: Writer;
    submissionId: string;
    place: CommentPlace;
    criterion: unknown;
    text: unknown;
    correction?: unknown;
  },
  now = new Date(),
): Promise<CommentResult> {
  if (!writer.isOwner) return NOT_FOUND;
  const answer = await markedAnswer(db, submissionId);
  if (!answer) return NOT_FOUND;
  if (answer.returned_at !== null)
    return { ok: false, reason: "returned", message: COMMENTS_FROZEN_MESSAGE };
  const parsed = newCommentSchema.safeParse(fields);
  if (!parsed.success) return { ok: false, reason: "invalid", ...fieldErrorOf(parsed.error) };
  const placed = placeOnText(answer.text, place);
  if (!placed.ok) {
    const field = "target" in place ? "target" : "quote";
    return { ok: false, reason: "invalid", field, message: placed.message };
  }
  const count = await db
    .selectFrom("writing_comments")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("submission_id", "=", submissionId)
    .executeTakeFirst();
  if (Number(count?.count ?? 0) >= MAX_COMMENTS_PER_ANSWER)
    return {
      ok: false,
      reason: "invalid",
      message: `One answer may carry at most ${MAX_COMMENTS_PER_ANSWER} comments.`,
    };
  const limited = await countAccountWrite(db, writer, "writingMarking");
  if (limited) return limited;
  const [quote, position] = placed.selectors;
  const row = {
    id: crypto.randomUUID(),
    submission_id: submissionId,
    criterion: parsed.data.criterion,
    body: parsed.data.text,
    correction: parsed.data.correction,
    quote_exact: quote.exact,
    quote_prefix: quote.prefix,
    quote_suffix: quote.suffix,
    position_start: position.start,
    position_end: position.end,
    author_id: writer.userId,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.insertInto("writing_comments").values(row).execute();
  return { ok: true, comment: toComment(row) };
}

/** The selectors of a new comment's place in the answer's text, or why it has none. */
function placeOnText(
  text: string,
  place: CommentPlace,
): { ok: true; selectors: PassageSelectors } | { ok: false; message: string } {
  if ("quote" in place) {
    const found = findQuotedPassage(text, place.quote);
    if (!found.ok) return found;
    return describePassage(text, found.passage);
  }
  if ("passage" in place) return describePassage(text, place.passage);
  return resolveTarget(text, place.target);
}

/**
 * Whether an owner may mark this answer (one sent for marking) or change this comment at all:
 * asked before the request's body is read, so a call about an answer or comment that does not
 * exist is a 404 whatever was sent. The use cases ask again.
 */
export async function mayMark(
  db: DB,
  {
    actor,
    submissionId,
    commentId,
  }: { actor: { isOwner: boolean } } & (
    | { submissionId: string; commentId?: never }
    | { commentId: string; submissionId?: never }
  ),
): Promise<boolean> {
  if (!actor.isOwner) return false;
  if (commentId !== undefined) return (await ownersComment(db, commentId)) !== undefined;
  return (await markedAnswer(db, submissionId)) !== undefined;
}

async function ownersComment(db: DB, commentId: string) {
  if (!isPlausibleId(commentId)) return undefined;
  return db
    .selectFrom("writing_comments")
    .innerJoin(
      "writing_markings",
      "writing_markings.submission_id",
      "writing_comments.submission_id",
    )
    .selectAll("writing_comments")
    .select("writing_markings.returned_at")
    .where("writing_comments.id", "=", commentId)
    .executeTakeFirst();
}

const NO_COMMENT = { ok: false, reason: "not-found", message: "No such comment." } as const;

/** Changes a comment's criterion, text or correction (not its place), until the marking is returned. */
export async function changeMarkingComment(
  db: DB,
  {
    writer,
    commentId,
    change,
  }: { writer: Writer; commentId: string; change: Record<string, unknown> },
  now = new Date(),
): Promise<CommentResult> {
  if (!writer.isOwner) return NO_COMMENT;
  const comment = await ownersComment(db, commentId);
  if (!comment) return NO_COMMENT;
  if (comment.returned_at !== null)
    return { ok: false, reason: "returned", message: COMMENTS_FROZEN_MESSAGE };
  const parsed = commentChangeSchema.safeParse(change);
  if (!parsed.success) return { ok: false, reason: "invalid", ...fieldErrorOf(parsed.error) };
  const limited = await countAccountWrite(db, writer, "writingMarking");
  if (limited) return limited;
  const updated = {
    ...comment,
    ...(parsed.data.criterion !== undefined && { criterion: parsed.data.criterion }),
    ...(parsed.data.text !== undefined && { body: parsed.data.text }),
    ...(parsed.data.correction !== undefined && { correction: parsed.data.correction }),
    updated_at: now.toISOString(),
  };
  await db
    .updateTable("writing_comments")
    .set({
      criterion: updated.criterion,
      body: updated.body,
      correction: updated.correction,
      updated_at: updated.updated_at,
    })
    .where("id", "=", commentId)
    .execute();
  return { ok: true, comment: toComment(updated) };
}

/** Removes a comment, until the marking is returned. */
export async function removeMarkingComment(
  db: DB,
  { writer, commentId }: { writer: Writer; commentId: string },
): Promise<{ ok: true; submissionId: string } | MarkingRefusal> {
  if (!writer.isOwner) return NO_COMMENT;
  const comment = await ownersComment(db, commentId);
  if (!comment) return NO_COMMENT;
  if (comment.returned_at !== null)
    return { ok: false, reason: "returned", message: COMMENTS_FROZEN_MESSAGE };
  const limited = await countAccountWrite(db, writer, "writingMarking");
  if (limited) return limited;
  await db.deleteFrom("writing_comments").where("id", "=", commentId).execute();
  return { ok: true, submissionId: comment.submission_id };
}

const BAND_MESSAGE = "Please give a whole band from 0 to 9.";
/**
 * A number, or a form's text of one. Not `z.coerce`: it reads an empty field, null and false as
 * band 0 and true as band 1, so a band left unset would be saved as the lowest.
 */
const wholeBand = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
  z.number({ error: BAND_MESSAGE }).int(BAND_MESSAGE).min(0, BAND_MESSAGE).max(9, BAND_MESSAGE),
);
const bandNote = z
  .string()
  .trim()
  .max(MAX_BAND_NOTE_LENGTH, `Please keep each note under ${MAX_BAND_NOTE_LENGTH} characters.`)
  .nullish()
  .transform((text) => text || null);

/** `PUT /api/writing/submissions/{id}/marks` and the marking page's form. */
export const marksInputSchema = z.object({
  bands: z.object(
    Object.fromEntries(WRITING_CRITERIA.map((criterion) => [criterion, wholeBand])) as Record<
      WritingCriterion,
      typeof wholeBand
    >,
    { error: "Please give the four bands." },
  ),
  notes: z
    .object(
      Object.fromEntries(WRITING_CRITERIA.map((criterion) => [criterion, bandNote])) as Record<
        WritingCriterion,
        typeof bandNote
      >,
    )
    .partial()
    .optional(),
  summary: z
    .string({ error: "Please write a summary." })
    .trim()
    .min(1, "Please write a summary.")
    .max(MAX_SUMMARY_LENGTH, `Please keep the summary under ${MAX_SUMMARY_LENGTH} characters.`),
});
export type MarksInput = z.infer<typeof marksInputSchema>;

export type MarksResult =
  | { ok: true; marking: WritingMarking; corrected: boolean }
  | (MarkingRefusal & { fieldErrors?: Record<string, string> });

/**
 * Sets the four bands, their notes and the summary. Before the marking is returned, as often as
 * the teacher likes; after, it is a correction: the student sees "corrected" with its time and
 * the `writing.marked` event goes again with `correctedAt`.
 */
export async function saveMarks(
  db: DB,
  { writer, submissionId, marks }: { writer: Writer; submissionId: string; marks: unknown },
  now = new Date(),
): Promise<MarksResult> {
  if (!writer.isOwner) return NOT_FOUND;
  const answer = await markedAnswer(db, submissionId);
  if (!answer) return NOT_FOUND;
  const parsed = marksInputSchema.safeParse(marks);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      fieldErrors[key] ??= issue.message;
    }
    const first = parsed.error.issues[0];
    return {
      ok: false,
      reason: "invalid",
      field: first?.path.join("."),
      message: first?.message ?? "Please check the marks.",
      fieldErrors,
    };
  }
  const limited = await countAccountWrite(db, writer, "writingMarking");
  if (limited) return limited;
  const { bands, notes = {}, summary } = parsed.data;
  const returned = answer.returned_at !== null;
  const values = {
    ...Object.fromEntries(
      WRITING_CRITERIA.flatMap((criterion) => [
        [COLUMNS[criterion].band, bands[criterion]],
        [COLUMNS[criterion].note, notes[criterion] ?? null],
      ]),
    ),
    summary,
    marked_by: writer.userId,
    updated_at: now.toISOString(),
    ...(returned && { corrected_at: now.toISOString() }),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("writing_markings")
      .set(values)
      .where("submission_id", "=", submissionId)
      .execute();
    if (returned) await queueMarkedEvent(trx, submissionId, answer.author_id, now);
  });
  const marking = await getWritingMarking(db, {
    viewer: { userId: writer.userId, isOwner: true },
    submissionId,
  });
  return { ok: true, marking: marking as WritingMarking, corrected: returned };
}

export type ReturnResult = { ok: true; marking: WritingMarking } | MarkingRefusal;

export const NOT_READY_MESSAGE =
  "Please save the four bands and a summary before you return the marking.";

/**
 * "Return to student": publishes the marking. It needs the four bands and a summary; the student
 * gets a mail with a link to it, and the `writing.marked` event is sent. Returned once; after that
 * the bands, notes and summary may be corrected (saveMarks), the comments no longer.
 */
export async function returnMarking(
  db: DB,
  { writer, submissionId, siteUrl }: { writer: Writer; submissionId: string; siteUrl: string },
  now = new Date(),
): Promise<ReturnResult> {
  if (!writer.isOwner) return NOT_FOUND;
  const answer = await markedAnswer(db, submissionId);
  if (!answer) return NOT_FOUND;
  if (answer.returned_at !== null)
    return { ok: false, reason: "returned", message: "This marking is already returned." };
  const ready =
    WRITING_CRITERIA.every((criterion) => answer[COLUMNS[criterion].band] !== null) &&
    Boolean(answer.summary);
  if (!ready) return { ok: false, reason: "not-ready", message: NOT_READY_MESSAGE };
  const limited = await countAccountWrite(db, writer, "writingMarking");
  if (limited) return limited;
  const returned = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("writing_markings")
      .set({
        returned_at: now.toISOString(),
        marked_by: writer.userId,
        updated_at: now.toISOString(),
      })
      .where("submission_id", "=", submissionId)
      .where("returned_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const student = await trx
      .selectFrom("writing_submissions")
      .innerJoin("users", "users.id", "writing_submissions.author_id")
      .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
      .select(["users.name", "users.email", "writing_tasks.title"])
      .where("writing_submissions.id", "=", submissionId)
      .executeTakeFirstOrThrow();
    await queueMail(
      trx,
      {
        to: student.email,
        subject: `${SITE_NAME}: your Writing answer is marked`,
        text: `Hello ${student.name},\n\nThe teacher has marked your answer to "${student.title}": the bands, a summary and comments on your text.\n\nRead it: ${siteUrl}/writing/submissions/${submissionId}\n`,
      },
      now,
    );
    await queueMarkedEvent(trx, submissionId, answer.author_id, now);
    return true;
  });
  if (!returned)
    return { ok: false, reason: "returned", message: "This marking is already returned." };
  const marking = await getWritingMarking(db, {
    viewer: { userId: writer.userId, isOwner: true },
    submissionId,
  });
  return { ok: true, marking: marking as WritingMarking };
}

/** The student's own event: deleting their account drops it while it waits to be sent. */
async function queueMarkedEvent(
  db: DB,
  submissionId: string,
  studentId: string,
  now: Date,
): Promise<void> {
  await queueWebhookEvent(
    db,
    "writing.marked",
    async () => {
      const row = await db
        .selectFrom("writing_markings")
        .innerJoin(
          "writing_submissions",
          "writing_submissions.id",
          "writing_markings.submission_id",
        )
        .selectAll("writing_markings")
        .select("writing_submissions.task_id")
        .where("writing_markings.submission_id", "=", submissionId)
        .executeTakeFirstOrThrow();
      const comments = await db
        .selectFrom("writing_comments")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("submission_id", "=", submissionId)
        .executeTakeFirst();
      const marking = toMarking(row, []);
      return {
        id: submissionId,
        taskId: row.task_id,
        bands: marking.bands as Record<WritingCriterion, number>,
        taskBand: marking.taskBand as number,
        comments: Number(comments?.count ?? 0),
        returnedAt: marking.returnedAt as string,
        correctedAt: marking.correctedAt,
      };
    },
    { aboutUserId: studentId, now },
  );
}

/** A student's marking as their data export holds it (core/accounts/account-export.server.ts). */
export interface ExportedMarking {
  sentForMarkingAt: string;
  /** Null while the teacher has not returned it: until then only the sending is theirs to see. */
  returnedAt: string | null;
  correctedAt: string | null;
  bands: Record<WritingCriterion, number | null> | null;
  taskBand: number | null;
  notes: Record<WritingCriterion, string | null> | null;
  summary: string | null;
  comments: {
    criterion: CommentCriterion;
    text: string;
    correction: string | null;
    target: { selector: PassageSelectors };
  }[];
}

/**
 * Every marking of a student's answers, by answer: what was returned in full (bands, notes,
 * summary, comments with their places), for one still being marked only when it was sent.
 */
export async function markingsOfStudent(
  db: DB,
  studentId: string,
): Promise<Map<string, ExportedMarking>> {
  const [rows, comments] = await Promise.all([
    db
      .selectFrom("writing_markings")
      .innerJoin("writing_submissions", "writing_submissions.id", "writing_markings.submission_id")
      .selectAll("writing_markings")
      .where("writing_submissions.author_id", "=", studentId)
      .execute(),
    db
      .selectFrom("writing_comments")
      .innerJoin("writing_submissions", "writing_submissions.id", "writing_comments.submission_id")
      .innerJoin(
        "writing_markings",
        "writing_markings.submission_id",
        "writing_comments.submission_id",
      )
      .selectAll("writing_comments")
      .where("writing_submissions.author_id", "=", studentId)
      .where("writing_markings.returned_at", "is not", null)
      .orderBy("writing_comments.position_start")
      .orderBy("writing_comments.created_at")
      .execute(),
  ]);
  const commentsBySubmission = new Map<string, MarkingComment[]>();
  for (const row of comments) {
    const list = commentsBySubmission.get(row.submission_id) ?? [];
    list.push(toComment(row));
    commentsBySubmission.set(row.submission_id, list);
  }
  return new Map(
    rows.map((row) => {
      const marking = toMarking(row, commentsBySubmission.get(row.submission_id) ?? []);
      const returned = marking.returnedAt !== null;
      return [
        row.submission_id,
        {
          sentForMarkingAt: marking.requestedAt,
          returnedAt: marking.returnedAt,
          correctedAt: marking.correctedAt,
          bands: returned ? marking.bands : null,
          taskBand: returned ? marking.taskBand : null,
          notes: returned ? marking.notes : null,
          summary: returned ? marking.summary : null,
          comments: marking.comments.map((comment) => ({
            criterion: comment.criterion,
            text: comment.text,
            correction: comment.correction,
            target: { selector: comment.selectors },
          })),
        },
      ];
    }),
  );
}
