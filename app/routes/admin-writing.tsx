import { getEveryPageSettings } from "../../core/site/site-words.server.ts";
import { listMarkingQueue } from "../../core/writing/markings.server.ts";
import {
  MARKING_TURNAROUND_DAYS,
  markingTurnaround,
} from "../../core/writing/writing-progress.server.ts";
import { Link } from "../components/links.tsx";
import { UserText } from "../components/user-text.tsx";
import { WeeklyChart } from "../components/writing/weekly-chart.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireOwner } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { dateAndTime } from "../lib/writing/durations.ts";
import { turnaroundText, waitedText } from "../lib/writing/marking-times.ts";
import { markingPath, studentProgressPath } from "../lib/writing/task-paths.ts";
import type { Route } from "./+types/admin-writing";

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Writing answers to mark", "The Writing answers students sent for marking."),
  { name: "robots", content: "noindex" },
];

/**
 * The marking queue (issue 39, point 2), for owners only: the answers waiting, oldest first, each
 * opening its marking page; and how the marking goes (the median time to return, the answers
 * sent each week).
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  const { db } = context.get(appContext);
  const now = new Date();
  const { timeZone } = await getEveryPageSettings(db);
  const [queue, turnaround] = await Promise.all([
    listMarkingQueue(db, now),
    markingTurnaround(db, { timeZone }, now),
  ]);
  return { queue, turnaround, days: MARKING_TURNAROUND_DAYS };
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

export default function AdminWriting({ loaderData }: Route.ComponentProps) {
  const { queue, turnaround, days } = loaderData;
  const timeZone = useSiteTimeZone();
  return (
    <div className="container-page max-w-4xl py-12">
      <p>
        <Link to="/admin" className="link">
          Back to Admin
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Writing answers to mark</h1>
      <p className="mt-1 text-slate-700">
        Answers students sent for marking, the longest waiting first. The tasks they answer are on
        the{" "}
        <Link to="/admin/writing/tasks" className="link">
          Writing tasks
        </Link>{" "}
        page.
      </p>

      <section aria-labelledby="queue-heading" className="mt-8">
        <h2 id="queue-heading" className="text-2xl font-bold text-slate-900">
          {`Waiting for marking (${queue.length})`}
        </h2>
        {queue.length === 0 ? (
          <p className="mt-3 text-slate-700">No answers are waiting for marking.</p>
        ) : (
          <ol className="mt-4 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
            {queue.map((answer) => (
              <li key={answer.submissionId} className="p-4">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <Link
                    to={markingPath(answer.submissionId)}
                    className="link font-semibold wrap-anywhere"
                  >
                    {answer.taskTitle}
                  </Link>
                  <span className="text-sm text-slate-700">{answer.taskKindName}</span>
                  {answer.revision && (
                    <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                      Revised draft
                    </span>
                  )}
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  <strong className="font-semibold text-slate-900">
                    {`Waited ${waitedText(answer.waitedMs)}`}
                  </strong>
                  {" · by "}
                  <Link to={studentProgressPath(answer.studentId)} className="link">
                    <UserText>{answer.studentName}</UserText>
                  </Link>
                  {` · ${plural(answer.words, "word")} · ${plural(answer.comments, "comment")} so far · sent ${dateAndTime(new Date(answer.requestedAt), timeZone)}`}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="turnaround-heading" className="mt-10">
        <h2 id="turnaround-heading" className="text-2xl font-bold text-slate-900">
          How the marking goes
        </h2>
        <p className="mt-3 text-slate-700">
          {turnaround.medianMs === null
            ? `No marking was returned in the last ${days} days.`
            : `From sending to return, the median over the last ${days} days: ${turnaroundText(turnaround.medianMs)} (${plural(turnaround.returned, "answer")} returned).`}
        </p>
        <div className="mt-4">
          <WeeklyChart
            id="sent-per-week"
            title="Answers sent for marking per week"
            weeks={turnaround.sentPerWeek}
          />
        </div>
      </section>
    </div>
  );
}
