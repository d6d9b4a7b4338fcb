import { data } from "react-router";
import { sendForMarking } from "../../core/writing/marking-allowance.server.ts";
import { getWritingMarking, writingTestBandOf } from "../../core/writing/markings.server.ts";
import { getWritingSubmission } from "../../core/writing/submissions.server.ts";
import { WRITING_TASK_KIND_NAMES } from "../../core/writing/task-kinds.ts";
import { DrawnHtml } from "../components/drawn-html.tsx";
import { Link } from "../components/links.tsx";
import { DraftChanges } from "../components/writing/draft-changes.tsx";
import { EarlierComments } from "../components/writing/earlier-comments.tsx";
import { FLAG_KINDS } from "../components/writing/marked-answer.tsx";
import { ReturnedMarking } from "../components/writing/returned-marking.tsx";
import { RevisionOf, Revisions } from "../components/writing/revisions.tsx";
import {
  SEND_FOR_MARKING_INTENT,
  SendForMarking,
} from "../components/writing/send-for-marking.tsx";
import { TaskPicture } from "../components/writing/task-picture.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { commentedAnswerPart, measuresParts } from "../lib/writing/answer-parts.server.tsx";
import { commentCriterionNames, commentsOnText } from "../lib/writing/comments-on-text.ts";
import { dateAndTime, durationText } from "../lib/writing/durations.ts";
import { markingAndRevisions } from "../lib/writing/marking-and-revisions.server.ts";
import { submissionPath, taskPath } from "../lib/writing/task-paths.ts";
import { useForgetSubmittedDrafts } from "../lib/writing/use-forget-submitted.ts";
import type { Route } from "./+types/writing-submission";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `Your answer: ${loaderData.submission.task.title}` : "Your answer",
    "A submitted IELTS Writing answer with its measures.",
  ),
  { name: "robots", content: "noindex" },
];

