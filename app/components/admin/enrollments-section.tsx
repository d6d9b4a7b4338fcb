import { Form } from "react-router";
import type { Enrollment } from "../../../core/enrollments/enrollments.server.ts";
import { formatLongDate } from "../../../core/format.ts";
import {
  MAX_ENROLLMENT_MESSAGE_LENGTH,
  MAX_PAYMENT_INSTRUCTIONS_LENGTH,
  MAX_WRITING_ANSWERS_MARKED,
} from "../../../core/limits/field-limits.ts";
import type { SiteSettings } from "../../../core/site/site-settings.server.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { studentProgressPath } from "../../lib/writing/task-paths.ts";
import { TextAreaField, TextField } from "../form-field.tsx";
import { Link } from "../links.tsx";
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
            {enrollment.status === "confirmed" && <WritingAllowance enrollment={enrollment} />}
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

/**
 * An approved enrollment's Writing marking: what the course includes and what was added for this
 * student, a form to add more, and the student's Writing progress.
 */
function WritingAllowance({ enrollment }: { enrollment: Enrollment }) {
  const { writingAnswersMarked: course, writingAnswersAdded: added } = enrollment;
  return (
    <div className="mt-3 space-y-2">
      <p className="text-sm text-slate-700">
        {`Writing answers marked: ${course} with the course${added > 0 ? `, ${added} added` : ""}. `}
        <Link to={studentProgressPath(enrollment.studentId)} className="link">
          {`${enrollment.studentName}'s Writing progress`}
        </Link>
      </p>
      {added < MAX_WRITING_ANSWERS_MARKED && (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="add-writing-answers" />
          <input type="hidden" name="enrollmentId" value={enrollment.id} />
          <div className="w-48">
            <TextField
              label="Writing answers marked to add"
              id={`writing-answers-${enrollment.id}`}
              name="answers"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_WRITING_ANSWERS_MARKED - added}
              step={1}
              required
              defaultValue="1"
            />
          </div>
          <SubmitButton
            busyLabel="Adding…"
            className="btn-secondary"
            aria-label={`Add Writing answers marked for ${enrollment.studentName} in ${enrollment.serviceName}`}
          >
            Add
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
