import type { DB } from "../../db/index.ts";
import { type Timestamp, toDate } from "../../db/schema.ts";
import { detailsOf } from "../catalogue/course-details.server.ts";
import { centsToPrice } from "../format.ts";
import { uploadedImagePath } from "../images/uploaded-images.ts";
import { SITE_NAME } from "../site/site.ts";
import { markingsOfStudent } from "../writing/markings.server.ts";
import { describeDevice } from "./sessions.server.ts";

/*
 * "Download my data" (decision 0033): everything the site stores about one account, as one JSON
 * document, table by table as core/accounts/account-data-tables.ts lists them. Nothing about anyone else
 * goes in: a report of their review says why, never who; votes on their reviews are a count; a
 * teacher's reply is its text. No secret goes in either: no password hash, OAuth or session
 * token, token hash, link token or second-factor secret.
 */

const iso = (value: Timestamp) => toDate(value).toISOString();
const isoOrNull = (value: Timestamp | null) => (value === null ? null : iso(value));
const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

/** An answer's stored measures as the JSON they are; text that is no JSON (never written so) as it is. */
function parsedMeasures(stored: string): unknown {
  try {
    return JSON.parse(stored) as unknown;
  } catch {
    return stored;
  }
}

/** The format's name, so that a reader (or a later version of the site) knows what it holds. */
export const ACCOUNT_EXPORT_FORMAT = "ielts-hub-account-data/1";

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;

