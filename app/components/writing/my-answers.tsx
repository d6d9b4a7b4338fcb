import type { ReactNode } from "react";
import type { WritingSubmissionSummary } from "../../../core/writing/submissions.server.ts";
import { WRITING_TASK_KIND_NAMES } from "../../../core/writing/task-kinds.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { statusName } from "../../lib/writing/answer-status.ts";
import { dateAndTime, durationText } from "../../lib/writing/durations.ts";
import { submissionPath } from "../../lib/writing/task-paths.ts";
import { Link } from "../links.tsx";
import { PageLinks } from "../page-links.tsx";

/**
 * /writing for a signed-in student (issue 38, point 2): their answers, newest first, each with
 * its task, date, words, time taken and status (sent for marking, marked: issue 39), a page at a
 * time. The owner's page about a student lists theirs the same way (`heading`, `linkOf`,
 * `pagePath`, `empty`), each linked to where the owner marks it.
 */
export function MyAnswers({
  submissions,
  count,
  page,
  pageCount,
  intro,
  heading = "Your answers",
  linkOf = (answer) => submissionPath(answer.id),
  pagePath = "/writing",
  empty = "None yet: choose a task below, and your answers will be listed here with their measures.",
}: {
  submissions: WritingSubmissionSummary[];
  count: number;
  page: number;
  pageCount: number;
  /** Under the heading: the student's marking allowance. */
  intro?: ReactNode;
  heading?: string;
  linkOf?: (answer: WritingSubmissionSummary) => string;
  /** The list's page, which `?page=` is added to. */
  pagePath?: string;
  empty?: string;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <section aria-labelledby="my-answers-heading" className="mt-10">
      <h2 id="my-answers-heading" className="text-2xl font-bold text-slate-900">
        {heading}
      </h2>
      {intro && <div className="mt-2">{intro}</div>}
      {count === 0 ? (
        <p className="mt-2 text-slate-700">{empty}</p>
      ) : (
        <>
          <p className="mt-1 text-slate-600">{`${count} ${count === 1 ? "answer" : "answers"}, newest first.`}</p>
          {/* Named by the heading: the section's intro may hold a list of its own (courses). */}
          <ol aria-labelledby="my-answers-heading" className="mt-4 space-y-3">
            {submissions.map((answer) => (
              <li
                key={answer.id}
                className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              >
                <h3 className="font-semibold text-slate-900">
                  <Link to={linkOf(answer)} className="link wrap-anywhere" dir="auto">
                    {answer.taskTitle}
                  </Link>
                  {answer.revisionOf && (
                    <span className="ml-2 rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100">
                      Revised draft
                    </span>
                  )}
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
            label={`Pages of ${heading.charAt(0).toLowerCase()}${heading.slice(1)}`}
            page={page}
            pageCount={pageCount}
            hrefOf={(number) => (number === 1 ? pagePath : `${pagePath}?page=${number}`)}
          />
        </>
      )}
    </section>
  );
}
