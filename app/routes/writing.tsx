import { data } from "react-router";
import {
  coursesWithWritingMarking,
  writingMarkingAllowance,
} from "../../core/writing/marking-allowance.server.ts";
import { listPublishedWritingTasksByKind } from "../../core/writing/published-tasks.server.ts";
import { listOwnWritingSubmissions } from "../../core/writing/submissions.server.ts";
import {
  WRITING_TASK_KIND_DESCRIPTIONS,
  WRITING_TASK_KIND_NAMES,
} from "../../core/writing/task-kinds.ts";
import { writingProgress } from "../../core/writing/writing-progress.server.ts";
import { Link } from "../components/links.tsx";
import { AllowanceSummary, CoursesWithMarking } from "../components/writing/marking-allowance.tsx";
import { MyAnswers } from "../components/writing/my-answers.tsx";
import { WritingProgress } from "../components/writing/writing-progress.tsx";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { publicPageMeta } from "../lib/meta.ts";
import { requestedPage } from "../lib/pagination.ts";
import { getSessionUser } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { taskPath, WRITING_TEST_PATH } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/writing";

const DESCRIPTION =
  "IELTS Writing tasks in the test's own format, written by the teacher: Academic Task 1, General Training Task 1 and Task 2, to practise timed or untimed.";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "Writing practice",
    description: DESCRIPTION,
    path: sitePages.writing.path,
  });

/**
 * The published Writing tasks, by kind in the test's order, newest first within each; and, for a
 * signed-in student, their own answers, newest first, a page at a time (`?page=`, from 1; a page
 * past the end is 404, decision 0004), with their marking allowance (the courses that include
 * marking when none is left) and their progress (issue 39). Personal then, the page is never kept
 * by the response cache (no signed-in person is answered from it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { user } = getSessionUser(context);
  if (!user)
    return { kinds: await listPublishedWritingTasksByKind(db), answers: null, marking: null };
  const page = requestedPage(new URL(request.url));
  if (page === null) throw data(null, { status: 404 });
  const [kinds, own, allowance, progress] = await Promise.all([
    listPublishedWritingTasksByKind(db),
    listOwnWritingSubmissions(db, { userId: user.id, page: page - 1 }),
    writingMarkingAllowance(db, user.id),
    writingProgress(db, user.id),
  ]);
  const pageCount = Math.max(1, Math.ceil(own.count / own.pageSize));
  if (page > pageCount) throw data(null, { status: 404 });
  return {
    kinds,
    answers: { submissions: own.submissions, count: own.count, page, pageCount },
    marking: {
      allowance,
      progress,
      courses: allowance.left === 0 ? await coursesWithWritingMarking(db) : null,
    },
  };
}

export default function Writing({ loaderData }: Route.ComponentProps) {
  const { kinds, answers, marking } = loaderData;
  const timeZone = useSiteTimeZone();
  return (
    <div className="container-page max-w-4xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Writing practice</h1>
      <p className="mt-2 text-slate-700">
        Tasks in the test's own format, written by the teacher. Choose one to read it, then write
        your answer against the clock, as in the test, or untimed.
      </p>

      <p className="mt-4">
        <Link to={WRITING_TEST_PATH} className="btn-secondary">
          Take a full Writing test (60 minutes)
        </Link>
      </p>

      {marking && <WritingProgress progress={marking.progress} timeZone={timeZone} />}

      {answers && (
        <MyAnswers
          {...answers}
          intro={
            marking && (
              <>
                <AllowanceSummary allowance={marking.allowance} />
                {marking.courses && <CoursesWithMarking courses={marking.courses} />}
              </>
            )
          }
        />
      )}

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
