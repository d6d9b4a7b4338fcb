import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { toDate } from "../../db/schema.ts";
import type { Writer } from "../limits/rate-limit.server.ts";
import { WRITING_TASK_KINDS, type WritingTaskKind } from "./task-kinds.ts";
import {
  findTaskRow,
  toTaskSummary,
  toTaskView,
  type WritingTaskSummary,
  type WritingTaskView,
} from "./task-views.server.ts";

/*
 * The Writing tasks students read (decision 0057): the published ones, never a draft (but in an
 * owner's preview) nor a withdrawn one. /writing, /writing/tasks/{id} and the public API read
 * them here.
 */

export type { WritingTaskSummary, WritingTaskView };

/** A page of `GET /api/writing/tasks`, and the most /writing lists of each kind. */
export const PUBLISHED_TASKS_PAGE_SIZE = 50;

/**
 * One page (from 0) of the published tasks, newest first, of one kind or of all; `count` is how
 * many there are in all (of that kind).
 */
export async function listPublishedWritingTasks(
  db: DB,
  { kind, page = 0 }: { kind?: WritingTaskKind | undefined; page?: number } = {},
): Promise<{ tasks: WritingTaskSummary[]; count: number }> {
  const published = db
    .selectFrom("writing_tasks")
    .where("status", "=", "published")
    .where("withdrawn_at", "is", null)
    .$if(kind !== undefined, (query) => query.where("kind", "=", kind as WritingTaskKind));
  const [rows, total] = await Promise.all([
    published
      .selectAll()
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(inlineLimit(PUBLISHED_TASKS_PAGE_SIZE))
      .offset(page * PUBLISHED_TASKS_PAGE_SIZE)
      .execute(),
    published.select((eb) => eb.fn.countAll().as("count")).executeTakeFirst(),
  ]);
  return { tasks: rows.map(toTaskSummary), count: Number(total?.count ?? 0) };
}

/** /writing: the published tasks of each kind, in the test's order, newest first within each. */
export async function listPublishedWritingTasksByKind(
  db: DB,
): Promise<{ kind: WritingTaskKind; tasks: WritingTaskSummary[]; count: number }[]> {
  return Promise.all(
    WRITING_TASK_KINDS.map(async (kind) => ({
      kind,
      ...(await listPublishedWritingTasks(db, { kind })),
    })),
  );
}

/**
 * A published task with its prompt rendered, for its page, the API and the answers written to
 * it. A draft is there only for an owner (`viewer`), as a preview; to anyone else, as an unknown
 * or withdrawn task, it is undefined (404).
 */
export async function getPublishedWritingTask(
  db: DB,
  taskId: string,
  viewer?: Pick<Writer, "isOwner"> | null,
): Promise<WritingTaskView | undefined> {
  const row = await findTaskRow(db, taskId);
  if (!row) return undefined;
  if (row.status !== "published" && !viewer?.isOwner) return undefined;
  return toTaskView(row);
}

/** Every published task's id and last change, newest change first, for the sitemap. */
export async function listPublishedWritingTaskDates(
  db: DB,
  limit: number,
): Promise<{ id: string; updatedAt: Date }[]> {
  if (limit <= 0) return [];
  const rows = await db
    .selectFrom("writing_tasks")
    .select(["id", "updated_at"])
    .where("status", "=", "published")
    .where("withdrawn_at", "is", null)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(limit))
    .execute();
  return rows.map((row) => ({ id: row.id, updatedAt: toDate(row.updated_at) }));
}
