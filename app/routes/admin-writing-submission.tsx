import { WRITING_CRITERIA, type WritingCriterion } from "../../core/writing/bands.ts";
import { getWritingMarking, writingTestBandOf } from "../../core/writing/markings.server.ts";
import { getAnswerForMarking } from "../../core/writing/submissions.server.ts";
import { DrawnHtml } from "../components/drawn-html.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { Link } from "../components/links.tsx";
import { UserText } from "../components/user-text.tsx";
import { ChangeLinks } from "../components/writing/change-links.tsx";
import { CommentedAnswer, CommentKey } from "../components/writing/commented-answer.tsx";
import {
  ChangeCommentLink,
  CommentChangeForms,
  MarksForm,
  QuoteCommentForm,
  ReturnForm,
} from "../components/writing/marking-forms.tsx";
import { PassageCommenter } from "../components/writing/passage-commenter.tsx";
import { MarkingBands } from "../components/writing/returned-marking.tsx";
import { TaskPicture } from "../components/writing/task-picture.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import {
  commentedAnswerPart,
  measuresAndLinkingPart,
} from "../lib/writing/answer-parts.server.tsx";
import { commentCriterionNames, commentsOnText } from "../lib/writing/comments-on-text.ts";
import { dateAndTime } from "../lib/writing/durations.ts";
import { markingAction } from "../lib/writing/marking-actions.server.ts";
import { markingPath, studentProgressPath, submissionPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/admin-writing-submission";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `Marking: ${loaderData.submission.task.title}` : "Marking",
    "Mark a Writing answer: comments on its passages, the four bands and a summary.",
  ),
  { name: "robots", content: "noindex" },
];

