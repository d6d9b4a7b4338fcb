import type { WritingSubmissionStatus } from "../../../core/writing/submissions.server.ts";

/** An answer's status in words, as the lists and pages say it (issue 39, point 1). */
export const STATUS_NAMES: Record<WritingSubmissionStatus, string> = {
  submitted: "Submitted",
  "waiting-for-marking": "Waiting for marking",
  marked: "Marked",
};

/** The status, and that the time ran out when it did. */
export function statusName(summary: { status: WritingSubmissionStatus; timeRanOut: boolean }) {
  const name = STATUS_NAMES[summary.status];
  return summary.timeRanOut ? `${name} (time ran out)` : name;
}
