import { data } from "react-router";
import { writingMarkingAllowance } from "../../core/writing/marking-allowance.server.ts";
import { listOwnWritingSubmissions } from "../../core/writing/submissions.server.ts";
import { writingProgress, writingStudent } from "../../core/writing/writing-progress.server.ts";
import { Link } from "../components/links.tsx";
import { UserText } from "../components/user-text.tsx";
import { AllowanceSummary } from "../components/writing/marking-allowance.tsx";
import { MyAnswers } from "../components/writing/my-answers.tsx";
import { WritingProgress } from "../components/writing/writing-progress.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestedPage } from "../lib/pagination.ts";
import { requireOwner } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { submissionPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/admin-writing-student";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData ? `Writing: ${loaderData.student.name}` : "A student's Writing",
    "A student's Writing: their marking allowance, bands over time and answers.",
  ),
  { name: "robots", content: "noindex" },
];

/**
 * One student's Writing, for the owner (issue 39, point 6): their marking allowance and the
 * courses it comes from, their progress as they see it on /writing, and all their answers, newest
 * first, a page at a time (`?page=`, from 1). Anyone else gets the 404 every /admin page gives; an
 * unknown student, or a page past the end, is 404 too.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireOwner(context);
  const { db } = context.get(appContext);
  const page = requestedPage(new URL(request.url));
  if (page === null) throw data(null, { status: 404 });
  const student = await writingStudent(db, params.userId);
  if (!student) throw data(null, { status: 404 });
  const [allowance, progress, own] = await Promise.all([
    writingMarkingAllowance(db, student.id),
    writingProgress(db, student.id),
    listOwnWritingSubmissions(db, { userId: student.id, page: page - 1 }),
  ]);
  const pageCount = Math.max(1, Math.ceil(own.count / own.pageSize));
  if (page > pageCount) throw data(null, { status: 404 });
  return {
    student,
    allowance,
    progress,
    answers: { submissions: own.submissions, count: own.count, page, pageCount },
  };
}

export default function AdminWritingStudent({ loaderData }: Route.ComponentProps) {
  const { student, allowance, progress, answers } = loaderData;
  const timeZone = useSiteTimeZone();
  return (
    <div className="container-page max-w-4xl py-12">
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to="/admin" className="link">
          Back to Admin
        </Link>
        <Link to="/admin/writing" className="link">
          Answers waiting for marking
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">
        {"Writing: "}
        <UserText>{student.name}</UserText>
      </h1>

      <section aria-labelledby="allowance-heading" className="mt-8">
        <h2 id="allowance-heading" className="text-2xl font-bold text-slate-900">
          Marking allowance
        </h2>
        <div className="mt-2">
          <AllowanceSummary allowance={allowance} subject="their" />
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Add to it from the student's approved enrollment on the Admin page.
        </p>
      </section>

      <WritingProgress progress={progress} timeZone={timeZone} perspective="teacher" />

      <MyAnswers
        {...answers}
        heading="Their answers"
        empty="No answers yet."
        pagePath={`/admin/writing/students/${student.id}`}
        // Sent for marking: where the owner marks it (or reads it marked); else the answer's page.
        linkOf={(answer) =>
          answer.status === "submitted"
            ? submissionPath(answer.id)
            : `/admin/writing/submissions/${answer.id}`
        }
      />
    </div>
  );
}
