import { useMemo } from "react";
import { data } from "react-router";
import { getWritingDraft } from "../../core/writing/drafts.server.ts";
import { getPublishedWritingTask } from "../../core/writing/published-tasks.server.ts";
import { getWritingSubmission } from "../../core/writing/submissions.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { Link } from "../components/links.tsx";
import { Sitting, type SittingPart } from "../components/writing/sitting.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { answerAction } from "../lib/writing/answer-actions.server.ts";
import { dateAndTime } from "../lib/writing/durations.ts";
import { screenTask } from "../lib/writing/screen-task.ts";
import { submissionPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/writing-write";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `Write: ${loaderData.task.title}` : "Write your answer",
    "Write your answer to an IELTS Writing task on a screen like the test's.",
  ),
  { name: "robots", content: "noindex" },
];

/** The task, for a signed-in student (a visitor signs in and comes back), and their draft of it. */
async function readScreen(request: Request, context: Route.LoaderArgs["context"], taskId: string) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const task = await getPublishedWritingTask(db, taskId, user);
  if (!task) throw data(null, { status: 404 });
  return { user, task };
}

/**
 * The test screen for one task (issue 38, point 3): `?timed=1` counts down from the task's
 * minutes; `?continue=1` goes on with the draft (the offer's "Continue" without JavaScript);
 * `?revise={id}` writes a revised draft of the student's own earlier answer to this task (issue
 * 39, point 5): the box starts from that answer's text, and the new answer is linked to it. Not
 * theirs, or another task's, is 404, as for an unknown id.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, task } = await readScreen(request, context, params.taskId);
  const { db } = context.get(appContext);
  const url = new URL(request.url);
  const reviseId = url.searchParams.get("revise");
  const [draft, earlier] = await Promise.all([
    getWritingDraft(db, { userId: user.id, taskId: task.id }),
    reviseId === null
      ? undefined
      : // Even an owner revises only their own answers.
        getWritingSubmission(db, {
          viewer: { userId: user.id, isOwner: false },
          submissionId: reviseId,
        }),
  ]);
  if (reviseId !== null && (!earlier || earlier.taskId !== task.id))
    throw notYours(request, context, user.id, "not-found");
  return {
    userId: user.id,
    task: screenTask(task),
    timed: url.searchParams.get("timed") === "1",
    continueDraft: url.searchParams.get("continue") === "1",
    draft: draft
      ? { text: draft.text, secondsLeft: draft.secondsLeft, updatedAt: draft.updatedAt }
      : null,
    startedAt: Date.now(),
    revising: earlier
      ? { id: earlier.id, text: earlier.text, submittedAt: earlier.submittedAt }
      : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, task } = await readScreen(request, context, params.taskId);
  return answerAction({ request, context, user, parts: [{ key: "", task }], revisions: true });
}

export default function WritingWrite({ loaderData, actionData }: Route.ComponentProps) {
  const { userId, task, timed, continueDraft, draft, startedAt, revising } = loaderData;
  const timeZone = useSiteTimeZone();
  const parts = useMemo<SittingPart[]>(
    () => [{ key: "", label: task.kindName, task, draft, startText: revising?.text }],
    [task, draft, revising],
  );
  return (
    <>
      <FlashToast flash={actionData?.flash} />
      <Sitting
        // A new sitting (timed or not) starts the screen afresh.
        key={`${task.id}-${timed}-${revising?.id ?? ""}`}
        userId={userId}
        heading={
          <>
            <span className="block text-sm font-semibold tracking-wide text-brand-800 uppercase">
              {`${task.kindName} · ${revising ? "revised draft · " : ""}${timed ? "timed" : "untimed practice"}`}
            </span>
            {task.title}
          </>
        }
        parts={parts}
        timed={timed}
        totalSeconds={task.minutes * 60}
        continueDraft={continueDraft}
        startedAt={startedAt}
        revisionOf={revising?.id ?? null}
        intro={
          revising && (
            <p className="mt-4 text-slate-700">
              {"A revised draft of "}
              <Link to={submissionPath(revising.id)} className="link">
                {`your answer of ${dateAndTime(new Date(revising.submittedAt), timeZone)}`}
              </Link>
              : the box starts from its text. Once submitted, the new answer is linked to it.
            </p>
          )
        }
        actionData={actionData}
      />
    </>
  );
}
