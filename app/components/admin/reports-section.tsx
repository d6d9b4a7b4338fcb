import { Form } from "react-router";
import { REPORT_REASONS, reasonLabel } from "../../../core/report-reasons.ts";
import type { HiddenReview, ReportedReview } from "../../../core/review-moderation.server.ts";
import { Link } from "../links.tsx";
import { SubmitButton } from "../submit-button.tsx";

/** Reported reviews to hide or dismiss, and hidden reviews to show again. */
export function ReportsSection({
  reported,
  hidden,
}: {
  reported: ReportedReview[];
  hidden: HiddenReview[];
}) {
  return (
    <section aria-labelledby="reports-heading" className="form-card mt-8">
      <h2 id="reports-heading" className="text-xl font-bold text-slate-900">
        Reported reviews
      </h2>
      {reported.length === 0 ? (
        <p className="mt-4 text-slate-600">No open reports.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {reported.map((review) => (
            <li key={review.reviewId} className="rounded-xl p-4 ring-1 ring-slate-200">
              <p className="text-sm text-slate-600">
                {review.authorName} on{" "}
                <Link to={`/services/${review.serviceId}`} className="link">
                  {review.serviceName}
                </Link>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-800">
                {review.message}
              </p>
              <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
                {review.reports.map((report) => (
                  <li key={`${report.reporterName}-${report.at.toISOString()}`}>
                    {`${reasonLabel(report.reason)}, by ${report.reporterName}${report.note ? `: “${report.note}”` : ""}`}
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex flex-wrap items-end gap-3">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="hide-review" />
                  <input type="hidden" name="reviewId" value={review.reviewId} />
                  <label className="text-sm font-semibold text-slate-800">
                    Reason
                    <select
                      name="reason"
                      required
                      className="field mt-1"
                      defaultValue={review.reports[0]?.reason}
                    >
                      {Object.entries(REPORT_REASONS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </label>
                  <SubmitButton
                    busyLabel="Hiding…"
                    className="btn-secondary"
                    aria-label={`Hide the review by ${review.authorName}`}
                  >
                    Hide
                  </SubmitButton>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="dismiss-reports" />
                  <input type="hidden" name="reviewId" value={review.reviewId} />
                  <SubmitButton
                    busyLabel="Dismissing…"
                    className="btn-secondary"
                    aria-label={`Dismiss the reports of the review by ${review.authorName}`}
                  >
                    Dismiss
                  </SubmitButton>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {hidden.length > 0 && (
        <>
          <h3 className="mt-8 font-semibold text-slate-900">Hidden reviews</h3>
          <ul className="mt-2 divide-y divide-slate-200">
            {hidden.map((review) => (
              <li
                key={review.reviewId}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <span className="min-w-0">
                  <span className="font-semibold text-slate-900">{review.authorName}</span> on{" "}
                  {review.serviceName}: {reasonLabel(review.reason)}
                  <span className="block break-words text-sm text-slate-600">{review.message}</span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="restore-review" />
                  <input type="hidden" name="reviewId" value={review.reviewId} />
                  <SubmitButton
                    busyLabel="Showing…"
                    className="btn-secondary"
                    aria-label={`Show the review by ${review.authorName} again`}
                  >
                    Show again
                  </SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
