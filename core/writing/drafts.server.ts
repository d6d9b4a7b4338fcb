import { SqliteAdapter, sql } from "kysely";
import type { DB } from "../../db/index.ts";
import { precompiled } from "../../db/precompiled.ts";
import { toDate } from "../../db/schema.ts";
import { isPlausibleId } from "../ids.ts";
import {
  answerText,
  draftProblem,
  isSeconds,
  MAX_WRITING_SECONDS_LEFT,
  NO_PUBLISHED_TASK,
  SECONDS_LEFT_MESSAGE,
} from "./answer-input.ts";

/*
 * The answer a student is writing, kept on the server as they type (issue 38, point 4; decision
 * 0059): one draft per student and task, saved every 10 seconds and when the page is hidden,
 * removed when the answer is submitted (core/writing/submissions.server.ts), when the student
 * starts again, or by housekeeping once untouched for WRITING_DRAFT_DAYS. Only its author ever
 * reads it: every function here takes the author's own id, from their session or token.
 */

/** A draft as its author gets it back. */
export interface WritingDraftView {
  taskId: string;
  /** As saved (line breaks as `\n`). */
  text: string;
  /** A timed sitting's countdown when it was saved; null when untimed. */
  secondsLeft: number | null;
  /** When it was last saved, ISO 8601 (UTC): "Saved at 14:02:31". */
  updatedAt: string;
}

export type SaveWritingDraftResult =
  | { ok: true; draft: WritingDraftView }
  | { ok: false; reason: "not-found" | "invalid"; message: string; field?: "text" | "secondsLeft" };

/** Drafts untouched this long are removed (`deleteStaleWritingDrafts`, run by housekeeping). */
export const WRITING_DRAFT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

function toView(row: {
  task_id: string;
  text: string;
  seconds_left: number | null;
  updated_at: Date | string;
}): WritingDraftView {
  return {
    taskId: row.task_id,
    text: row.text,
    secondsLeft: row.seconds_left === null ? null : Number(row.seconds_left),
    updatedAt: toDate(row.updated_at).toISOString(),
  };
}

/**
 * The draft's upsert, in one statement whatever happens: it writes only when the task is published
 * and not withdrawn (INSERT … SELECT from the task's row, so an unknown or withdrawn task writes
 * nothing and returns no row), and replaces the author's earlier draft of it (ON CONFLICT on the
 * primary key). Compiled once: every student writing sends it every 10 seconds. PostgreSQL cannot
 * tell the type of a parameter in a SELECT's list from the column it goes into, so each is cast
 * (SQLite's timestamps are text already).
 */
const upsertDraft = precompiled(
  (
    db: DB,
    authorId: string,
    taskId: string,
    text: string,
    secondsLeft: number | null,
    moment: string,
  ) => {
    const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
    return db
      .insertInto("writing_drafts")
      .columns(["author_id", "task_id", "text", "seconds_left", "updated_at"])
      .expression(
        db
          .selectFrom("writing_tasks")
          .select([
            sql<string>`cast(${authorId} as text)`.as("author_id"),
            "writing_tasks.id as task_id",
            sql<string>`cast(${text} as text)`.as("text"),
            sql<number | null>`cast(${secondsLeft} as integer)`.as("seconds_left"),
            (sqlite ? sql<string>`${moment}` : sql<string>`cast(${moment} as timestamptz)`).as(
              "updated_at",
            ),
          ])
          .where("writing_tasks.id", "=", taskId)
          .where("writing_tasks.status", "=", "published")
          .where("writing_tasks.withdrawn_at", "is", null),
      )
      .onConflict((conflict) =>
        conflict.columns(["author_id", "task_id"]).doUpdateSet((eb) => ({
          text: eb.ref("excluded.text"),
          seconds_left: eb.ref("excluded.seconds_left"),
          updated_at: eb.ref("excluded.updated_at"),
        })),
      )
      .returning(["task_id", "text", "seconds_left", "updated_at"]);
  },
);

/**
 * Saves the author's draft of a task, replacing the one before: a published task only (a draft
 * of a task withdrawn meanwhile stays as it was last saved, for its author to read). The text
 * follows the answer's limit (MAX_WRITING_ANSWER_LENGTH; empty is allowed: the box emptied);
 * refused, nothing is saved. Not counted against the write limits: the screen saves every 10
 * seconds, and each save replaces the last (decision 0059). One statement, whose commit waits for
 * the disk as every other: a draft is the student's words.
 */
export async function saveWritingDraft(
  db: DB,
  {
    userId,
    taskId,
    text: sent,
    secondsLeft = null,
  }: { userId: string; taskId: string; text: string; secondsLeft?: number | null },
  now = new Date(),
): Promise<SaveWritingDraftResult> {
  const text = answerText(sent);
  const problem = draftProblem(text);
  if (problem) return { ok: false, reason: "invalid", field: "text", message: problem };
  if (secondsLeft !== null && !isSeconds(secondsLeft, MAX_WRITING_SECONDS_LEFT))
    return { ok: false, reason: "invalid", field: "secondsLeft", message: SECONDS_LEFT_MESSAGE };
  if (!isPlausibleId(taskId)) return { ok: false, reason: "not-found", message: NO_PUBLISHED_TASK };
  const [row] = await upsertDraft(db, userId, taskId, text, secondsLeft, now.toISOString());
  if (!row) return { ok: false, reason: "not-found", message: NO_PUBLISHED_TASK };
  return { ok: true, draft: toView(row) };
}

/** The author's draft of a task (withdrawn tasks' too: their words), or undefined. */
export async function getWritingDraft(
  db: DB,
  { userId, taskId }: { userId: string; taskId: string },
): Promise<WritingDraftView | undefined> {
  if (!isPlausibleId(taskId)) return undefined;
  const row = await db
    .selectFrom("writing_drafts")
    .select(["task_id", "text", "seconds_left", "updated_at"])
    .where("author_id", "=", userId)
    .where("task_id", "=", taskId)
    .executeTakeFirst();
  return row && toView(row);
}

/** "Start again": the author's draft of a task goes (nothing happens when there is none). */
export async function discardWritingDraft(
  db: DB,
  { userId, taskId }: { userId: string; taskId: string },
): Promise<void> {
  if (!isPlausibleId(taskId)) return;
  await db
    .deleteFrom("writing_drafts")
    .where("author_id", "=", userId)
    .where("task_id", "=", taskId)
    .execute();
}

/** Housekeeping: drafts untouched for WRITING_DRAFT_DAYS days go. */
export async function deleteStaleWritingDrafts(db: DB, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - WRITING_DRAFT_DAYS * DAY_MS).toISOString();
  await db.deleteFrom("writing_drafts").where("updated_at", "<", cutoff).execute();
}