/** The account's data, or undefined when there is no such account. */
export async function exportAccountData(
  db: DB,
  userId: string,
  { siteUrl, now = new Date() }: { siteUrl: string; now?: Date },
) {
  // Every column, so that one added later (the second factor's `two_factor_enabled`) is seen.
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  const email = user.email.toLowerCase();
  const [
    owner,
    signInMethods,
    sessions,
    apiTokens,
    reviews,
    reportsReceived,
    helpfulVotes,
    reports,
    repliesWritten,
    enrollments,
    contactMessages,
    newsletterSubscriptions,
    newsletterIssuesWritten,
    coursesCreated,
    pictures,
    writingAnswers,
    writingDrafts,
    writingMarkings,
  ] = await Promise.all([
    db.selectFrom("owners").select("granted_at").where("user_id", "=", userId).executeTakeFirst(),
    // Never `password`, `access_token`, `refresh_token` or `id_token`.
    db
      .selectFrom("accounts")
      .select(["provider_id", "account_id", "scope", "created_at", "updated_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    // Never `token`.
    db
      .selectFrom("sessions")
      .select(["user_agent", "ip_address", "created_at", "updated_at", "expires_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    // Never `token_hash`.
    db
      .selectFrom("api_tokens")
      .select(["created_at", "expires_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("reviews")
      .innerJoin("services", "services.id", "reviews.service_id")
      .leftJoin("review_replies", "review_replies.review_id", "reviews.id")
      .select([
        "reviews.id",
        "reviews.service_id",
        "services.name as service_name",
        "reviews.rating",
        "reviews.message",
        "reviews.created_at",
        "reviews.updated_at",
        "reviews.ielts_module",
        "reviews.band_before",
        "reviews.band_achieved",
        "reviews.test_month",
        "reviews.hidden_reason",
        "reviews.hidden_at",
        "reviews.helpful_count",
        // The reply's text and dates, not who wrote it.
        "review_replies.text as reply_text",
        "review_replies.created_at as reply_created_at",
        "review_replies.updated_at as reply_updated_at",
      ])
      .where("reviews.user_id", "=", userId)
      .orderBy("reviews.created_at")
      .execute(),
    // Others' reports of their reviews: the reason and state only, never the reporter or the note
    // (which is the reporter's own words).
    db
      .selectFrom("review_reports")
      .innerJoin("reviews", "reviews.id", "review_reports.review_id")
      .select([
        "review_reports.review_id",
        "review_reports.reason",
        "review_reports.created_at",
        "review_reports.resolved_at",
      ])
      .where("reviews.user_id", "=", userId)
      .orderBy("review_reports.created_at")
      .execute(),
    db
      .selectFrom("review_votes")
      .innerJoin("reviews", "reviews.id", "review_votes.review_id")
      .innerJoin("services", "services.id", "reviews.service_id")
      .select([
        "review_votes.review_id",
        "reviews.service_id",
        "services.name as service_name",
        "review_votes.created_at",
      ])
      .where("review_votes.user_id", "=", userId)
      .orderBy("review_votes.created_at")
      .execute(),
    db
      .selectFrom("review_reports")
      .innerJoin("reviews", "reviews.id", "review_reports.review_id")
      .innerJoin("services", "services.id", "reviews.service_id")
      .select([
        "review_reports.review_id",
        "reviews.service_id",
        "services.name as service_name",
        "review_reports.reason",
        "review_reports.note",
        "review_reports.created_at",
        "review_reports.resolved_at",
      ])
      .where("review_reports.reporter_id", "=", userId)
      .orderBy("review_reports.created_at")
      .execute(),
    db
      .selectFrom("review_replies")
      .select(["review_id", "text", "created_at", "updated_at"])
      .where("author_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("enrollments")
      .innerJoin("services", "services.id", "enrollments.service_id")
      .select([
        "enrollments.id",
        "enrollments.service_id",
        "services.name as service_name",
        "enrollments.start_date",
        "enrollments.message",
        "enrollments.status",
        "enrollments.owner_note",
        "enrollments.created_at",
        "enrollments.updated_at",
      ])
      .where("enrollments.user_id", "=", userId)
      .orderBy("enrollments.created_at")
      .execute(),
    db
      .selectFrom("contact_messages")
      .select(["name", "email", "message", "created_at", "handled_at"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .orderBy("created_at")
      .execute(),
    // Never `token` (the link that confirms or ends the subscription).
    db
      .selectFrom("newsletter_subscribers")
      .select(["email", "status", "created_at", "confirmed_at", "unsubscribed_at"])
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
      .execute(),
    db
      .selectFrom("newsletter_issues")
      .select(["id", "subject", "body", "status", "created_at", "sent_at"])
      .where("author_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("services")
      .selectAll()
      .where("created_by", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("image_variants")
      .select(["image_id", "width", "created_at"])
      .where("created_by", "=", userId)
      .orderBy("created_at")
      .orderBy("image_id")
      .orderBy("width")
      .execute(),
    // Their Writing answers, with the task each answers (withdrawn tasks' too).
    db
      .selectFrom("writing_submissions")
      .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
      .select([
        "writing_submissions.id",
        "writing_submissions.task_id",
        "writing_tasks.title as task_title",
        "writing_tasks.kind as task_kind",
        "writing_submissions.text",
        "writing_submissions.words",
        "writing_submissions.seconds_taken",
        "writing_submissions.timed",
        "writing_submissions.time_ran_out",
        "writing_submissions.submitted_at",
        "writing_submissions.measures",
        "writing_submissions.revision_of",
        "writing_submissions.sitting_id",
      ])
      .where("writing_submissions.author_id", "=", userId)
      .orderBy("writing_submissions.submitted_at")
      .orderBy("writing_submissions.id")
      .execute(),
    db
      .selectFrom("writing_drafts")
      .innerJoin("writing_tasks", "writing_tasks.id", "writing_drafts.task_id")
      .select([
        "writing_drafts.task_id",
        "writing_tasks.title as task_title",
        "writing_drafts.text",
        "writing_drafts.seconds_left",
        "writing_drafts.updated_at",
      ])
      .where("writing_drafts.author_id", "=", userId)
      .orderBy("writing_drafts.updated_at")
      .orderBy("writing_drafts.task_id")
      .execute(),
    // The teacher's markings of their answers: a teacher's comments on a student's answer are
    // that student's personal data (WRITING.md, Nowak).
    markingsOfStudent(db, userId),
  ]);

  const uploadedPictures = new Map<
    string,
    { address: string; widths: number[]; uploadedAt: string }
  >();
  for (const variant of pictures) {
    const picture = uploadedPictures.get(variant.image_id) ?? {
      address: "",
      widths: [],
      uploadedAt: iso(variant.created_at),
    };
    picture.widths.push(Number(variant.width));
    // The largest width's address is the one the site stores and shows.
    picture.address = `${siteUrl}${uploadedImagePath(variant.image_id, Math.max(...picture.widths))}`;
    uploadedPictures.set(variant.image_id, picture);
  }

  return {
    format: ACCOUNT_EXPORT_FORMAT,
    about: `Everything ${SITE_NAME} (${siteUrl}) stores about your account, as of ${now.toISOString()}. Secrets are left out: your password (kept only as a hash), sign-in and API tokens. Mail waiting to be sent and counters of recent attempts are not included; the privacy policy (${siteUrl}/privacy) says how long each is kept.`,
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: Boolean(user.email_verified),
      photo: user.image,
      createdAt: iso(user.created_at),
      updatedAt: iso(user.updated_at),
      owner: owner ? { since: iso(owner.granted_at) } : null,
      // The column comes with the second factor's migration; until then no account has one.
      twoFactorEnabled: Boolean((user as Record<string, unknown>).two_factor_enabled),
    },
    signInMethods: signInMethods.map((method) => ({
      provider: method.provider_id === "credential" ? "password" : method.provider_id,
      accountId: method.account_id,
      scope: method.scope,
      createdAt: iso(method.created_at),
      updatedAt: iso(method.updated_at),
    })),
    sessions: sessions.map((session) => ({
      device: describeDevice(session.user_agent),
      userAgent: session.user_agent,
      signedInFrom: session.ip_address || null,
      signedInAt: iso(session.created_at),
      lastUsedAt: iso(session.updated_at),
      expiresAt: iso(session.expires_at),
    })),
    apiTokens: apiTokens.map((token) => ({
      createdAt: iso(token.created_at),
      expiresAt: iso(token.expires_at),
    })),
    reviews: reviews.map((review) => ({
      id: review.id,
      courseId: review.service_id,
      courseName: review.service_name,
      rating: review.rating,
      message: review.message,
      createdAt: iso(review.created_at),
      updatedAt: iso(review.updated_at),
      outcome: {
        module: review.ielts_module,
        bandBefore: numberOrNull(review.band_before),
        bandAchieved: numberOrNull(review.band_achieved),
        testMonth: review.test_month,
      },
      hidden:
        review.hidden_at === null
          ? null
          : { reason: review.hidden_reason, at: iso(review.hidden_at) },
      teachersReply:
        review.reply_text === null
          ? null
          : {
              text: review.reply_text,
              createdAt: isoOrNull(review.reply_created_at),
              updatedAt: isoOrNull(review.reply_updated_at),
            },
      helpfulCount: Number(review.helpful_count),
      reportsReceived: reportsReceived
        .filter((report) => report.review_id === review.id)
        .map((report) => ({
          reason: report.reason,
          reportedAt: iso(report.created_at),
          resolved: report.resolved_at !== null,
        })),
    })),
    helpfulVotes: helpfulVotes.map((vote) => ({
      reviewId: vote.review_id,
      courseId: vote.service_id,
      courseName: vote.service_name,
      votedAt: iso(vote.created_at),
    })),
    reports: reports.map((report) => ({
      reviewId: report.review_id,
      courseId: report.service_id,
      courseName: report.service_name,
      reason: report.reason,
      note: report.note,
      reportedAt: iso(report.created_at),
      resolvedAt: isoOrNull(report.resolved_at),
    })),
    enrollments: enrollments.map((enrollment) => ({
      id: enrollment.id,
      courseId: enrollment.service_id,
      courseName: enrollment.service_name,
      startDate: enrollment.start_date,
      message: enrollment.message,
      status: enrollment.status,
      teachersNote: enrollment.owner_note,
      requestedAt: iso(enrollment.created_at),
      updatedAt: iso(enrollment.updated_at),
    })),
    contactMessages: contactMessages.map((message) => ({
      name: message.name,
      email: message.email,
      message: message.message,
      sentAt: iso(message.created_at),
      handledAt: isoOrNull(message.handled_at),
    })),
    newsletterSubscriptions: newsletterSubscriptions.map((subscription) => ({
      email: subscription.email,
      status: subscription.status,
      subscribedAt: iso(subscription.created_at),
      confirmedAt: isoOrNull(subscription.confirmed_at),
      unsubscribedAt: isoOrNull(subscription.unsubscribed_at),
    })),
    coursesCreated: coursesCreated.map((course) => ({
      id: course.id,
      name: course.name,
      price: centsToPrice(course.price_cents),
      description: course.description,
      image: course.image_url,
      status: course.status,
      createdAt: iso(course.created_at),
      details: detailsOf(course),
    })),
    uploadedPictures: [...uploadedPictures.values()],
    repliesWritten: repliesWritten.map((reply) => ({
      reviewId: reply.review_id,
      text: reply.text,
      createdAt: iso(reply.created_at),
      updatedAt: iso(reply.updated_at),
    })),
    writingAnswers: writingAnswers.map((answer) => ({
      id: answer.id,
      taskId: answer.task_id,
      taskTitle: answer.task_title,
      taskKind: answer.task_kind,
      text: answer.text,
      words: Number(answer.words),
      secondsTaken: numberOrNull(answer.seconds_taken),
      timed: Boolean(answer.timed),
      timeRanOut: Boolean(answer.time_ran_out),
      submittedAt: iso(answer.submitted_at),
      measures: parsedMeasures(answer.measures),
      revisionOf: answer.revision_of,
      fullTestSitting: answer.sitting_id,
      marking: writingMarkings.get(answer.id) ?? null,
    })),
    writingDrafts: writingDrafts.map((draft) => ({
      taskId: draft.task_id,
      taskTitle: draft.task_title,
      text: draft.text,
      secondsLeft: numberOrNull(draft.seconds_left),
      savedAt: iso(draft.updated_at),
    })),
    newsletterIssuesWritten: newsletterIssuesWritten.map((issue) => ({
      id: issue.id,
      subject: issue.subject,
      body: issue.body,
      status: issue.status,
      createdAt: iso(issue.created_at),
      sentAt: isoOrNull(issue.sent_at),
    })),
  };
}

/** The download's file name: `ielts-hub-data-2026-11-24.json`. */
export function accountExportFileName(now = new Date()): string {
  return `ielts-hub-data-${now.toISOString().slice(0, 10)}.json`;
}
