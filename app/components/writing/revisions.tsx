import type { WritingRevisionSummary } from "../../../core/writing/submissions.server.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { STATUS_NAMES } from "../../lib/writing/answer-status.ts";
import { dateAndTime } from "../../lib/writing/durations.ts";
import { revisePath, submissionPath } from "../../lib/writing/task-paths.ts";
import { Link } from "../links.tsx";

/**
 * "Revised draft of your answer of 28 November 2026 at 14:02", linking back to the earlier
 * answer (issue 39, point 5).
 */
export function RevisionOf({
  earlier,
  isAuthor,
}: {
  earlier: { id: string; submittedAt: string };
  isAuthor: boolean;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <p className="text-slate-700" data-revision-of>
      {"Revised draft of "}
      <Link to={submissionPath(earlier.id)} className="link">
        {`${isAuthor ? "your" : "the"} answer of ${dateAndTime(new Date(earlier.submittedAt), timeZone)}`}
      </Link>
    </p>
  );
}

/**
 * An answer's revised drafts, each linked, and "Write a revised draft" for its author while the
 * task is still published: the writing screen starts from this answer's text.
 */
export function Revisions({
  submissionId,
  taskId,
  revisions,
  canRevise,
}: {
  submissionId: string;
  taskId: string;
  revisions: WritingRevisionSummary[];
  canRevise: boolean;
}) {
  const timeZone = useSiteTimeZone();
  if (revisions.length === 0 && !canRevise) return null;
  return (
    <section aria-labelledby="revisions-heading" className="mt-10">
      <h2 id="revisions-heading" className="text-2xl font-bold text-slate-900">
        Revised drafts
      </h2>
      {revisions.length === 0 ? (
        <p className="mt-2 text-slate-700">No revised draft of this answer yet.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {revisions.map((revision) => (
            <li key={revision.id} className="text-slate-700">
              <Link to={submissionPath(revision.id)} className="link">
                {`Revised draft of ${dateAndTime(new Date(revision.submittedAt), timeZone)}`}
              </Link>
              {` · ${revision.words} words · ${STATUS_NAMES[revision.status]}`}
            </li>
          ))}
        </ol>
      )}
      {canRevise && (
        <>
          <p className="mt-3 text-slate-700">
            A revised draft starts from this answer's text. It is a new answer, linked to this one;
            this answer stays as it is.
          </p>
          <p className="mt-4">
            <Link to={revisePath(taskId, submissionId)} className="btn-primary">
              Write a revised draft
            </Link>
          </p>
        </>
      )}
    </section>
  );
}
