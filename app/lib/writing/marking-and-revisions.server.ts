import { reanchorComments } from "../../../core/writing/anchoring.ts";
import { criterionName } from "../../../core/writing/bands.ts";
import { wordChanges } from "../../../core/writing/draft-changes.ts";
import {
  coursesWithWritingMarking,
  writingMarkingAllowance,
} from "../../../core/writing/marking-allowance.server.ts";
import { getWritingMarking } from "../../../core/writing/markings.server.ts";
import { getPublishedWritingTask } from "../../../core/writing/published-tasks.server.ts";
import { getWritingSubmission, revisionsOf } from "../../../core/writing/submissions.server.ts";
import { type AppContext, appContext } from "../../context.server.ts";
import { commentedAnswerPart } from "./answer-parts.server.tsx";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/*
 * An answer's page (app/routes/writing-submission.tsx) on sending for marking and revised drafts
 * (issue 39, points 1 and 5): what its loader reads beside the answer itself.
 */

/**
 * What the page needs about marking and revised drafts: the author's allowance while the answer
 * is not sent (and the courses that include marking when none is left), the earlier answer a
 * revision revises with what changed since and the earlier answer's returned comments placed
 * again, its own revisions, and whether a revised draft may be written (its author, the task
 * still published).
 */
export async function markingAndRevisions(
  context: ContextProvider,
  viewer: { userId: string; isOwner: boolean },
  submission: NonNullable<Awaited<ReturnType<typeof getWritingSubmission>>>,
) {
  const { db } = context.get(appContext);
  const isAuthor = submission.authorId === viewer.userId;
  const [allowance, earlier, revisions, openTask] = await Promise.all([
    isAuthor && submission.marking.status === "not-sent"
      ? writingMarkingAllowance(db, viewer.userId)
      : null,
    submission.revisionOf
      ? getWritingSubmission(db, { viewer, submissionId: submission.revisionOf })
      : undefined,
    revisionsOf(db, { viewer, submissionId: submission.id }),
    isAuthor ? getPublishedWritingTask(db, submission.taskId) : undefined,
  ]);
  const [courses, earlierMarking] = await Promise.all([
    allowance && allowance.left === 0 ? coursesWithWritingMarking(db) : null,
    earlier ? getWritingMarking(db, { viewer, submissionId: earlier.id }) : undefined,
  ]);
  return {
    isAuthor,
    allowance,
    courses,
    earlier: earlier
      ? {
          id: earlier.id,
          submittedAt: earlier.submittedAt,
          changes: wordChanges(earlier.text, submission.text),
          // Only what the student has been given: an owner sees no comments before the return either.
          comments: earlierMarking?.returnedAt
            ? placeAgain(context, submission, earlierMarking.comments)
            : null,
        }
      : null,
    revisions,
    canRevise: openTask !== undefined,
  };
}

/**
 * The earlier answer's comments in this revised draft: those found again (their quote and its
 * context, fuzzily), numbered in the order of the new text, and those no longer in it.
 */
function placeAgain(
  context: ContextProvider,
  submission: { text: string; task: { kind: Parameters<typeof criterionName>[1] } },
  comments: NonNullable<Awaited<ReturnType<typeof getWritingMarking>>>["comments"],
) {
  const { placed, lost } = reanchorComments(submission.text, comments);
  const nameOf = (criterion: (typeof comments)[number]["criterion"]) =>
    criterionName(criterion, submission.task.kind);
  const placedAgain = [...placed]
    .sort((a, b) => a.passage.start - b.passage.start || b.passage.end - a.passage.end)
    .map((comment, index) => ({
      id: comment.id,
      number: index + 1,
      criterion: comment.criterion,
      criterionName: nameOf(comment.criterion),
      text: comment.text,
      correction: comment.correction,
      passage: comment.passage,
      reworded: comment.exact ? null : comment.selectors[0].exact,
    }));
  return {
    answer: commentedAnswerPart(context, "earlier-commented-answer", {
      text: submission.text,
      comments: placedAgain,
      idPrefix: "earlier-",
    }),
    placed: placedAgain.map(({ id }) => ({ id })),
    lost: lost.map((comment) => ({
      id: comment.id,
      criterion: comment.criterion,
      criterionName: nameOf(comment.criterion),
      text: comment.text,
      correction: comment.correction,
      quote: comment.selectors[0].exact,
    })),
  };
}
