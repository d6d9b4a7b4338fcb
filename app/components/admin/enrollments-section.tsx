import { Form } from "react-router";
import type { Enrollment } from "../../../core/enrollments/enrollments.server.ts";
import { formatLongDate } from "../../../core/format.ts";
import {
  MAX_ENROLLMENT_MESSAGE_LENGTH,
  MAX_PAYMENT_INSTRUCTIONS_LENGTH,
} from "../../../core/limits/field-limits.ts";
import type { SiteSettings } from "../../../core/site/site-settings.server.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { TextAreaField } from "../form-field.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { UserText } from "../user-text.tsx";
import { CardList } from "./card-list.tsx";

const DECISIONS = [
  { decision: "confirmed", verb: "Confirm", busyLabel: "Confirming…" },
  { decision: "declined", verb: "Decline", busyLabel: "Declining…" },
] as const;

/** Enrollment requests to confirm or decline, and the payment instructions students see. */
export function EnrollmentsSection({
  enrollments,
  settings,
}: {
  enrollments: Enrollment[];
  settings: SiteSettings;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <PanelSection id="enrollments" title="Enrollment requests">
      <CardList items={enrollments} empty="No requests yet." keyOf={(enrollment) => enrollment.id}>
        {(enrollment) => (
          <>
            <p>
              <UserText className="font-semibold text-slate-900">{enrollment.studentName}</UserText>{" "}
              <a href={`mailto:${enrollment.studentEmail}`} className="link wrap-anywhere">
                {enrollment.studentEmail}
              </a>
            </p>
            <p className="text-sm text-slate-600">
              <UserText>{enrollment.serviceName}</UserText>
              {` · asked ${formatLongDate(enrollment.requestedAt, timeZone)} · start ${enrollment.startDate ?? "not given"} · ${enrollment.status}`}
            </p>
            {enrollment.message && (
              <p dir="auto" className="mt-2 whitespace-pre-line wrap-anywhere text-slate-700">
                {enrollment.message}
              </p>
            )}
            {enrollment.status === "requested" && (
              <Form method="post" className="mt-3 space-y-2">
                <input type="hidden" name="intent" value="decide-enrollment" />
                <input type="hidden" name="enrollmentId" value={enrollment.id} />
                <TextAreaField
                  label={`Note to ${enrollment.studentName} (optional)`}
                  id={`note-${enrollment.id}`}
                  name="note"
                  rows={2}
                  maxLength={MAX_ENROLLMENT_MESSAGE_LENGTH}
                />
                <div className="flex flex-wrap gap-3">
                  {DECISIONS.map(({ decision, verb, busyLabel }) => (
                    <SubmitButton
                      key={decision}
                      busyLabel={busyLabel}
                      name="decision"
                      value={decision}
                      className="btn-secondary"
                      aria-label={`${verb} ${enrollment.studentName} in ${enrollment.serviceName}`}
                    >
                      {verb}
                    </SubmitButton>
                  ))}
                </div>
              </Form>
            )}
          </>
        )}
      </CardList>
      <Form method="post" className="mt-6 space-y-2">
        <input type="hidden" name="intent" value="payment-instructions" />
        <TextAreaField
          label="Payment instructions, shown to a student after they ask to enroll"
          name="paymentInstructions"
          rows={3}
          required
          maxLength={MAX_PAYMENT_INSTRUCTIONS_LENGTH}
          defaultValue={settings.paymentInstructions}
        />
        <SubmitButton busyLabel="Saving…" className="btn-secondary">
          Save the instructions
        </SubmitButton>
      </Form>
    </PanelSection>
  );
}
