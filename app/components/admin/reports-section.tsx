import { Form } from "react-router";
import { REPORT_REASONS, reasonLabel } from "../../../core/reviews/report-reasons.ts";
import type {
  HiddenReview,
  ReportedReview,
} from "../../../core/reviews/review-moderation.server.ts";
import { ButtonForm } from "../button-form.tsx";
import { SelectField } from "../form-field.tsx";
import { Link } from "../links.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { UserText } from "../user-text.tsx";
import { CardList } from "./card-list.tsx";

/** Reported reviews to hide or dismiss, and hidden reviews to show again. */
export function ReportsSection({
  reported,
  hidden,
}: {
  reported: ReportedReview[];
  hidden: HiddenReview[];
}) {
  return (
    <PanelSection id="reports" title="Reported reviews">
      <CardList items={reported} empty="No open reports." keyOf={(review) => review.reviewId}>
        {(review) => (
          <>
            <p className="text-sm text-slate-600">
              <UserText>{review.authorName}</UserText> on{" "}
              <Link to={`/services/${review.serviceId}`} className="link">
                <UserText>{review.serviceName}</UserText>
              </Link>
            </p>
            <p dir="auto" className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">
              {review.message}
            </p>
            <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
              {review.reports.map((report) => (
                <li key={`${report.reporterName}-${report.at.toISOString()}`}>
                  {reasonLabel(report.reason)}, by <UserText>{report.reporterName}</UserText>
                  {report.note && (
                    <>
                      : “<UserText>{report.note}</UserText>”
                    </>
                  )}
                </li>
              ))}
            </ul>
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="hide-review" />
                <input type="hidden" name="reviewId" value={review.reviewId} />
                <SelectField
                  label="Reason"
                  id={`hide-reason-${review.reviewId}`}
                  name="reason"
                  required
                  options={REPORT_REASONS}
                  defaultValue={review.reports[0]?.reason}
                />
                <SubmitButton
                  busyLabel="Hiding…"
                  className="btn-secondary"
                  aria-label={`Hide the review by ${review.authorName}`}
                >
                  Hide
                </SubmitButton>
              </Form>
              <ButtonForm
                fields={{ intent: "dismiss-reports", reviewId: review.reviewId }}
                busyLabel="Dismissing…"
                className="btn-secondary"
                aria-label={`Dismiss the reports of the review by ${review.authorName}`}
              >
                Dismiss
              </ButtonForm>
            </div>
          </>
        )}
      </CardList>
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
                  <UserText className="font-semibold text-slate-900">{review.authorName}</UserText>{" "}
                  on <UserText>{review.serviceName}</UserText>: {reasonLabel(review.reason)}
                  <span dir="auto" className="block wrap-anywhere text-sm text-slate-600">
                    {review.message}
                  </span>
                </span>
                <ButtonForm
                  fields={{ intent: "restore-review", reviewId: review.reviewId }}
                  busyLabel="Showing…"
                  className="btn-secondary"
                  aria-label={`Show again: the review by ${review.authorName}`}
                >
                  Show again
                </ButtonForm>
              </li>
            ))}
          </ul>
        </>
      )}
    </PanelSection>
  );
}
