import { listPublishedWritingTasksByKind } from "../../core/writing/published-tasks.server.ts";
import {
  WRITING_TASK_KIND_DESCRIPTIONS,
  WRITING_TASK_KIND_NAMES,
} from "../../core/writing/task-kinds.ts";
import { Link } from "../components/links.tsx";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { publicPageMeta } from "../lib/meta.ts";
import { taskPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/writing";

const DESCRIPTION =
  "IELTS Writing tasks in the test's own format, written by the teacher: Academic Task 1, General Training Task 1 and Task 2, to practise timed or untimed.";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "Writing practice",
    description: DESCRIPTION,
    path: sitePages.writing.path,
  });

/** The published Writing tasks, by kind in the test's order, newest first within each. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { kinds: await listPublishedWritingTasksByKind(db) };
}

export default function Writing({ loaderData }: Route.ComponentProps) {
  const { kinds } = loaderData;
  return (
    <div className="container-page max-w-4xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Writing practice</h1>
      <p className="mt-2 text-slate-700">
        Tasks in the test's own format, written by the teacher. Choose one to read it, then write
        your answer against the clock, as in the test, or untimed.
      </p>

      {/*
        The signed-in student's own answers (issue 38, point 2) go here, above the tasks: newest
        first, each with its task, date, words, time taken and status. Nothing is shown until
        core/writing holds the answers; the loader then reads them for a signed-in student only
        (and the page, personal then, is never kept by the response cache).
      */}

      {kinds.map(({ kind, tasks, count }) => (
        <section key={kind} aria-labelledby={`${kind}-heading`} className="mt-10">
          <h2 id={`${kind}-heading`} className="text-2xl font-bold text-slate-900">
            {WRITING_TASK_KIND_NAMES[kind]}
          </h2>
          <p className="mt-1 text-slate-600">{WRITING_TASK_KIND_DESCRIPTIONS[kind]}</p>
          {tasks.length === 0 ? (
            <p className="mt-4 text-slate-700">No tasks of this kind yet.</p>
          ) : (
            <ul className="mt-4 grid gap-4 sm:grid-cols-2">
              {tasks.map((task) => (
                <li
                  key={task.id}
                  className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
                >
                  <h3 className="font-semibold text-slate-900">
                    <Link to={taskPath(task.id)} className="link wrap-anywhere">
                      {task.title}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm text-slate-600">
                    {`${task.minutes} minutes · at least ${task.minimumWords} words`}
                  </p>
                </li>
              ))}
            </ul>
          )}
          {count > tasks.length && (
            <p className="mt-3 text-sm text-slate-600">
              {`The newest ${tasks.length} of ${count} tasks of this kind.`}
            </p>
          )}
        </section>
      ))}
    </div>
  );
}
