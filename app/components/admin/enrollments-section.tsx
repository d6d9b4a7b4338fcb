import { Form } from "react-router";
import type { Enrollment } from "../../../core/enrollments.server.ts";
import {
  MAX_ENROLLMENT_MESSAGE_LENGTH,
  MAX_PAYMENT_INSTRUCTIONS_LENGTH,
} from "../../../core/field-limits.ts";
import { formatLongDate } from "../../../core/format.ts";
import type { SiteSettings } from "../../../core/site-settings.server.ts";
import { SubmitButton } from "../submit-button.tsx";

/** Enrollment requests to confirm or decline, and the payment instructions students see. */
export function EnrollmentsSection({
  enrollments,
  settings,
}: {
  enrollments: Enrollment[];
  settings: SiteSettings;
}) {
  return (
    <section aria-labelledby="enrollments-heading" className="form-card mt-8">
      <h2 id="enrollments-heading" className="text-xl font-bold text-slate-900">
        Enrollment requests
      </h2>
      {enrollments.length === 0 ? (
        <p className="mt-4 text-slate-600">No requests yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {enrollments.map((enrollment) => (
            <li key={enrollment.id} className="rounded-xl p-4 ring-1 ring-slate-200">
              <p>
                <span className="font-semibold text-slate-900">{enrollment.studentName}</span>{" "}
                <a href={`mailto:${enrollment.studentEmail}`} className="link">
                  {enrollment.studentEmail}
                </a>
              </p>
              <p className="text-sm text-slate-600">
                {`${enrollment.serviceName} · asked ${formatLongDate(enrollment.requestedAt)} · start ${enrollment.startDate ?? "not given"} · ${enrollment.status}`}
              </p>
              {enrollment.message && (
                <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                  {enrollment.message}
                </p>
              )}
              {enrollment.status === "requested" && (
                <Form method="post" className="mt-3 space-y-2">
                  <input type="hidden" name="intent" value="decide-enrollment" />
                  <input type="hidden" name="enrollmentId" value={enrollment.id} />
                  <label className="block text-sm font-semibold text-slate-800">
                    {`Note to ${enrollment.studentName} (optional)`}
                    <textarea
                      name="note"
                      rows={2}
                      maxLength={MAX_ENROLLMENT_MESSAGE_LENGTH}
                      className="field mt-1"
                    />
                  </label>
                  <div className="flex flex-wrap gap-3">
                    <SubmitButton
                      busyLabel="Confirming…"
                      name="decision"
                      value="confirmed"
                      className="btn-secondary"
                      aria-label={`Confirm ${enrollment.studentName} in ${enrollment.serviceName}`}
                    >
                      Confirm
                    </SubmitButton>
                    <SubmitButton
                      busyLabel="Declining…"
                      name="decision"
                      value="declined"
                      className="btn-secondary"
                      aria-label={`Decline ${enrollment.studentName} in ${enrollment.serviceName}`}
                    >
                      Decline
                    </SubmitButton>
                  </div>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-6 space-y-2">
        <input type="hidden" name="intent" value="payment-instructions" />
        <label className="block font-semibold text-slate-800">
          Payment instructions, shown to a student after they ask to enroll
          <textarea
            name="paymentInstructions"
            rows={3}
            required
            maxLength={MAX_PAYMENT_INSTRUCTIONS_LENGTH}
            defaultValue={settings.paymentInstructions}
            className="field mt-1"
          />
        </label>
        <SubmitButton busyLabel="Saving…" className="btn-secondary">
          Save the instructions
        </SubmitButton>
      </Form>
    </section>
  );
}
