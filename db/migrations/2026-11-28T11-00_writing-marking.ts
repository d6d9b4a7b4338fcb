import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.ts";

/**
 * The teacher marks Writing (issue 39, decision 0062): how many answers a course includes marking
 * for and what the owner added for one student; an answer sent for marking, its four bands, notes
 * and summary, and the teacher's comments fixed to passages of its text (W3C Web Annotation
 * selectors, kept as columns); a revised draft's link to the answer it revises, and the two
 * answers of one full test. A marking and its comments are the student's personal data: they go
 * with the answer, which goes with the student's account (the foreign keys cascade).
 */

/** The teacher's seeded Writing courses on a database made before marking existed (db/seed). */
const SEEDED_COURSES_WITH_MARKING: [name: string, answers: number][] = [
  ["IELTS Academic Writing Task 1: Charts, Graphs, Maps and Processes", 4],
  ["IELTS Writing Task 2: Essay Mastery", 6],
  ["IELTS General Training: Reading and Letter Writing", 3],
  ["IELTS SPEED Membership (90 days)", 2],
  ["IELTS MASTER Membership (180 days)", 6],
  ["Band 7 Intensive Weekend Bootcamp", 2],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);
  await db.schema
    .alterTable("services")
    .addColumn("writing_answers_marked", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("enrollments")
    .addColumn("writing_answers_added", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, answers] of SEEDED_COURSES_WITH_MARKING) {
    await sql`update services set writing_answers_marked = ${answers}
      where name = ${name} and created_by is null and writing_answers_marked = 0`.execute(db);
  }

  await db.schema
    .alterTable("writing_submissions")
    .addColumn("revision_of", "text", (c) =>
      c.references("writing_submissions.id").onDelete("set null"),
    )
    .execute();
  await db.schema.alterTable("writing_submissions").addColumn("sitting_id", "text").execute();
  // A revision's earlier answer, and the foreign key's checks when one is deleted.
  await db.schema
    .createIndex("writing_submissions_by_revision_of")
    .on("writing_submissions")
    .column("revision_of")
    .execute();

  await db.schema
    .createTable("writing_markings")
    .addColumn("submission_id", "text", (c) =>
      c.primaryKey().references("writing_submissions.id").onDelete("cascade"),
    )
    /** When the student sent it for marking: its place in the queue, and what the allowance counts. */
    .addColumn("requested_at", type.timestamp, (c) => c.notNull())
    /** Whole bands 0–9, null until the teacher sets them. */
    .addColumn("band_task", "integer")
    .addColumn("band_coherence_cohesion", "integer")
    .addColumn("band_lexical_resource", "integer")
    .addColumn("band_grammatical_range_accuracy", "integer")
    .addColumn("note_task", "text")
    .addColumn("note_coherence_cohesion", "text")
    .addColumn("note_lexical_resource", "text")
    .addColumn("note_grammatical_range_accuracy", "text")
    /** Markdown, as the teacher wrote it. */
    .addColumn("summary", "text")
    .addColumn("marked_by", "text", (c) => c.references("users.id").onDelete("set null"))
    /** Set by "Return to student": from then on the student reads it. */
    .addColumn("returned_at", type.timestamp)
    /** Set when the teacher changed the bands, notes or summary after returning it. */
    .addColumn("corrected_at", type.timestamp)
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .execute();
  // The queue (not returned, oldest first) and the last 30 days' returns.
  await db.schema
    .createIndex("writing_markings_by_return")
    .on("writing_markings")
    .columns(["returned_at", "requested_at"])
    .execute();
  // Answers sent per week.
  await db.schema
    .createIndex("writing_markings_by_request")
    .on("writing_markings")
    .column("requested_at")
    .execute();
  // The foreign key's checks when a teacher's account is deleted.
  await db.schema
    .createIndex("writing_markings_by_marker")
    .on("writing_markings")
    .column("marked_by")
    .execute();

  await db.schema
    .createTable("writing_comments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("submission_id", "text", (c) =>
      c.notNull().references("writing_submissions.id").onDelete("cascade"),
    )
    /** task | coherenceCohesion | lexicalResource | grammaticalRangeAccuracy | general */
    .addColumn("criterion", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("correction", "text")
    /** The TextQuoteSelector: the passage's words and up to 32 characters either side. */
    .addColumn("quote_exact", "text", (c) => c.notNull())
    .addColumn("quote_prefix", "text", (c) => c.notNull())
    .addColumn("quote_suffix", "text", (c) => c.notNull())
    /** The TextPositionSelector: UTF-16 offsets into the answer's text, the end exclusive. */
    .addColumn("position_start", "integer", (c) => c.notNull())
    .addColumn("position_end", "integer", (c) => c.notNull())
    .addColumn("author_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .execute();
  // An answer's comments in the order of the text.
  await db.schema
    .createIndex("writing_comments_by_submission")
    .on("writing_comments")
    .columns(["submission_id", "position_start", "created_at"])
    .execute();
  await db.schema
    .createIndex("writing_comments_by_author")
    .on("writing_comments")
    .column("author_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("writing_comments").execute();
  await db.schema.dropTable("writing_markings").execute();
  await db.schema.dropIndex("writing_submissions_by_revision_of").execute();
  await db.schema.alterTable("writing_submissions").dropColumn("sitting_id").execute();
  await db.schema.alterTable("writing_submissions").dropColumn("revision_of").execute();
  await db.schema.alterTable("enrollments").dropColumn("writing_answers_added").execute();
  await db.schema.alterTable("services").dropColumn("writing_answers_marked").execute();
}