/**
 * The marking page (issue 39, point 3), for owners only: an answer sent for marking, its measures,
 * its text with the comments so far, the bands and summary, and "Return to student". Anyone else,
 * and an answer never sent for marking, gets the 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  const viewer = { userId: owner.id, isOwner: true };
  const submissionId = params.submissionId;
  const answer = await getAnswerForMarking(db, { viewer, submissionId });
  if (!answer) throw notYours(request, context, owner.id, "not-found");
  const { submission, marking } = answer;
  const testBand = marking.returnedAt
    ? await writingTestBandOf(db, { viewer, submissionId })
    : null;
  const { comments: markingComments, ...bandsAndSummary } = marking;
  const comments = commentsOnText(markingComments, submission.task.kind);
  const returned = marking.returnedAt !== null;
  // One comment's Change and Remove open (its link's `?change=`): the answer is drawn live around
  // that form. Otherwise it is the kept drawing of the text and its comments.
  const changing = new URL(request.url).searchParams.get("change");
  const changeOpen = !returned && comments.some((comment) => comment.id === changing);
  // The page's data leaves out what it does not show, and what the drawn parts carry.
  const { text: _text, measures: allMeasures, task: taskAsSet, ...shown } = submission;
  const { flags: _places, ...measures } = allMeasures;
  const { prompt: _markdown, ...task } = taskAsSet;
  return {
    submission: { ...shown, task },
    // The text, for the selection's panel, until the marking is returned.
    text: returned ? null : submission.text,
    marking: bandsAndSummary,
    commentCount: comments.length,
    measures: measuresAndLinkingPart(context, measures),
    commented: changeOpen
      ? { comments, changing }
      : commentedAnswerPart(context, "commented-answer", {
          text: submission.text,
          comments,
          forMarking: !returned,
        }),
    testBand: testBand?.band ?? null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  // An answer not waiting or marked here is refused before the form is read.
  const marking = await getWritingMarking(db, {
    viewer: { userId: owner.id, isOwner: true },
    submissionId: params.submissionId,
  });
  if (!marking) throw notYours(request, context, owner.id, "not-found");
  return markingAction({
    request,
    context,
    owner,
    submissionId: params.submissionId,
    comments: marking.comments,
  });
}

export default function AdminWritingSubmission({ loaderData, actionData }: Route.ComponentProps) {
  const { submission, text, marking, testBand, commentCount, measures, commented } = loaderData;
  const { task } = submission;
  const timeZone = useSiteTimeZone();
  const names = commentCriterionNames(task.kind);
  const returned = marking.returnedAt !== null;
  const stateFor = (intent: string, commentId?: string) =>
    actionData?.intent === intent &&
    (commentId === undefined || actionData.commentId === commentId) &&
    actionData.values.passageStart === undefined
      ? actionData
      : undefined;
  const bandNames = Object.fromEntries(
    WRITING_CRITERIA.map((criterion) => [criterion, names[criterion]]),
  ) as Record<WritingCriterion, string>;

  return (
    <div className="container-page py-12">
      <Link to="/admin/writing" className="link text-sm">
        All answers waiting for marking
      </Link>
      <header className="mt-4 space-y-2">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          {`Marking · ${task.kindName}`}
          {submission.revisionOf && (
            <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs tracking-normal text-slate-800 normal-case">
              Revised draft
            </span>
          )}
        </p>
        <h1 className="text-3xl font-bold wrap-anywhere text-slate-900" dir="auto">
          {task.title}
        </h1>
        <p className="text-slate-700">
          {"By "}
          <Link to={studentProgressPath(submission.authorId)} className="link">
            <UserText>{submission.authorName}</UserText>
          </Link>
          {` · submitted ${dateAndTime(new Date(submission.submittedAt), timeZone)} · ${submission.words} words · sent for marking ${dateAndTime(new Date(marking.requestedAt), timeZone)}`}
        </p>
        {submission.revisionOf && (
          <p className="text-slate-700">
            {"A revised draft of "}
            <Link to={submissionPath(submission.revisionOf)} className="link">
              an earlier answer
            </Link>
            .
          </p>
        )}
        <p className="font-semibold text-slate-900" role="status">
          {returned
            ? `Returned to the student ${dateAndTime(new Date(marking.returnedAt as string), timeZone)}${
                marking.correctedAt
                  ? ` · Corrected ${dateAndTime(new Date(marking.correctedAt), timeZone)}`
                  : ""
              }`
            : "Waiting for marking"}
        </p>
      </header>
      <FlashToast flash={actionData?.flash} />

      <details className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <summary className="cursor-pointer font-semibold text-brand-700">
          The task, as it was set
        </summary>
        <p className="mt-2 text-sm text-slate-600">
          {`${task.minutes} minutes · at least ${task.minimumWords} words`}
        </p>
        <div
          className="prose-article mt-2 text-slate-800"
          // Rendered on the server by the site's own renderer (core/writing/task-prompt.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's escaped Markdown output, see above
          dangerouslySetInnerHTML={{ __html: task.promptHtml }}
        />
        {task.picture && <TaskPicture picture={task.picture} />}
      </details>

      <section aria-labelledby="measures-heading" className="mt-8">
        <h2 id="measures-heading" className="text-2xl font-bold text-slate-900">
          Measures
        </h2>
        <details open className="mt-2">
          <summary className="cursor-pointer font-semibold text-brand-700">
            Show or hide what the server counted
          </summary>
          <DrawnHtml part={measures} />
        </details>
      </section>

      <section aria-labelledby="comments-heading" className="mt-10">
        <h2 id="comments-heading" className="text-2xl font-bold text-slate-900">
          The answer and your comments
        </h2>
        <p className="mt-2 text-slate-700">
          {returned
            ? "The marking is returned: its comments can no longer be changed."
            : `${commentCount === 1 ? "1 comment" : `${commentCount} comments`} so far. Each highlighted passage is numbered; its comment follows the paragraph, or stands beside it on a wide screen.`}
        </p>
        <CommentKey names={names} />
        <div className="mt-4">
          {text === null ? (
            "comments" in commented ? null : (
              <DrawnHtml part={commented} />
            )
          ) : (
            <PassageCommenter text={text} names={names}>
              <ChangeLinks>
                {"comments" in commented ? (
                  <CommentedAnswer
                    text={text}
                    comments={commented.comments}
                    offsets
                    actions={(comment) => {
                      const state =
                        stateFor("change-comment", comment.id) ??
                        stateFor("remove-comment", comment.id);
                      return state || commented.changing === comment.id ? (
                        <CommentChangeForms
                          comment={comment}
                          names={names}
                          state={state}
                          pagePath={markingPath(submission.id)}
                        />
                      ) : (
                        <ChangeCommentLink comment={comment} />
                      );
                    }}
                  />
                ) : (
                  <DrawnHtml part={commented} />
                )}
              </ChangeLinks>
            </PassageCommenter>
          )}
        </div>
        {!returned && (
          <>
            <h3 className="mt-8 text-xl font-bold text-slate-900">
              Add a comment by quoting its words
            </h3>
            <p className="mt-1 text-slate-700">
              Without a mouse, or without JavaScript: paste the passage's exact words and write the
              comment.
            </p>
            <QuoteCommentForm state={stateFor("add-comment")} names={names} />
          </>
        )}
      </section>

      <section aria-labelledby="marks-heading" className="mt-10">
        <h2 id="marks-heading" className="text-2xl font-bold text-slate-900">
          {returned ? "Correct the marking" : "Bands and summary"}
        </h2>
        <p className="mt-2 text-slate-700">
          {returned
            ? "The student has the marking. A correction of the bands, notes or summary shows them “Corrected” with its time."
            : "One whole band from 0 to 9 for each criterion, with a note if you wish, and a summary."}
        </p>
        {returned && (
          <div className="mt-4">
            <MarkingBands taskKind={task.kind} marking={marking} writingTestBand={testBand} />
          </div>
        )}
        <MarksForm
          marking={marking}
          names={bandNames}
          returned={returned}
          state={stateFor("save-marks")}
        />
      </section>

      <section aria-labelledby="return-heading" className="mt-10">
        <h2 id="return-heading" className="text-2xl font-bold text-slate-900">
          Return to student
        </h2>
        {returned ? (
          <p className="mt-2 text-slate-700">
            {`Returned ${dateAndTime(new Date(marking.returnedAt as string), timeZone)}: the student was told by e-mail and reads it on `}
            <Link to={submissionPath(submission.id)} className="link">
              their answer's page
            </Link>
            .
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              Once the bands and summary are saved, return the marking: the student gets an e-mail
              with a link to it, and the comments can no longer be changed.
            </p>
            <ReturnForm error={stateFor("return")?.fieldErrors.return} />
          </>
        )}
      </section>
    </div>
  );
}
