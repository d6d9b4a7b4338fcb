import { sql } from "kysely";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { type PreparedImage, storeImage } from "../images/images.server.ts";
import { MAX_WRITING_TASK_SEARCH_LENGTH } from "../limits/field-limits.ts";
import { countWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { pictureProblem, type WritingTaskField, type WritingTaskInput } from "./task-input.ts";
import {
  findTaskRow,
  type OwnerWritingTask,
  type OwnerWritingTaskSummary,
  toOwnerTask,
  toOwnerTaskSummary,
} from "./task-views.server.ts";

/*
 * The owner's Writing tasks (decision 0057): one use case per action, each called by the page's
 * action and the JSON API alike. Every one checks the owner first, and every write counts against
 * the same write limits as the rest of the site (`countWrite`), once, after the input has been
 * found right, so a mistyped form costs nothing.
 */

export type { OwnerWritingTask, OwnerWritingTaskSummary };

/**
 * Why a change to a task was refused: not an owner (403), no such task or a withdrawn one (404),
 * or a field that is wrong only with the others (the picture's rules), named for the form.
 */
export type WritingTaskRefusal =
  | { ok: false; reason: "not-allowed" | "not-found" }
  | { ok: false; reason: "invalid"; field: WritingTaskField; message: string };

const NOT_ALLOWED = { ok: false, reason: "not-allowed" } as const;
const NOT_FOUND = { ok: false, reason: "not-found" } as const;

/** The picture's rules (`pictureProblem`) as a refusal, or undefined when they hold. */
function pictureRefusal(
  input: WritingTaskInput,
  upload: PreparedImage | undefined,
): WritingTaskRefusal | undefined {
  const problem = pictureProblem(input, upload !== undefined);
  if (!problem) return undefined;
  return { ok: false, reason: "invalid", field: problem.field, message: problem.message };
}

/** The columns the owner's fields write; an uploaded picture replaces the address sent. */
function contentColumns(input: WritingTaskInput, uploadedUrl: string | undefined) {
  const pictureUrl = uploadedUrl ?? input.pictureUrl;
  return {
    kind: input.kind,
    title: input.title,
    prompt: input.prompt,
    picture_url: pictureUrl,
    picture_alt: pictureUrl ? input.pictureAlt : null,
    minutes: input.minutes,
    minimum_words: input.minimumWords,
    status: input.status,
  };
}

/**
 * The owner writes a new task: a draft, or published at once. `upload` is the picture sent with
 * the fields (a page's file, or the API's multipart `picture`), stored once everything is right.
 */
export async function createWritingTask(
  db: DB,
  {
    writer,
    input,
    upload,
  }: { writer: Writer; input: WritingTaskInput; upload?: PreparedImage | undefined },
  now = new Date(),
): Promise<{ ok: true; id: string } | WritingTaskRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  const refused = pictureRefusal(input, upload);
  if (refused) return refused;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const uploadedUrl = upload ? await storeImage(db, upload, writer.userId) : undefined;
  const id = crypto.randomUUID();
  const moment = now.toISOString();
  await db
    .insertInto("writing_tasks")
    .values({
      id,
      ...contentColumns(input, uploadedUrl),
      published_at: input.status === "published" ? moment : null,
      withdrawn_at: null,
      created_at: moment,
      updated_at: moment,
      created_by: writer.userId,
      updated_by: writer.userId,
    })
    .execute();
  return { ok: true, id };
}

/**
 * The owner changes a task, whatever its status: a published one changes for students at once,
 * and answers already written to it keep their text. Published for the first time, it takes
 * today's date in the lists; published again, it keeps its first.
 */
export async function updateWritingTask(
  db: DB,
  {
    writer,
    taskId,
    input,
    upload,
  }: {
    writer: Writer;
    taskId: string;
    input: WritingTaskInput;
    upload?: PreparedImage | undefined;
  },
  now = new Date(),
): Promise<{ ok: true } | WritingTaskRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  const current = await findTaskRow(db, taskId);
  if (!current) return NOT_FOUND;
  const refused = pictureRefusal(input, upload);
  if (refused) return refused;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const uploadedUrl = upload ? await storeImage(db, upload, writer.userId) : undefined;
  const moment = now.toISOString();
  const updated = await db
    .updateTable("writing_tasks")
    .set((eb) => ({
      ...contentColumns(input, uploadedUrl),
      published_at:
        input.status === "published"
          ? eb.fn.coalesce("published_at", eb.val(moment))
          : eb.ref("published_at"),
      updated_at: moment,
      updated_by: writer.userId,
    }))
    .where("id", "=", taskId)
    // Withdrawn meanwhile (by another owner, another tab): it stays withdrawn.
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 0 ? NOT_FOUND : { ok: true };
}

/**
 * The owner deletes a task: it leaves every list and page and the API at once (404), but its row
 * stays, withdrawn, so the answers students wrote to it keep their task (shown as withdrawn)
 * and their place in the students' data. Drafts of it are left to their authors (housekeeping
 * removes drafts untouched for 30 days); nothing a student wrote goes with the task.
 */
export async function withdrawWritingTask(
  db: DB,
  { writer, taskId }: { writer: Writer; taskId: string },
  now = new Date(),
): Promise<{ ok: true } | WritingTaskRefusal | WriteLimited> {
  if (!writer.isOwner) return NOT_ALLOWED;
  if (!(await findTaskRow(db, taskId))) return NOT_FOUND;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const moment = now.toISOString();
  const withdrawn = await db
    .updateTable("writing_tasks")
    .set({ withdrawn_at: moment, updated_at: moment, updated_by: writer.userId })
    .where("id", "=", taskId)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
  return Number(withdrawn.numUpdatedRows) === 0 ? NOT_FOUND : { ok: true };
}

/** A task as the owner edits it; undefined for anyone else, an unknown id or a withdrawn task. */
export async function getWritingTaskForOwner(
  db: DB,
  { actor, taskId }: { actor: Pick<Writer, "isOwner">; taskId: string },
): Promise<OwnerWritingTask | undefined> {
  if (!actor.isOwner) return undefined;
  const row = await findTaskRow(db, taskId);
  return row && toOwnerTask(row);
}

/** How many tasks /admin/writing/tasks lists at most. */
export const OWNER_TASKS_LIMIT = 200;

/**
 * Every task for /admin/writing/tasks, drafts and published alike (withdrawn ones are gone), the
 * last changed first; `search` keeps those whose title or prompt holds it (any case).
 */
export async function listWritingTasksForOwner(
  db: DB,
  { actor, search = "" }: { actor: Pick<Writer, "isOwner">; search?: string },
): Promise<OwnerWritingTaskSummary[] | undefined> {
  if (!actor.isOwner) return undefined;
  const words = search.trim().slice(0, MAX_WRITING_TASK_SEARCH_LENGTH).toLowerCase();
  // LIKE's own wildcards in the search are taken literally, the same on both engines.
  const pattern = `%${words.replace(/[\\%_]/g, "\\$&")}%`;
  const rows = await db
    .selectFrom("writing_tasks")
    .selectAll()
    .where("withdrawn_at", "is", null)
    .$if(words !== "", (query) =>
      query.where(
        sql<boolean>`(lower(title) like ${pattern} escape '\\' or lower(prompt) like ${pattern} escape '\\')`,
      ),
    )
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(OWNER_TASKS_LIMIT))
    .execute();
  return rows.map(toOwnerTaskSummary);
}
