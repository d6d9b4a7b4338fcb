import { SqliteAdapter, sql } from "kysely";
import type { DB } from "../../db/index.ts";
import { listOwners } from "../accounts/owners.server.ts";
import { MAX_WRITING_ANSWERS_MARKED } from "../catalogue/course-details.ts";
import { isPlausibleId } from "../ids.ts";
import { countWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { queueMail } from "../mail/mail-outbox.server.ts";
import { SITE_NAME } from "../site/site.ts";

/*
 * Who is marked (issue 39, point 1; decision 0062). A course includes marking for a number of each
 * student's Writing answers ("Writing answers marked", 0–100); a student with an approved
 * enrollment may send that many answers for marking, plus what the owner added to that enrollment.
 * Every answer sent counts, a revision too, and stays counted: sending is not undone.
 */

export { MAX_WRITING_ANSWERS_MARKED };

export interface MarkingAllowance {
  /** Answers the student may have marked in all: their approved courses' and the owner's additions. */
  included: number;
  /** Answers they have sent for marking. */
  used: number;
  /** What they may still send (never below 0, even if a course's number was lowered). */
  left: number;
  /** The approved enrollments that give marking, for "from …" beside the numbers. */
  courses: { id: string; name: string; answers: number }[];
}

/** A published course that includes marking, for the page of a student who has none. */
export interface CourseWithMarking {
  id: string;
  name: string;
  answersMarked: number;
}

export const NO_ALLOWANCE_MESSAGE =
  "Your courses do not include marking of Writing answers, or you have used it all: a course that includes marking gives you more.";
export const ALREADY_SENT_MESSAGE = "This answer is already sent for marking.";

/** A student's marking allowance: what they have, used and left. */
export async function writingMarkingAllowance(db: DB, userId: string): Promise<MarkingAllowance> {
  const [courses, used] = await Promise.all([
    db
      .selectFrom("enrollments")
      .innerJoin("services", "services.id", "enrollments.service_id")
      .select([
        "services.id",
        "services.name",
        "services.writing_answers_marked",
        "enrollments.writing_answers_added",
      ])
      .where("enrollments.user_id", "=", userId)
      .where("enrollments.status", "=", "confirmed")
      .orderBy("enrollments.created_at")
      .execute(),
    countSentForMarking(db, userId),
  ]);
  const giving = courses
    .map((row) => ({
      id: row.id,
      name: row.name,
      answers: Number(row.writing_answers_marked) + Number(row.writing_answers_added),
    }))
    .filter((course) => course.answers > 0);
  const included = giving.reduce((sum, course) => sum + course.answers, 0);
  return { included, used, left: Math.max(0, included - used), courses: giving };
}

async function countSentForMarking(db: DB, userId: string): Promise<number> {
  const row = await db
    .selectFrom("writing_markings")
    .innerJoin("writing_submissions", "writing_submissions.id", "writing_markings.submission_id")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("writing_submissions.author_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The published courses that include marking, the most answers first. */
export async function coursesWithWritingMarking(db: DB): Promise<CourseWithMarking[]> {
  const rows = await db
    .selectFrom("services")
    .select(["id", "name", "writing_answers_marked"])
    .where("status", "=", "published")
    .where("writing_answers_marked", ">", 0)
    .orderBy("writing_answers_marked", "desc")
    .orderBy("name")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    answersMarked: Number(row.writing_answers_marked),
  }));
}

export type SendForMarkingResult =
  | { ok: true; requestedAt: string }
  | { ok: false; reason: "not-found" | "already-sent" | "no-allowance"; message: string }
  | WriteLimited;

/**
 * A student sends one of their own answers for marking ("Send for marking",
 * `POST /api/writing/submissions/{id}/marking-request`): refused when it is not theirs (as if it
 * did not exist), already sent, or their allowance is used up. The count and the insert are one
 * transaction that holds the student's row (PostgreSQL: `for update`; SQLite's transactions take
 * the write lock at their start), so two requests at once cannot both take the last answer. The
 * owners are told by mail that an answer waits.
 */
