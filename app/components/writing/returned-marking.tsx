import {
  BAND_ROUNDING_RULE,
  criterionName,
  formatBand,
  WRITING_CRITERIA,
} from "../../../core/writing/bands.ts";
import type { WritingMarking } from "../../../core/writing/markings.server.ts";
import type { WritingTaskKind } from "../../../core/writing/task-kinds.ts";
import type { DrawnPart } from "../../lib/drawn-parts.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { commentCriterionNames } from "../../lib/writing/comments-on-text.ts";
import { dateAndTime } from "../../lib/writing/durations.ts";
import { DrawnHtml } from "../drawn-html.tsx";
import { MarkdownHtml } from "../markdown-html.tsx";
import { CommentKey } from "./commented-answer.tsx";

/** What the student's page needs of a returned marking. */
export type ReturnedMarkingView = Pick<
  WritingMarking,
  "bands" | "notes" | "taskBand" | "summaryHtml" | "returnedAt" | "correctedAt"
>;

/**
 * A returned marking as its student reads it (issue 39, point 4): when it was returned (and
 * corrected), the four bands with their notes, the task's band and how it is rounded, the
 * teacher's summary, and the answer with each comment in place. `writingTestBand` is the full
 * test's band, once both of its answers are returned.
 */
export function ReturnedMarking({
  commented,
  commentCount,
  taskKind,
  marking,
  writingTestBand = null,
}: {
  /** The answer with the comments in place (answer-parts.server.tsx draws it). */
  commented: DrawnPart;
  commentCount: number;
  taskKind: WritingTaskKind;
  marking: ReturnedMarkingView;
  writingTestBand?: number | null;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <section aria-labelledby="marking-heading" className="mt-8">
      <h2 id="marking-heading" className="text-2xl font-bold text-slate-900">
        The teacher's marking
      </h2>
      <p className="mt-2 text-slate-700">
        {marking.returnedAt && `Returned ${dateAndTime(new Date(marking.returnedAt), timeZone)}`}
        {marking.correctedAt && (
          <strong className="font-semibold text-slate-900">
            {` · Corrected ${dateAndTime(new Date(marking.correctedAt), timeZone)}`}
          </strong>
        )}
      </p>

      <h3 className="mt-6 text-xl font-bold text-slate-900">Bands</h3>
      <MarkingBands taskKind={taskKind} marking={marking} writingTestBand={writingTestBand} />

      {marking.summaryHtml && (
        <>
          <h3 className="mt-8 text-xl font-bold text-slate-900">Summary</h3>
          <MarkdownHtml
            html={marking.summaryHtml}
            className="mt-2 rounded-xl bg-white p-5 text-slate-800 shadow-sm ring-1 ring-slate-200"
          />
        </>
      )}

      <h3 className="mt-8 text-xl font-bold text-slate-900">Comments on your answer</h3>
      {commentCount === 0 ? (
        <p className="mt-2 text-slate-700">The teacher left no comments in the text.</p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            {`${commentCount === 1 ? "One passage is" : `${commentCount} passages are`} highlighted and numbered; each comment follows its paragraph, or stands beside it on a wide screen. Tab moves from passage to passage, and each comment's quote leads back to its passage.`}
          </p>
          <CommentKey names={commentCriterionNames(taskKind)} />
          <DrawnHtml part={commented} className="mt-4" />
        </>
      )}
    </section>
  );
}

/**
 * The four bands with their notes, the task's band, the rule it is rounded by, and a full test's
 * Writing band: the marking page and the student's page show them alike.
 */
export function MarkingBands({
  taskKind,
  marking,
  writingTestBand = null,
}: {
  taskKind: WritingTaskKind;
  marking: Pick<WritingMarking, "bands" | "notes" | "taskBand">;
  writingTestBand?: number | null;
}) {
  return (
    <>
      <dl className="mt-3 grid gap-3 sm:grid-cols-2">
        {WRITING_CRITERIA.map((criterion) => {
          const band = marking.bands[criterion];
          const note = marking.notes[criterion];
          return (
            <div key={criterion} className="rounded-lg bg-white px-4 py-3 ring-1 ring-slate-200">
              <dt className="text-sm font-semibold text-slate-700">
                {criterionName(criterion, taskKind)}
              </dt>
              <dd className="mt-1 text-slate-900">
                <span className="text-2xl font-bold">{band === null ? "Not set" : band}</span>
                {note && (
                  <span dir="auto" className="mt-1 block whitespace-pre-line wrap-anywhere text-sm">
                    {note}
                  </span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
      {marking.taskBand !== null && (
        <p className="mt-4 text-lg text-slate-900">
          {"Task band: "}
          <strong className="text-2xl font-bold">{formatBand(marking.taskBand)}</strong>
        </p>
      )}
      {writingTestBand !== null && (
        <p className="mt-2 text-lg text-slate-900">
          {"Writing test band (both tasks): "}
          <strong className="text-2xl font-bold">{formatBand(writingTestBand)}</strong>
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">{BAND_ROUNDING_RULE}</p>
    </>
  );
}
