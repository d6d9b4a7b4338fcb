import { reasonLabel } from "../../core/reviews/report-reasons.ts";

/** Tells a review's author that an owner hid it, and why: only they see the review. */
export function HiddenNote({ review }: { review: { hiddenReason: string | null } }) {
  if (!review.hiddenReason) return null;
  return (
    <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900 ring-1 ring-amber-200">
      {`Hidden by the site's owner: ${reasonLabel(review.hiddenReason)}. Only you see it.`}
    </p>
  );
}
