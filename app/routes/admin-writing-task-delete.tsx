import { WRITING_TASK_KIND_NAMES } from "../../core/writing/task-kinds.ts";
import { getWritingTaskForOwner, withdrawWritingTask } from "../../core/writing/tasks.server.ts";
import { DeleteConfirmation } from "../components/delete-confirmation.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { editTaskPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/admin-writing-task-delete";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    `Delete ${loaderData?.task.title ?? "Writing task"}`,
    "Delete a Writing task of IELTS Hub.",
  );

/** Deleting a task asks first, on a page of its own (with or without JavaScript). */
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
      published: task.status === "published",
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const withdrawn = await withdrawWritingTask(context.get(appContext).db, {
    writer: writerFor(context, owner),
    taskId: params.taskId,
  });
  if (!withdrawn.ok && withdrawn.reason === "rate-limited")
    return writeLimited(request, context, owner.id, withdrawn);
  if (!withdrawn.ok) throw notYours(request, context, owner.id, "not-found");
  return redirectWithToast("/admin/writing/tasks", {
    type: "success",
    message: "Writing task deleted. Answers written to it are kept.",
  });
}

export default function AdminWritingTaskDelete({ loaderData }: Route.ComponentProps) {
  const { task } = loaderData;
  return (
    <DeleteConfirmation title={`Delete ${task.title}?`} cancelTo={editTaskPath(task.id)}>
      <p className="text-slate-700">
        {`${task.kindName}, ${task.published ? "published" : "a draft"}.`}
      </p>
      <p className="mt-2 text-slate-700">
        It leaves the Writing page, its own page and the API at once, and cannot be brought back.
        The answers students already wrote to it are kept: they see them with the task marked as
        withdrawn. To keep it but hide it from students, save it as a draft instead.
      </p>
    </DeleteConfirmation>
  );
}