export async function sendForMarking(
  db: DB,
  { writer, submissionId, siteUrl }: { writer: Writer; submissionId: string; siteUrl: string },
  now = new Date(),
): Promise<SendForMarkingResult> {
  const notFound = { ok: false, reason: "not-found", message: "No such answer." } as const;
  if (!isPlausibleId(submissionId)) return notFound;
  const answer = await db
    .selectFrom("writing_submissions")
    .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
    .leftJoin("writing_markings", "writing_markings.submission_id", "writing_submissions.id")
    .select([
      "writing_submissions.id",
      "writing_tasks.title",
      "writing_markings.submission_id as sent",
    ])
    .where("writing_submissions.id", "=", submissionId)
    .where("writing_submissions.author_id", "=", writer.userId)
    .executeTakeFirst();
  if (!answer) return notFound;
  if (answer.sent) return { ok: false, reason: "already-sent", message: ALREADY_SENT_MESSAGE };
  // Checked again inside the transaction; here so that a refusal costs no write from the limit.
  if ((await writingMarkingAllowance(db, writer.userId)).left <= 0)
    return { ok: false, reason: "no-allowance", message: NO_ALLOWANCE_MESSAGE };
  const limited = await countWrite(db, writer);
  if (limited) return limited;

  const outcome = await db.transaction().execute(async (trx) => {
    await holdTheStudent(trx, writer.userId);
    const allowance = await writingMarkingAllowance(trx, writer.userId);
    if (allowance.left <= 0) return "no-allowance" as const;
    const inserted = await trx
      .insertInto("writing_markings")
      .values({
        submission_id: submissionId,
        requested_at: now.toISOString(),
        band_task: null,
        band_coherence_cohesion: null,
        band_lexical_resource: null,
        band_grammatical_range_accuracy: null,
        note_task: null,
        note_coherence_cohesion: null,
        note_lexical_resource: null,
        note_grammatical_range_accuracy: null,
        summary: null,
        marked_by: null,
        returned_at: null,
        corrected_at: null,
        updated_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column("submission_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return "already-sent" as const;
    const owners = await listOwners(trx);
    for (const owner of owners) {
      await queueMail(
        trx,
        {
          to: owner.email,
          subject: `${SITE_NAME}: a Writing answer is waiting for marking`,
          text: `Hello ${owner.name},\n\n"${answer.title}" was sent for marking.\n\nMark it: ${siteUrl}/admin/writing/submissions/${submissionId}\nAll waiting answers: ${siteUrl}/admin/writing\n`,
          aboutUserId: writer.userId,
        },
        now,
      );
    }
    return "sent" as const;
  });
  if (outcome === "no-allowance")
    return { ok: false, reason: "no-allowance", message: NO_ALLOWANCE_MESSAGE };
  if (outcome === "already-sent")
    return { ok: false, reason: "already-sent", message: ALREADY_SENT_MESSAGE };
  return { ok: true, requestedAt: now.toISOString() };
}

/** Serialises a student's marking requests on PostgreSQL; SQLite's write transaction already does. */
async function holdTheStudent(db: DB, userId: string): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`select id from users where id = ${userId} for update`.execute(db);
}

export type AddToAllowanceResult =
  | { ok: true; added: number }
  | { ok: false; reason: "not-found" | "invalid"; message: string };

/**
 * The owner adds answers to one student's allowance, from an approved enrollment (/admin's
 * enrollments): at least 1 and at most MAX_WRITING_ANSWERS_MARKED at once, and at most that many
 * added to one enrollment in all.
 */
export async function addToWritingAllowance(
  db: DB,
  {
    actor,
    enrollmentId,
    answers,
  }: { actor: { isOwner: boolean }; enrollmentId: string; answers: number },
  now = new Date(),
): Promise<AddToAllowanceResult> {
  if (!actor.isOwner || !isPlausibleId(enrollmentId))
    return { ok: false, reason: "not-found", message: "No such enrollment." };
  if (!Number.isInteger(answers) || answers < 1 || answers > MAX_WRITING_ANSWERS_MARKED)
    return {
      ok: false,
      reason: "invalid",
      message: `Please add a whole number of answers from 1 to ${MAX_WRITING_ANSWERS_MARKED}.`,
    };
  // One statement, so two additions at once cannot pass the bound together.
  const updated = await db
    .updateTable("enrollments")
    .set((eb) => ({
      writing_answers_added: eb("writing_answers_added", "+", answers),
      updated_at: now.toISOString(),
    }))
    .where("id", "=", enrollmentId)
    .where("status", "=", "confirmed")
    .where((eb) => eb(eb("writing_answers_added", "+", answers), "<=", MAX_WRITING_ANSWERS_MARKED))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return { ok: true, added: answers };
  const enrollment = await db
    .selectFrom("enrollments")
    .select("writing_answers_added")
    .where("id", "=", enrollmentId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  if (!enrollment)
    return { ok: false, reason: "not-found", message: "No such approved enrollment." };
  return {
    ok: false,
    reason: "invalid",
    message: `One enrollment may have at most ${MAX_WRITING_ANSWERS_MARKED} answers added; it has ${Number(enrollment.writing_answers_added)}.`,
  };
}
