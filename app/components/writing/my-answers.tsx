import type { WritingSubmissionSummary } from "../../../core/writing/submissions.server.ts";
import { WRITING_TASK_KIND_NAMES } from "../../../core/writing/task-kinds.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { dateAndTime, durationText } from "../../lib/writing/durations.ts";
import { submissionPath } from "../../lib/writing/task-paths.ts";
import { Link } from "../links.tsx";
import { PageLinks } from "../page-links.tsx";

/** An answer's status in words; a status this page does not know yet is shown as it is named. */
const STATUS_NAMES: Record<string, string> = {
  submitted: "Submitted",
  "awaiting-marking": "Waiting for the teacher",
  marking: "Being marked",
  marked: "Marked",
};

export function statusName(summary: Pick<WritingSubmissionSummary, "status" | "timeRanOut">) {
  const name =
    STATUS_NAMES[summary.status] ??
    summary.status.charAt(0).toUpperCase() + summary.status.slice(1).replaceAll("-", " ");
  return summary.timeRanOut ? `${name} (time ran out)` : name;
}

/**
 * /writing for a signed-in student (issue 38, point 2): their answers, newest first, each with
 * its task, date, words, time taken and status, a page at a time.
 */
export function MyAnswers({
  submissions,
  count,
  page,
  pageCount,
}: {
  submissions: WritingSubmissionSummary[];
  count: number;
  page: number;
  pageCount: number;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <section aria-labelledby="my-answers-heading" className="mt-10">
      <h2 id="my-answers-heading" className="text-2xl font-bold text-slate-900">
        Your answers
      </h2>
      {count === 0 ? (
        <p className="mt-2 text-slate-700">
          None yet: choose a task below, and your answers will be listed here with their measures.
        </p>
      ) : (
        <>
          <p className="mt-1 text-slate-600">{`${count} ${count === 1 ? "answer" : "answers"}, newest first.`}</p>
          <ol className="mt-4 space-y-3">
            {submissions.map((answer) => (
              <li
                key={answer.id}
                className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="font-semibold text-slate-900">
                  <Link to={submissionPath(answer.id)} className="link wrap-anywhere" dir="auto">
                    {answer.taskTitle}
                  </Link>
                  {answer.withdrawn && (
                    <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
                      Withdrawn task
                    </span>
                  )}
                </h3>
                <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
                  <div>
                    <dt className="text-slate-600">Task</dt>
                    <dd className="text-slate-900">{WRITING_TASK_KIND_NAMES[answer.taskKind]}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Submitted</dt>
                    <dd className="text-slate-900">
                      {dateAndTime(new Date(answer.submittedAt), timeZone)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Words</dt>
                    <dd className="text-slate-900">{answer.words}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Time taken</dt>
                    <dd className="text-slate-900">
                      {durationText(answer.secondsTaken)}
                      {answer.timed ? "" : " (untimed)"}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">Status</dt>
                    <dd className="text-slate-900">{statusName(answer)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
          <PageLinks
            label="Pages of your answers"
            page={page}
            pageCount={pageCount}
            hrefOf={(number) => (number === 1 ? "/writing" : `/writing?page=${number}`)}
          />
        </>
      )}
    </section>
  );
}
