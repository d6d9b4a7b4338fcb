import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { type EnrollmentStatus, toDate } from "../../db/schema.ts";
import { listOwners } from "../accounts/owners.server.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { isPlausibleId } from "../ids.ts";
import { MAX_ENROLLMENT_MESSAGE_LENGTH } from "../limits/field-limits.ts";
import { countWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { queueMail } from "../mail/mail-outbox.server.ts";
import { SITE_NAME } from "../site/site.ts";
import { queueWebhookEvent } from "../webhooks/webhooks.server.ts";

export type { EnrollmentStatus };

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((text) => text || undefined);

export const enrollmentInputSchema = z.object({
  startDate: z
    .string()
    .trim()
    .optional()
    .transform((date) => date || undefined)
    .pipe(
      z.iso.date({ error: "Please give the start date as a date, or leave it empty." }).optional(),
    ),
  message: optionalText(
    MAX_ENROLLMENT_MESSAGE_LENGTH,
    `Please keep your message under ${MAX_ENROLLMENT_MESSAGE_LENGTH} characters.`,
  ),
});
export type EnrollmentInput = z.infer<typeof enrollmentInputSchema>;

export const decisionInputSchema = z.object({
  decision: z.enum(["confirmed", "declined"], { error: "Please confirm or decline." }),
  note: optionalText(
    MAX_ENROLLMENT_MESSAGE_LENGTH,
    `Please keep the note under ${MAX_ENROLLMENT_MESSAGE_LENGTH} characters.`,
  ),
});

export interface Enrollment {
  id: string;
  serviceId: string;
  serviceName: string;
  /** The student's account: their progress page on /admin/writing/students/{studentId}. */
  studentId: string;
  studentName: string;
  studentEmail: string;
  startDate: string | null;
  message: string | null;
  status: EnrollmentStatus;
  ownerNote: string | null;
  requestedAt: Date;
  /** Writing answers marked: the course's number, and what the owner added for this student. */
  writingAnswersMarked: number;
  writingAnswersAdded: number;
}

function enrollmentsWithDetails(db: DB) {
  return db
    .selectFrom("enrollments")
    .innerJoin("services", "services.id", "enrollments.service_id")
    .innerJoin("users", "users.id", "enrollments.user_id")
    .select([
      "enrollments.id",
      "enrollments.service_id",
      "enrollments.user_id",
      "services.name as service_name",
      "users.name as student_name",
      "users.email as student_email",
      "enrollments.start_date",
      "enrollments.message",
      "enrollments.status",
      "enrollments.owner_note",
      "enrollments.created_at",
      "enrollments.writing_answers_added",
      "services.writing_answers_marked",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof enrollmentsWithDetails>["execute"]>>[number];

function toEnrollment(row: Row): Enrollment {
  return {
    id: row.id,
    serviceId: row.service_id,
    serviceName: row.service_name,
    studentId: row.user_id,
    studentName: row.student_name,
    studentEmail: row.student_email,
    startDate: row.start_date,
    message: row.message,
    status: row.status,
    ownerNote: row.owner_note,
    requestedAt: toDate(row.created_at),
    writingAnswersMarked: Number(row.writing_answers_marked),
    writingAnswersAdded: Number(row.writing_answers_added),
  };
}

export type EnrollmentRefusal = { ok: false; reason: "no-such-service" | "already-requested" };

/**
 * A signed-in student asks to join a published course: one open request (requested or
 * confirmed) per course. The student gets a confirmation and every owner a notice, through the
 * outbox in the same transaction.
 */
export async function requestEnrollment(
  db: DB,
  {
    writer,
    serviceId,
    input,
    siteUrl,
  }: { writer: Writer; serviceId: string; input: EnrollmentInput; siteUrl: string },
  now = new Date(),
): Promise<{ ok: true; id: string } | EnrollmentRefusal | WriteLimited> {
  if (!isPlausibleId(serviceId)) return { ok: false, reason: "no-such-service" };
  const service = await db
    .selectFrom("services")
    .select(["id", "name"])
    .where("id", "=", serviceId)
    .where("status", "=", "published")
    .executeTakeFirst();
  if (!service) return { ok: false, reason: "no-such-service" };
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const student = await db
    .selectFrom("users")
    .select(["name", "email"])
    .where("id", "=", writer.userId)
    .executeTakeFirstOrThrow();
  const owners = await listOwners(db);
  const id = crypto.randomUUID();
  const at = now.toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("enrollments")
        .values({
          id,
          service_id: serviceId,
          user_id: writer.userId,
          start_date: input.startDate ?? null,
          message: input.message ?? null,
          status: "requested",
          owner_note: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      await queueMail(
        trx,
        {
          to: student.email,
          subject: `${SITE_NAME}: your request to join ${service.name}`,
          text: `Hello ${student.name},\n\nWe have your request to join ${service.name}. The teacher will confirm it soon; you can follow it, or cancel it, on ${siteUrl}/my-courses.\n`,
        },
        now,
      );
      for (const owner of owners) {
        await queueMail(
          trx,
          {
            to: owner.email,
            replyTo: student.email,
            // It names the student: deleting their account removes it while it waits.
            aboutUserId: writer.userId,
            subject: `${SITE_NAME}: ${student.name} asks to join ${service.name}`,
            text: `${student.name} <${student.email}> asks to join ${service.name}.\nPreferred start: ${input.startDate ?? "not given"}\n${input.message ? `\n${input.message}\n` : ""}\nConfirm or decline it in Admin: ${siteUrl}/admin\n`,
          },
          now,
        );
      }
      await queueWebhookEvent(
        trx,
        "enrollment.requested",
        () => ({
          id,
          serviceId,
          serviceName: service.name,
          student: { name: student.name, email: student.email },
          startDate: input.startDate ?? null,
          message: input.message ?? null,
          requestedAt: at,
        }),
        { aboutUserId: writer.userId, now },
      );
    });
  } catch (error) {
    if (await hasOpenRequest(db, serviceId, writer.userId))
      return { ok: false, reason: "already-requested" };
    throw error;
  }
  return { ok: true, id };
}

async function hasOpenRequest(db: DB, serviceId: string, userId: string) {
  const row = await db
    .selectFrom("enrollments")
    .select("id")
    .where("service_id", "=", serviceId)
    .where("user_id", "=", userId)
    .where("status", "in", ["requested", "confirmed"])
    .executeTakeFirst();
  return row !== undefined;
}

/** The student's own requests, newest first. */
export async function listMyEnrollments(db: DB, userId: string): Promise<Enrollment[]> {
  const rows = await enrollmentsWithDetails(db)
    .where("enrollments.user_id", "=", userId)
    .orderBy("enrollments.created_at", "desc")
    .orderBy("enrollments.id", "desc")
    .execute();
  return rows.map(toEnrollment);
}

/** The owners' list: requests waiting for a decision first, then the rest, newest first. */
export async function listEnrollmentRequests(db: DB, limit = 100): Promise<Enrollment[]> {
  const rows = await enrollmentsWithDetails(db)
    .orderBy((eb) => eb.case().when("enrollments.status", "=", "requested").then(0).else(1).end())
    .orderBy("enrollments.created_at", "desc")
    .orderBy("enrollments.id", "desc")
    .limit(inlineLimit(limit))
    .execute();
  return rows.map(toEnrollment);
}

/** The student cancels their own open request; anyone else: as if it did not exist. */
export async function cancelEnrollment(
  db: DB,
  { actor, enrollmentId }: { actor: Pick<SignedInUser, "id">; enrollmentId: string },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!isPlausibleId(enrollmentId)) return { ok: false, reason: "not-found" };
  const cancelled = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("enrollments")
      .set({ status: "cancelled", updated_at: now.toISOString() })
      .where("id", "=", enrollmentId)
      .where("user_id", "=", actor.id)
      .where("status", "in", ["requested", "confirmed"])
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await queueWebhookEvent(
      trx,
      "enrollment.cancelled",
      async () => {
        const details = await enrollmentsWithDetails(trx)
          .where("enrollments.id", "=", enrollmentId)
          .executeTakeFirstOrThrow();
        return {
          id: enrollmentId,
          serviceId: details.service_id,
          serviceName: details.service_name,
          student: { name: details.student_name, email: details.student_email },
          cancelledAt: now.toISOString(),
        };
      },
      { aboutUserId: actor.id, now },
    );
    return true;
  });
  return cancelled ? { ok: true } : { ok: false, reason: "not-found" };
}