/**
 * A submitted answer with its measures (issue 38, point 5), for its author or an owner; anyone
 * else gets the 404 page, as for an unknown id. `?test=` names the other answer of a full test,
 * shown as a link when the same reader may see it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const viewer = { userId: user.id, isOwner: user.isOwner };
  const submission = await getWritingSubmission(db, {
    viewer,
    submissionId: params.submissionId,
  });
  if (!submission) throw notYours(request, context, user.id, "not-found");
  const otherId = new URL(request.url).searchParams.get("test");
  const other =
    otherId && otherId !== submission.id
      ? await getWritingSubmission(db, { viewer, submissionId: otherId })
      : undefined;
  // The teacher's marking, once returned (issue 39, point 4).
  const marking =
    submission.marking.status === "returned"
      ? await getWritingMarking(db, { viewer, submissionId: submission.id })
      : undefined;
  let markingView = null;
  if (marking?.returnedAt) {
    const { comments, ...bandsAndSummary } = marking;
    const returnedComments = commentsOnText(comments, submission.task.kind);
    markingView = {
      ...bandsAndSummary,
      commentCount: returnedComments.length,
      commented: commentedAnswerPart(context, "commented-answer", {
        text: submission.text,
        comments: returnedComments,
      }),
      writingTestBand:
        (await writingTestBandOf(db, { viewer, submissionId: submission.id }))?.band ?? null,
    };
  }
  // The measures drawn once and sent once: the page's data leaves them out (decision 0063).
  const { measures, text: _text, ...answer } = submission;
  return {
    userId: user.id,
    submission: answer,
    measures: measuresParts(context, submission.text, measures),
    marking: markingView,
    otherPart: other
      ? { id: other.id, taskId: other.taskId, kind: other.task.kind, title: other.task.title }
      : null,
    ...(await markingAndRevisions(context, viewer, submission)),
  };
}

/**
 * "Send for marking" (a form with an intent, no JavaScript needed): the author's own answer only
 * (anyone else's is 404, as on reading it); refused, the page says why beside the button; sent,
 * the owners' mail leaves at once and the page says it waits for the teacher.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") !== SEND_FOR_MARKING_INTENT)
    return data({ refusal: "Choose Send for marking." }, { status: 400 });
  const { db, baseUrl, wakeMailWorker } = context.get(appContext);
  const sent = await sendForMarking(db, {
    writer: writerFor(context, user),
    submissionId: params.submissionId,
    siteUrl: baseUrl,
  });
  if (!sent.ok) {
    if (sent.reason === "rate-limited") {
      const limited = writeLimited(request, context, user.id, sent);
      return data({ refusal: limited.data.flash.message }, limited.init ?? undefined);
    }
    if (sent.reason === "not-found") throw notYours(request, context, user.id, "not-found");
    return data({ refusal: sent.message }, { status: 409 });
  }
  wakeMailWorker();
  // Back to the answer's page as it was asked for (a script's request has `.data` in its path).
  const otherPart = new URL(request.url).searchParams.get("test") ?? undefined;
  return redirectWithToast(submissionPath(params.submissionId, otherPart), {
    type: "success",
    message: "Sent for marking: you will get an e-mail when the teacher returns it.",
  });
}

export default function WritingSubmission({ loaderData, actionData }: Route.ComponentProps) {
  const { userId, submission, otherPart, marking, measures } = loaderData;
  const { task } = submission;
  const timeZone = useSiteTimeZone();
  useForgetSubmittedDrafts(userId, otherPart ? [task.id, otherPart.taskId] : [task.id]);
  const parts = otherPart
    ? [
        { id: submission.id, kind: task.kind, title: task.title, here: true },
        { id: otherPart.id, kind: otherPart.kind, title: otherPart.title, here: false },
      ].sort((a, b) => (a.kind === "task-2" ? 1 : 0) - (b.kind === "task-2" ? 1 : 0))
    : [];
  const facts = [
    `Submitted ${dateAndTime(new Date(submission.submittedAt), timeZone)}`,
    submission.timed ? "timed" : "untimed practice",
    `took ${durationText(submission.secondsTaken)}`,
    ...(submission.timeRanOut ? ["submitted when the time ran out"] : []),
  ];
  return (
    <div className="container-page max-w-4xl py-12">
      <Link to="/writing" className="link text-sm">
        Your answers and the Writing tasks
      </Link>
      <header className="mt-4 space-y-2">
        <p className="text-sm font-semibold tracking-wide text-brand-800 uppercase">
          {WRITING_TASK_KIND_NAMES[task.kind]}
          {task.withdrawn && (
            <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs tracking-normal text-slate-800 normal-case">
              Withdrawn task
            </span>
          )}
        </p>
        <h1 className="text-3xl font-bold wrap-anywhere text-slate-900" dir="auto">
          {task.title}
        </h1>
        <p className="text-slate-700">{facts.join(" · ")}</p>
        {task.withdrawn && (
          <p className="text-slate-700">
            The teacher has withdrawn this task: it is no longer offered, and your answer stays
            here.
          </p>
        )}
        {loaderData.earlier && (
          <RevisionOf earlier={loaderData.earlier} isAuthor={loaderData.isAuthor} />
        )}
      </header>

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

      {parts.length > 0 && (
        <nav aria-label="This Writing test's answers" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {parts.map((part, index) => (
              <li key={part.id}>
                <Link
                  to={submissionPath(part.id, parts[1 - index]?.id)}
                  aria-current={part.here ? "page" : undefined}
                  className={`inline-flex rounded-lg px-4 py-2 text-sm font-semibold ring-1 ${
                    part.here
                      ? "bg-brand-700 text-white ring-brand-700"
                      : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"
                  }`}
                >
                  {`Part ${index + 1}: ${WRITING_TASK_KIND_NAMES[part.kind]}`}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {marking && (
        <ReturnedMarking
          commented={marking.commented}
          commentCount={marking.commentCount}
          taskKind={task.kind}
          marking={marking}
          writingTestBand={marking.writingTestBand}
        />
      )}

      <SendForMarking
        submissionId={submission.id}
        marking={submission.marking}
        isAuthor={loaderData.isAuthor}
        allowance={loaderData.allowance}
        courses={loaderData.courses}
        refusal={actionData?.refusal ?? null}
      />

      {loaderData.earlier && (
        <DraftChanges
          changes={loaderData.earlier.changes}
          earlierLabel={loaderData.isAuthor ? "your earlier answer" : "the earlier answer"}
        />
      )}
      {loaderData.earlier?.comments && (
        <EarlierComments
          {...loaderData.earlier.comments}
          names={commentCriterionNames(task.kind)}
          earlierLabel={loaderData.isAuthor ? "your earlier answer" : "the earlier answer"}
        />
      )}

      <section aria-labelledby="measures-heading" className="mt-8">
        <h2 id="measures-heading" className="text-2xl font-bold text-slate-900">
          Measures
        </h2>
        <p className="mt-2 text-slate-700">
          What a machine can count in your answer, worked out by this site's server. They are not a
          band: the four criteria need a teacher's reading.
        </p>
        <DrawnHtml part={measures.counts} />
      </section>

      <section aria-labelledby="answer-heading" className="mt-10">
        <h2 id="answer-heading" className="text-2xl font-bold text-slate-900">
          Your answer
        </h2>
        <FlagKey />
        <div className="mt-4">
          <DrawnHtml part={measures.marked} />
        </div>
      </section>

      <section aria-labelledby="flags-heading" className="mt-10">
        <h2 id="flags-heading" className="text-2xl font-bold text-slate-900">
          Marked in your answer
        </h2>
        <p className="mt-2 text-slate-700">
          Each number is a mark in the text above; a link leads to its place, and Tab moves from
          mark to mark in the text.
        </p>
        <DrawnHtml part={measures.flagList} />
      </section>

      <section aria-labelledby="linking-heading" className="mt-10">
        <h2 id="linking-heading" className="text-2xl font-bold text-slate-900">
          Linking words
        </h2>
        <DrawnHtml part={measures.linking} />
      </section>

      <Revisions
        submissionId={submission.id}
        taskId={task.id}
        revisions={loaderData.revisions}
        canRevise={loaderData.canRevise}
      />

      {/* Only while the task is offered: withdrawn or set back to a draft, its page is a 404. */}
      {loaderData.canRevise && (
        <p className="mt-10">
          <Link to={taskPath(task.id)} className="btn-secondary">
            Write this task again
          </Link>
        </p>
      )}
    </div>
  );
}

/** What each pattern in the text means. */
function FlagKey() {
  return (
    <ul
      aria-label="Key to the marks"
      className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700"
    >
      {Object.entries(FLAG_KINDS).map(([kind, look]) => (
        <li key={kind}>
          <mark className={`writing-mark writing-mark-sample ${look.className}`}>{look.name}</mark>
          {` (${look.pattern})`}
        </li>
      ))}
    </ul>
  );
}
