import type { Kysely } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * Writing practice (issue 38, decision 0057): the tasks the teacher writes, the answers students
 * submit to them, and the one draft each student keeps per task while writing. A task is never
 * deleted, only withdrawn (`withdrawn_at`), so the answers written to it keep their task; an
 * answer's text never changes once submitted. Answers and drafts are their authors' personal
 * data: the account's export holds them and its deletion removes them
 * (core/accounts/account-data-tables.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .createTable("writing_tasks")
    .addColumn("id", "text", (c) => c.primaryKey())
    /** academic-task-1 | general-task-1 | task-2 */
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    /** Markdown, as the owner wrote it. */
    .addColumn("prompt", "text", (c) => c.notNull())
    /** An Academic Task 1's chart, table, map or process: an upload's address, or a sample's. */
    .addColumn("picture_url", "text")
    .addColumn("picture_alt", "text")
    .addColumn("minutes", "integer", (c) => c.notNull())
    .addColumn("minimum_words", "integer", (c) => c.notNull())
    /** draft | published */
    .addColumn("status", "text", (c) => c.notNull())
    /** When first published: the order of the public lists, newest first. */
    .addColumn("published_at", type.timestamp)
    /** Set when the owner deleted it: shown nowhere but beside the answers written to it. */
    .addColumn("withdrawn_at", type.timestamp)
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  // /writing and GET /api/writing/tasks: the published tasks of a kind, newest first.
  await db.schema
    .createIndex("writing_tasks_published_by_kind")
    .on("writing_tasks")
    .columns(["status", "kind", "published_at desc", "id desc"])
    .execute();

  await db.schema
    .createTable("writing_submissions")
    .addColumn("id", "text", (c) => c.primaryKey())
    // No cascade: a task is withdrawn, never deleted, while answers point at it.
    .addColumn("task_id", "text", (c) => c.notNull().references("writing_tasks.id"))
    .addColumn("author_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    /** Plain text, as submitted; never changed. */
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("words", "integer", (c) => c.notNull())
    .addColumn("seconds_taken", "integer")
    .addColumn("timed", type.boolean, (c) => c.notNull().defaultTo(type.falseValue))
    /** Submitted by the screen when the time ran out, as the answer stood. */
    .addColumn("time_ran_out", type.boolean, (c) => c.notNull().defaultTo(type.falseValue))
    .addColumn("submitted_at", type.timestamp, (c) => c.notNull())
    /** The instant measures, as JSON. */
    .addColumn("measures", "text", (c) => c.notNull())
    .execute();
  // A student's own answers, newest first (/writing, GET /api/writing/submissions).
  await db.schema
    .createIndex("writing_submissions_by_author")
    .on("writing_submissions")
    .columns(["author_id", "submitted_at desc", "id desc"])
    .execute();
  // The teacher's answers to a task, and the foreign key's checks.
  await db.schema
    .createIndex("writing_submissions_by_task")
    .on("writing_submissions")
    .columns(["task_id", "submitted_at desc"])
    .execute();

  await db.schema
    .createTable("writing_drafts")
    .addColumn("author_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("task_id", "text", (c) => c.notNull().references("writing_tasks.id"))
    .addColumn("text", "text", (c) => c.notNull())
    /** A timed sitting's seconds left when saved; null when untimed. */
    .addColumn("seconds_left", "integer")
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint("writing_drafts_one_per_task", ["author_id", "task_id"])
    .execute();
  // Housekeeping removes drafts untouched for 30 days.
  await db.schema
    .createIndex("writing_drafts_by_age")
    .on("writing_drafts")
    .column("updated_at")
    .execute();
  // The foreign key's checks when a task's drafts are looked for.
  await db.schema
    .createIndex("writing_drafts_by_task")
    .on("writing_drafts")
    .column("task_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("writing_drafts").execute();
  await db.schema.dropTable("writing_submissions").execute();
  await db.schema.dropTable("writing_tasks").execute();
}