/**
 * Whether this user may confirm or decline the request: an owner, of a request still waiting.
 * Asked before the decision is read, so anyone else, or a request that is not waiting, is refused
 * whatever was sent; `decideEnrollment` asks again.
 */
export async function mayDecideEnrollment(
  db: DB,
  { actor, enrollmentId }: { actor: Pick<SignedInUser, "isOwner">; enrollmentId: string },
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!actor.isOwner || !isPlausibleId(enrollmentId)) return { ok: false, reason: "not-found" };
  const waiting = await db
    .selectFrom("enrollments")
    .select("id")
    .where("id", "=", enrollmentId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return waiting ? { ok: true } : { ok: false, reason: "not-found" };
}

/** The owner confirms or declines a waiting request, with an optional note; the student is told. */
export async function decideEnrollment(
  db: DB,
  {
    actor,
    enrollmentId,
    decision,
    note,
    siteUrl,
  }: {
    actor: Pick<SignedInUser, "isOwner">;
    enrollmentId: string;
    decision: "confirmed" | "declined";
    note: string | undefined;
    siteUrl: string;
  },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!actor.isOwner || !isPlausibleId(enrollmentId)) return { ok: false, reason: "not-found" };
  const row = await enrollmentsWithDetails(db)
    .where("enrollments.id", "=", enrollmentId)
    .where("enrollments.status", "=", "requested")
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "not-found" };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("enrollments")
      .set({ status: decision, owner_note: note ?? null, updated_at: now.toISOString() })
      .where("id", "=", enrollmentId)
      .execute();
    await queueMail(
      trx,
      {
        to: row.student_email,
        subject: `${SITE_NAME}: your request to join ${row.service_name} was ${decision}`,
        text: `Hello ${row.student_name},\n\nThe teacher ${decision} your request to join ${row.service_name}.${note ? `\n\n${note}` : ""}\n\nSee your courses: ${siteUrl}/my-courses\n`,
      },
      now,
    );
  });
  return { ok: true };
}
