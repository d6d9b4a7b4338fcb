import { useMemo } from "react";
import { data, redirect } from "react-router";
import { getWritingDraft } from "../../core/writing/drafts.server.ts";
import {
  getPublishedWritingTask,
  listPublishedWritingTasksByKind,
} from "../../core/writing/published-tasks.server.ts";
import type { WritingTaskKind } from "../../core/writing/task-kinds.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm, SelectField } from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { Sitting, type SittingPart } from "../components/writing/sitting.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryAfterHeaders } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { answerAction } from "../lib/writing/answer-actions.server.ts";
import { screenTask, WRITING_TEST_MINUTES } from "../lib/writing/screen-task.ts";
import { WRITING_TEST_PATH, writingTestPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/writing-test";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [
  ...pageMeta(
    "Writing test",
    "A full IELTS Writing test: one Task 1 and one Task 2 in one 60-minute sitting.",
  ),
  { name: "robots", content: "noindex" },
];

const TASK_1_KINDS: readonly WritingTaskKind[] = ["academic-task-1", "general-task-1"];

/** What the chooser's "at random" options stand for: the kinds to pick among. */
const RANDOM = new Map<string, readonly WritingTaskKind[]>([
  ["random-task-1", TASK_1_KINDS],
  ["random-academic", ["academic-task-1"]],
  ["random-general", ["general-task-1"]],
  ["random-task-2", ["task-2"]],
]);

const pickOne = <T,>(items: readonly T[]): T | undefined =>
  items[Math.floor(Math.random() * items.length)];

type ContextProvider = Route.LoaderArgs["context"];

/**
 * The two tasks the address names (`?task1=&task2=`): a published Task 1 of either module and a
 * published Task 2; anything else is 404.
 */
async function readTasks(
  request: Request,
  context: ContextProvider,
  ids: { task1: string; task2: string },
) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const [task1, task2] = await Promise.all([
    getPublishedWritingTask(db, ids.task1, user),
    getPublishedWritingTask(db, ids.task2, user),
  ]);
  if (!task1 || !TASK_1_KINDS.includes(task1.kind) || !task2 || task2.kind !== "task-2")
    throw data(null, { status: 404 });
  return { user, task1, task2 };
}

