import { data } from "react-router";
import { formatLongDate } from "../../core/format.ts";
import { WRITING_TASK_KIND_NAMES } from "../../core/writing/task-kinds.ts";
import { renderTaskPrompt } from "../../core/writing/task-prompt.server.ts";
import { getWritingTaskForOwner } from "../../core/writing/tasks.server.ts";
import { WritingTaskForm } from "../components/admin/writing-task-form.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { Link } from "../components/links.tsx";
import { appContext } from "../context.server.ts";
import {
  saveTaskForm,
  storedTaskValues,
  taskPreviewAnswer,
} from "../lib/admin/writing-task-form.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { deleteTaskPath, taskPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/admin-writing-task-edit";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    `Edit ${loaderData?.task.title ?? "Writing task"}`,
    "Change a Writing task of IELTS Hub.",
  );

/** One task for its owner: change it, see where it stands, delete it. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  const task = await getWritingTaskForOwner(db, { actor: owner, taskId: params.taskId });
  if (!task) throw notYours(request, context, owner.id, "not-found");
  return {
    task: {
      id: task.id,
      title: task.title,
      kindName: WRITING_TASK_KIND_NAMES[task.kind],
      status: task.status,
      updatedAt: task.updatedAt,
    },
    values: storedTaskValues(task),
    previewHtml: renderTaskPrompt(task.prompt),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  // An unknown (or deleted) task is refused before the form is read: its picture is never decoded.
  const task = await getWritingTaskForOwner(db, { actor: owner, taskId: params.taskId });
  if (!task) throw notYours(request, context, owner.id, "not-found");
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "preview") return taskPreviewAnswer(form);
  if (intent === "save") return saveTaskForm({ request, context, owner, form, task });
  return data(
    { values: {}, fieldErrors: { form: "Nothing to do." }, flash: null },
    { status: 400 },
  );
}

export default function AdminWritingTaskEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { task, values, previewHtml } = loaderData;
  const timeZone = useSiteTimeZone();
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <div className="container-page py-12">
      <p>
        <Link to="/admin/writing/tasks" className="link">
          All Writing tasks
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold wrap-anywhere text-slate-900">{task.title}</h1>
      <FlashToast flash={actionData?.flash} />
      <p className="mt-1 text-slate-700">
        {`${task.kindName} · ${task.status === "published" ? "Published" : "Draft"}, last saved ${formatLongDate(task.updatedAt, timeZone)}.`}{" "}
        <Link to={taskPath(task.id)} className="link">
          {task.status === "published" ? "See it as students do" : "Preview it as students will"}
        </Link>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={deleteTaskPath(task.id)} className="btn-secondary">
          Delete…
        </Link>
      </div>

      <WritingTaskForm
        state={answer ?? { values }}
        previewHtml={answer ? answer.previewHtml : previewHtml}
        submitLabel="Save"
      />
    </div>
  );
}
