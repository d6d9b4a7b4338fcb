import { MAX_REVIEW_LENGTH } from "../../core/limits/field-limits.ts";
import type { ReviewOutcome } from "../../core/reviews/review-outcomes.ts";
import { TextAreaField } from "./form-field.tsx";
import { ReviewOutcomeFields } from "./review-outcome-fields.tsx";
import { StarRatingInput } from "./star-rating-input.tsx";

/**
 * A review's fields, for a new review or (given `review`) the author's own to change: the stars,
 * the text and the optional IELTS result. Errors come from the form's state.
 */
export function ReviewFields({
  review,
  rows,
}: {
  review?: { rating: number | null; message: string; outcome: Partial<ReviewOutcome> };
  /** The text box's height. */
  rows: number;
}) {
  return (
    <>
      <StarRatingInput defaultValue={review?.rating ?? undefined} />
      <TextAreaField
        label="Your review"
        name="message"
        rows={rows}
        required
        maxLength={MAX_REVIEW_LENGTH}
        defaultValue={review?.message}
      />
      <ReviewOutcomeFields values={review?.outcome} />
    </>
  );
}
