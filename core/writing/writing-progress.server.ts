import type { DB } from "../../db/index.ts";
import { toDate } from "../../db/schema.ts";
import { isPlausibleId } from "../ids.ts";
import { type CommentCriterion, taskBand, type WritingCriterion } from "./bands.ts";
import {
  commentCountsByCriterion,
  lowestCriterion,
  medianDuration,
  mostCommentsSentence,
  type ReturnedMarking,
  weeklyCounts,
} from "./progress.ts";

/*
 * Progress (issue 39, point 6; decisions 0061 and 0062): a student's returned markings over time,
 * first attempts and revisions apart, their lowest criterion and their comments by criterion —
 * for the student on /writing and `GET /api/writing/progress`, for the owner on
 * /admin/writing/students/{userId}; and how the marking itself goes, on /admin/writing.
 */

export interface WritingProgress {
  /** Every returned marking, oldest return first. */
  markings: ReturnedMarking[];
  firstAttempts: ReturnedMarking[];
  revisions: ReturnedMarking[];
  lowest: ReturnType<typeof lowestCriterion>;
  commentCounts: ReturnType<typeof commentCountsByCriterion>;
  /** "Most comments: Grammatical Range and Accuracy, 14", or null with no comments. */
  mostComments: string | null;
}

/** The returned markings of one student's answers, oldest return first. */
export async function writingProgress(db: DB, studentId: string): Promise<WritingProgress> {
  const rows = isPlausibleId(studentId)
    ? await db
        .selectFrom("writing_markings")
        .innerJoin(
          "writing_submissions",
          "writing_submissions.id",
          "writing_markings.submission_id",
        )
        .innerJoin("writing_tasks", "writing_tasks.id", "writing_submissions.task_id")
        .select([
          "writing_markings.submission_id",
          "writing_markings.requested_at",
          "writing_markings.returned_at",
          "writing_markings.band_task",
          "writing_markings.band_coherence_cohesion",
          "writing_markings.band_lexical_resource",
          "writing_markings.band_grammatical_range_accuracy",
          "writing_submissions.revision_of",
          "writing_tasks.title",
          "writing_tasks.kind",
        ])
        .where("writing_submissions.author_id", "=", studentId)
        .where("writing_markings.returned_at", "is not", null)
        .orderBy("writing_markings.returned_at")
        .orderBy("writing_markings.submission_id")
        .execute()
    : [];
  const criteriaBySubmission = new Map<string, CommentCriterion[]>();
  if (rows.length > 0) {
    const comments = await db
      .selectFrom("writing_comments")
      .innerJoin("writing_submissions", "writing_submissions.id", "writing_comments.submission_id")
      .innerJoin(
        "writing_markings",
        "writing_markings.submission_id",
        "writing_comments.submission_id",
      )
      .select(["writing_comments.submission_id", "writing_comments.criterion"])
      .where("writing_submissions.author_id", "=", studentId)
      .where("writing_markings.returned_at", "is not", null)
      .execute();
    for (const comment of comments) {
      const list = criteriaBySubmission.get(comment.submission_id) ?? [];
      list.push(comment.criterion as CommentCriterion);
      criteriaBySubmission.set(comment.submission_id, list);
    }
  }
  const markings: ReturnedMarking[] = rows.map((row) => {
    const bands: Record<WritingCriterion, number> = {
      task: Number(row.band_task),
      coherenceCohesion: Number(row.band_coherence_cohesion),
      lexicalResource: Number(row.band_lexical_resource),
      grammaticalRangeAccuracy: Number(row.band_grammatical_range_accuracy),
    };
    return {
      submissionId: row.submission_id,
      taskTitle: row.title,
      taskKind: row.kind,
      revision: row.revision_of !== null,
      sentAt: toDate(row.requested_at).toISOString(),
      returnedAt: toDate(row.returned_at as string).toISOString(),
      bands,
      taskBand: taskBand(bands),
      commentCriteria: criteriaBySubmission.get(row.submission_id) ?? [],
    };
  });
  return {
    markings,
    firstAttempts: markings.filter((marking) => !marking.revision),
    revisions: markings.filter((marking) => marking.revision),
    lowest: lowestCriterion(markings),
    commentCounts: commentCountsByCriterion(markings),
    mostComments: mostCommentsSentence(markings),
  };
}

/** The weeks of answers sent for marking /admin/writing charts. */
export const MARKING_WEEKS_CHARTED = 12;
/** The days the median time to return is taken over. */
export const MARKING_TURNAROUND_DAYS = 30;

export interface MarkingTurnaround {
  /** From sending to return, the median over the markings returned in the last 30 days. */
  medianMs: number | null;
  /** How many were returned in those days. */
  returned: number;
  /** Answers sent for marking per week, the last MARKING_WEEKS_CHARTED weeks, oldest first. */
  sentPerWeek: ReturnType<typeof weeklyCounts>;
}

/** How the marking goes, for /admin/writing; weeks start on Monday in the site's time zone. */
export async function markingTurnaround(
  db: DB,
  { timeZone }: { timeZone: string },
  now = new Date(),
): Promise<MarkingTurnaround> {
  const since = new Date(now.getTime() - MARKING_TURNAROUND_DAYS * 24 * 60 * 60 * 1000);
  const weeksAgo = new Date(now.getTime() - (MARKING_WEEKS_CHARTED + 1) * 7 * 24 * 60 * 60 * 1000);
  const [returned, sent] = await Promise.all([
    db
      .selectFrom("writing_markings")
      .select(["requested_at", "returned_at"])
      .where("returned_at", ">=", since.toISOString())
      .execute(),
    db
      .selectFrom("writing_markings")
      .select("requested_at")
      .where("requested_at", ">=", weeksAgo.toISOString())
      .execute(),
  ]);
  const durations = returned.map(
    (row) => toDate(row.returned_at as string).getTime() - toDate(row.requested_at).getTime(),
  );
  return {
    medianMs: medianDuration(durations),
    returned: returned.length,
    sentPerWeek: weeklyCounts(
      sent.map((row) => toDate(row.requested_at)),
      now,
      MARKING_WEEKS_CHARTED,
      timeZone,
    ),
  };
}
