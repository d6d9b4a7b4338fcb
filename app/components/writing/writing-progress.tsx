import { formatBand } from "../../../core/writing/bands.ts";
import type { ReturnedMarking } from "../../../core/writing/progress.ts";
import type { WritingProgress as Progress } from "../../../core/writing/writing-progress.server.ts";
import { BandChart, type BandChartPoint } from "./band-chart.tsx";

/**
 * A mean band as a reader takes it in: a whole or half band as IELTS prints one ("5.5", "6.0"),
 * any other mean to two decimals ("5.33"), never rounded to a band it is not.
 */
export function meanBandText(mean: number): string {
  return Number.isInteger(mean * 2) ? formatBand(mean) : mean.toFixed(2);
}

const toPoint = (marking: ReturnedMarking): BandChartPoint => ({
  id: marking.submissionId,
  date: marking.returnedAt,
  label: marking.taskTitle,
  taskKind: marking.taskKind,
  bands: marking.bands,
  taskBand: marking.taskBand,
});

/**
 * A student's progress (issue 39, point 6): their bands by criterion over time, first attempts
 * and revised drafts in charts of their own (a revision's bands build on the earlier marking, so
 * one line through both would flatter the first attempts), the lowest criterion in words, and the
 * teacher's comments counted by criterion. On /writing for the student (`perspective`
 * "student": "Your …") and on /admin/writing/students/{id} for the owner ("Their …").
 */
export function WritingProgress({
  progress,
  timeZone,
  perspective = "student",
}: {
  progress: Progress;
  /** The site's time zone, which the charts' dates are days of. */
  timeZone: string;
  perspective?: "student" | "teacher";
}) {
  const your = perspective === "student" ? "Your" : "Their";
  const yours = your.toLowerCase();
  return (
    <section aria-labelledby="progress-heading" className="mt-10" data-writing-progress>
      <h2 id="progress-heading" className="text-2xl font-bold text-slate-900">
        {`${your} progress`}
      </h2>
      {progress.markings.length === 0 ? (
        <p className="mt-2 text-slate-700">
          {perspective === "student"
            ? "No marked answers yet: once the teacher returns an answer you sent for marking, your bands show here."
            : "No marked answers yet."}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">
            {`The teacher's bands on ${progress.markings.length} marked ${
              progress.markings.length === 1 ? "answer" : "answers"
            }, by criterion.`}
          </p>
          <ul className="mt-3 space-y-1 text-slate-900">
            {progress.lowest && (
              <li data-lowest-criterion>
                {`${your} lowest criterion so far: ${progress.lowest.name} (mean ${meanBandText(
                  progress.lowest.meanBand,
                )})`}
              </li>
            )}
            <li data-most-comments>
              {progress.mostComments ?? `No comments on ${yours} marked answers yet.`}
            </li>
          </ul>
          {progress.commentCounts.length > 0 && (
            <>
              <h3 className="mt-6 text-lg font-semibold text-slate-900">
                The teacher's comments by criterion
              </h3>
              <ul className="mt-2 space-y-1 text-slate-700" data-comment-counts>
                {progress.commentCounts.map(({ criterion, name, count }) => (
                  <li key={criterion}>{`${name}: ${count}`}</li>
                ))}
              </ul>
            </>
          )}
          <h3 className="mt-6 text-lg font-semibold text-slate-900">First attempts</h3>
          <div className="mt-2">
            <BandChart
              id="progress-first-attempts"
              title={`Bands of ${yours} first attempts`}
              points={progress.firstAttempts.map(toPoint)}
              timeZone={timeZone}
            />
          </div>
          <h3 className="mt-6 text-lg font-semibold text-slate-900">Revised drafts</h3>
          <div className="mt-2">
            <BandChart
              id="progress-revisions"
              title={`Bands of ${yours} revised drafts`}
              points={progress.revisions.map(toPoint)}
              timeZone={timeZone}
            />
          </div>
        </>
      )}
    </section>
  );
}
