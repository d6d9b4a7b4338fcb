import { Form } from "react-router";
import { formatLongDate } from "../../../core/format.ts";
import type {
  CourseWithMarking,
  MarkingAllowance,
} from "../../../core/writing/marking-allowance.server.ts";
import type { MarkingState } from "../../../core/writing/markings.server.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { Link } from "../links.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { AllowanceSummary, CoursesWithMarking } from "./marking-allowance.tsx";

/** The form's intent, which the answer's page's action answers. */
export const SEND_FOR_MARKING_INTENT = "send-for-marking";

/**
 * "Send for marking" on an answer's page (issue 39, point 1): for its author, with what is left of
 * their allowance, or the courses that include marking when nothing is left; once sent, when, and
 * that the teacher has it. An owner reading someone's answer sees whether it was sent, and a link
 * to mark it. A returned marking is shown by the page's own block (returned-marking.tsx).
 */
export function SendForMarking({
  submissionId,
  marking,
  isAuthor,
  allowance,
  courses,
  refusal,
}: {
  submissionId: string;
  marking: MarkingState;
  isAuthor: boolean;
  /** The author's allowance, while the answer is not sent. */
  allowance: MarkingAllowance | null;
  /** The courses that include marking, when the author has none left. */
  courses: CourseWithMarking[] | null;
  /** Why the last "Send for marking" was refused, to say beside the button. */
  refusal: string | null;
}) {
  const timeZone = useSiteTimeZone();
  if (marking.status === "returned") return null;
  return (
    <section aria-labelledby="send-for-marking-heading" className="form-card mt-8">
      <h2 id="send-for-marking-heading" className="text-xl font-bold text-slate-900">
        Marking by the teacher
      </h2>
      {refusal && (
        <p
          role="alert"
          className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-red-900 ring-1 ring-red-200"
          data-action-result
        >
          {refusal}
        </p>
      )}
      {marking.status === "waiting" ? (
        <>
          <p className="mt-2 font-medium text-slate-900" data-marking-status>
            {`Sent for marking on ${formatLongDate(new Date(marking.requestedAt), timeZone)} — ${
              isAuthor ? "waiting for the teacher" : "waiting for marking"
            }`}
          </p>
          {isAuthor ? (
            <p className="mt-2 text-slate-700">
              You will get an e-mail when the teacher returns it, with the bands and comments on
              your text.
            </p>
          ) : (
            <p className="mt-2">
              <Link to={`/admin/writing/submissions/${submissionId}`} className="link">
                Mark this answer
              </Link>
            </p>
          )}
        </>
      ) : !isAuthor ? (
        <p className="mt-2 text-slate-700">Not sent for marking.</p>
      ) : allowance && allowance.left > 0 ? (
        <>
          <p className="mt-2 text-slate-700">
            The teacher marks it on the four criteria, with comments on your text.
          </p>
          <div className="mt-2">
            <AllowanceSummary allowance={allowance} />
          </div>
          <p className="mt-2 text-slate-700" id="send-for-marking-note">
            An answer sent for marking cannot be changed: the teacher marks it as it stands. To
            improve it afterwards, write a revised draft.
          </p>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value={SEND_FOR_MARKING_INTENT} />
            <SubmitButton busyLabel="Sending…" aria-describedby="send-for-marking-note">
              Send for marking
            </SubmitButton>
          </Form>
        </>
      ) : (
        <>
          {allowance && (
            <div className="mt-2">
              <AllowanceSummary allowance={allowance} />
            </div>
          )}
          <p className="mt-2 text-slate-700">
            {allowance && allowance.included > 0
              ? "You have used all the marking your courses include. "
              : ""}
            Your answer keeps its measures on this page. To have answers marked by the teacher, join
            a course that includes marking.
          </p>
          {courses && <CoursesWithMarking courses={courses} />}
        </>
      )}
    </section>
  );
}
