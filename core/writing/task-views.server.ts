import type { Selectable } from "kysely";
import type { DB } from "../../db/index.ts";
import { toDate, type WritingTasksTable } from "../../db/schema.ts";
import { isPlausibleId } from "../ids.ts";
import type { WritingTaskFields } from "./task-input.ts";
import { WRITING_TASK_KIND_NAMES, type WritingTaskKind } from "./task-kinds.ts";
import { renderTaskPrompt } from "./task-prompt.server.ts";

/*
 * A Writing task as each reader gets it: the owner's editable fields, or the published task a
 * student reads (its prompt rendered). One row to object mapping for both.
 */

export type WritingTaskRow = Selectable<WritingTasksTable>;

export interface TaskPicture {
  url: string;
  alt: string;
}

/** A task as the owner edits it. */
export interface OwnerWritingTask extends WritingTaskFields {
  id: string;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A task in the owner's list. */
export interface OwnerWritingTaskSummary {
  id: string;
  kind: WritingTaskKind;
  kindName: string;
  title: string;
  status: WritingTaskFields["status"];
  minutes: number;
  minimumWords: number;
  hasPicture: boolean;
  updatedAt: Date;
}

/** A published task in a list: /writing and the API's list. */
export interface WritingTaskSummary {
  id: string;
  kind: WritingTaskKind;
  /** "Academic Task 1", "General Training Task 1", "Task 2". */
  kindName: string;
  title: string;
  picture: TaskPicture | null;
  minutes: number;
  minimumWords: number;
  /** Null only for a task never published (an owner's preview). */
  publishedAt: Date | null;
  updatedAt: Date;
}

/** A task as students read it on its own page (and the API's one task). */
export interface WritingTaskView extends WritingTaskSummary {
  /** The Markdown as written: the answers' measures compare an answer with it. */
  prompt: string;
  /** The Markdown rendered: safe to put in the page as it is (core/markdown.server.ts). */
  promptHtml: string;
  /** `draft` only in an owner's preview. */
  status: WritingTaskFields["status"];
}

/** The task's row, unless it is unknown or withdrawn (deleted by the owner). */
export async function findTaskRow(db: DB, taskId: string): Promise<WritingTaskRow | undefined> {
  if (!isPlausibleId(taskId)) return undefined;
  return db
    .selectFrom("writing_tasks")
    .selectAll()
    .where("id", "=", taskId)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
}

export function pictureOf(row: WritingTaskRow): TaskPicture | null {
  return row.picture_url ? { url: row.picture_url, alt: row.picture_alt ?? "" } : null;
}

export function toOwnerTask(row: WritingTaskRow): OwnerWritingTask {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    prompt: row.prompt,
    pictureUrl: row.picture_url,
    pictureAlt: row.picture_alt,
    minutes: Number(row.minutes),
    minimumWords: Number(row.minimum_words),
    status: row.status,
    publishedAt: row.published_at === null ? null : toDate(row.published_at),
    createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

export function toOwnerTaskSummary(row: WritingTaskRow): OwnerWritingTaskSummary {
  return {
    id: row.id,
    kind: row.kind,
    kindName: WRITING_TASK_KIND_NAMES[row.kind],
    title: row.title,
    status: row.status,
    minutes: Number(row.minutes),
    minimumWords: Number(row.minimum_words),
    hasPicture: row.picture_url !== null,
    updatedAt: toDate(row.updated_at),
  };
}

export function toTaskSummary(row: WritingTaskRow): WritingTaskSummary {
  return {
    id: row.id,
    kind: row.kind,
    kindName: WRITING_TASK_KIND_NAMES[row.kind],
    title: row.title,
    picture: pictureOf(row),
    minutes: Number(row.minutes),
    minimumWords: Number(row.minimum_words),
    publishedAt: row.published_at === null ? null : toDate(row.published_at),
    updatedAt: toDate(row.updated_at),
  };
}

export function toTaskView(row: WritingTaskRow): WritingTaskView {
  return {
    ...toTaskSummary(row),
    prompt: row.prompt,
    promptHtml: renderTaskPrompt(row.prompt),
    status: row.status,
  };
}
