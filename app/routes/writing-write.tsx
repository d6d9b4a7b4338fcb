import { useMemo } from "react";
import { data } from "react-router";
import { getWritingDraft } from "../../core/writing/drafts.server.ts";
import { getPublishedWritingTask } from "../../core/writing/published-tasks.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { Sitting, type SittingPart } from "../components/writing/sitting.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryAfterHeaders } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { answerAction } from "../lib/writing/answer-actions.server.ts";
import { screenTask } from "../lib/writing/screen-task.ts";
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
 * minutes; `?continue=1` goes on with the draft (the offer's "Continue" without JavaScript).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user, task } = await readScreen(request, context, params.taskId);
  const { db } = context.get(appContext);
  const url = new URL(request.url);
  const draft = await getWritingDraft(db, { userId: user.id, taskId: task.id });
  return {
    userId: user.id,
    task: screenTask(task),
    timed: url.searchParams.get("timed") === "1",
    continueDraft: url.searchParams.get("continue") === "1",
    draft: draft
      ? { text: draft.text, secondsLeft: draft.secondsLeft, updatedAt: draft.updatedAt }
      : null,
    startedAt: Date.now(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, task } = await readScreen(request, context, params.taskId);
  return answerAction({ request, context, user, parts: [{ key: "", task }] });
}

export default function WritingWrite({ loaderData, actionData }: Route.ComponentProps) {
  const { userId, task, timed, continueDraft, draft, startedAt } = loaderData;
  const parts = useMemo<SittingPart[]>(
    () => [{ key: "", label: task.kindName, task, draft }],
    [task, draft],
  );
  return (
    <>
      <FlashToast flash={actionData?.flash} />
      <Sitting
        // A new sitting (timed or not) starts the screen afresh.
        key={`${task.id}-${timed}`}
        userId={userId}
        heading={
          <>
            <span className="block text-sm font-semibold tracking-wide text-brand-800 uppercase">
              {`${task.kindName} · ${timed ? "timed" : "untimed practice"}`}
            </span>
            {task.title}
          </>
        }
        parts={parts}
        timed={timed}
        totalSeconds={task.minutes * 60}
        continueDraft={continueDraft}
        startedAt={startedAt}
        actionData={actionData}
      />
    </>
  );
}