/**
 * `/writing/test` (issue 38, point 3; decision 0060): without tasks in the address, a form to
 * choose them (each may be "at random"); a choice with a random part is drawn here and sent to
 * its own address, so a reload keeps the same tasks; with both, the sitting.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const url = new URL(request.url);
  const asked = {
    task1: url.searchParams.get("task1") || null,
    task2: url.searchParams.get("task2") || null,
  };
  if (asked.task1 === null && asked.task2 === null) {
    const kinds = await listPublishedWritingTasksByKind(db);
    const options = (of: readonly WritingTaskKind[]) =>
      kinds
        .filter(({ kind }) => of.includes(kind))
        .flatMap(({ tasks }) =>
          tasks.map((task) => [task.id, `${task.kindName}: ${task.title}`] as const),
        );
    return {
      mode: "choose" as const,
      task1Options: options(TASK_1_KINDS),
      task2Options: options(["task-2"]),
    };
  }
  const task1Kinds = RANDOM.get(asked.task1 ?? "random-task-1");
  const task2Kinds = RANDOM.get(asked.task2 ?? "random-task-2");
  if (task1Kinds || task2Kinds) {
    const kinds = await listPublishedWritingTasksByKind(db);
    const drawn = (of: readonly WritingTaskKind[]) =>
      pickOne(kinds.filter(({ kind }) => of.includes(kind)).flatMap(({ tasks }) => tasks))?.id;
    const task1 = task1Kinds ? drawn(task1Kinds) : asked.task1;
    const task2 = task2Kinds ? drawn(task2Kinds) : asked.task2;
    if (!task1 || !task2) throw data(null, { status: 404 });
    throw redirect(writingTestPath(task1, task2));
  }
  const { task1, task2 } = await readTasks(request, context, {
    task1: asked.task1 as string,
    task2: asked.task2 as string,
  });
  const drafts = await Promise.all(
    [task1, task2].map((task) => getWritingDraft(db, { userId: user.id, taskId: task.id })),
  );
  const draftOf = (index: number) => {
    const draft = drafts[index];
    return draft
      ? { text: draft.text, secondsLeft: draft.secondsLeft, updatedAt: draft.updatedAt }
      : null;
  };
  return {
    mode: "sitting" as const,
    userId: user.id,
    task1: screenTask(task1),
    task2: screenTask(task2),
    drafts: [draftOf(0), draftOf(1)] as const,
    continueDraft: url.searchParams.get("continue") === "1",
    startedAt: Date.now(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const { user, task1, task2 } = await readTasks(request, context, {
    task1: url.searchParams.get("task1") ?? "",
    task2: url.searchParams.get("task2") ?? "",
  });
  return answerAction({
    request,
    context,
    user,
    parts: [
      { key: "1", task: task1 },
      { key: "2", task: task2 },
    ],
  });
}

export default function WritingTest({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.mode === "choose") {
    return (
      <ChooseTasks task1Options={loaderData.task1Options} task2Options={loaderData.task2Options} />
    );
  }
  return <TestSitting data={loaderData} actionData={actionData} />;
}

function TestSitting({
  data: { userId, task1, task2, drafts, continueDraft, startedAt },
  actionData,
}: {
  data: Extract<Route.ComponentProps["loaderData"], { mode: "sitting" }>;
  actionData: Route.ComponentProps["actionData"];
}) {
  const parts = useMemo<SittingPart[]>(
    () => [
      { key: "1", label: "Part 1", task: task1, draft: drafts[0] },
      { key: "2", label: "Part 2", task: task2, draft: drafts[1] },
    ],
    [task1, task2, drafts],
  );
  return (
    <>
      <FlashToast flash={actionData?.flash} />
      <Sitting
        key={`${task1.id}-${task2.id}`}
        userId={userId}
        heading="Writing test"
        intro={
          <p className="mt-3 max-w-3xl text-sm text-slate-700">
            {`One sitting of ${WRITING_TEST_MINUTES} minutes for both tasks, as in the test: about ${task1.minutes} minutes for Part 1 and ${task2.minutes} for Part 2 is the usual plan, and the time is yours to manage. Both answers are submitted together at the end.`}
          </p>
        }
        parts={parts}
        timed
        totalSeconds={WRITING_TEST_MINUTES * 60}
        continueDraft={continueDraft}
        startedAt={startedAt}
        actionData={actionData}
      />
    </>
  );
}

function ChooseTasks({
  task1Options,
  task2Options,
}: {
  task1Options: readonly (readonly [string, string])[];
  task2Options: readonly (readonly [string, string])[];
}) {
  const ready = task1Options.length > 0 && task2Options.length > 0;
  return (
    <div className="container-page max-w-2xl py-12">
      <Link to="/writing" className="link text-sm">
        All Writing tasks
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Writing test</h1>
      <p className="mt-2 text-slate-700">
        {`A full Writing test as the real one runs: one Task 1 and one Task 2 in one sitting of ${WRITING_TEST_MINUTES} minutes, both answers on one screen with the parts switched at the bottom, and both submitted at the end. Choose the tasks, or let the site draw them.`}
      </p>
      {ready ? (
        <FieldForm method="get" action={WRITING_TEST_PATH} className="form-card mt-6 space-y-5">
          <SelectField
            label="Task 1"
            name="task1"
            defaultValue="random-task-1"
            options={[
              ["random-task-1", "Any Task 1, at random"],
              ["random-academic", "An Academic Task 1, at random"],
              ["random-general", "A General Training Task 1, at random"],
              ...task1Options,
            ]}
          />
          <SelectField
            label="Task 2"
            name="task2"
            defaultValue="random-task-2"
            options={[["random-task-2", "Any Task 2, at random"], ...task2Options]}
          />
          <button type="submit" className="btn-primary">
            {`Start the ${WRITING_TEST_MINUTES}-minute test`}
          </button>
        </FieldForm>
      ) : (
        <p className="form-card mt-6 text-slate-700">
          A full test needs a published Task 1 and a published Task 2; there are none yet.
        </p>
      )}
    </div>
  );
}
