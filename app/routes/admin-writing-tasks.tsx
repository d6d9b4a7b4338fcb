import { formatLongDate } from "../../core/format.ts";
import { MAX_WRITING_TASK_SEARCH_LENGTH } from "../../core/limits/field-limits.ts";
import { listWritingTasksForOwner, OWNER_TASKS_LIMIT } from "../../core/writing/tasks.server.ts";
import { FieldForm, TextField } from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireOwner } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { editTaskPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/admin-writing-tasks";

export const meta: Route.MetaFunction = () =>
  pageMeta("Writing tasks", "The Writing tasks students practise: drafts and published.");

/** Every Writing task, drafts and published alike, the last changed first; `q` searches them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  const search = (new URL(request.url).searchParams.get("q") ?? "").slice(
    0,
    MAX_WRITING_TASK_SEARCH_LENGTH,
  );
  const tasks = (await listWritingTasksForOwner(db, { actor: owner, search })) ?? [];
  return { search, tasks, limited: tasks.length >= OWNER_TASKS_LIMIT };
}

const STATUS_BADGE = {
  draft: "bg-slate-100 text-slate-800",
  published: "bg-green-100 text-green-900",
} as const;

export default function AdminWritingTasks({ loaderData }: Route.ComponentProps) {
  const { search, tasks, limited } = loaderData;
  const timeZone = useSiteTimeZone();
  return (
    <div className="container-page max-w-4xl py-12">
      <p>
        <Link to="/admin" className="link">
          Back to Admin
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Writing tasks</h1>
        <Link to="/admin/writing/tasks/new" className="btn-primary">
          Write a task
        </Link>
      </div>
      <p className="mt-1 text-slate-600">
        The tasks students practise on the{" "}
        <Link to="/writing" className="link">
          Writing page
        </Link>
        , drafts and published, the last changed first.
      </p>

      <FieldForm method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            label="Search the titles and prompts"
            name="q"
            type="search"
            maxLength={MAX_WRITING_TASK_SEARCH_LENGTH}
            defaultValue={search}
          />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </FieldForm>

      {tasks.length === 0 ? (
        <p className="mt-6 text-slate-700">
          {search ? `No task's title or prompt holds "${search}".` : "No tasks yet."}{" "}
          {search && (
            <Link to="/admin/writing/tasks" className="link">
              Show every task
            </Link>
          )}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
          {tasks.map((task) => (
            <li key={task.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div className="min-w-0">
                <Link to={editTaskPath(task.id)} className="link font-semibold wrap-anywhere">
                  {task.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {`${task.kindName} · ${task.minutes} minutes · at least ${task.minimumWords} words${
                    task.hasPicture ? " · with a picture" : ""
                  } · last saved ${formatLongDate(task.updatedAt, timeZone)}`}
                </p>
              </div>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_BADGE[task.status]}`}
              >
                {task.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      {limited && (
        <p className="mt-4 text-sm text-slate-600">
          Only the most recently changed tasks are listed: search for an older one.
        </p>
      )}
    </div>
  );
}
