import { Form } from "react-router";
import { formatLongDate } from "../../core/format.ts";
import { MAX_REPLY_LENGTH, MAX_REPORT_NOTE_LENGTH } from "../../core/limits/field-limits.ts";
import { REPORT_REASONS } from "../../core/reviews/report-reasons.ts";
import { formatOutcome } from "../../core/reviews/review-outcomes.ts";
import type { PublicReview } from "../../core/reviews/reviews.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { Avatar } from "./avatar.tsx";
import { SelectField, TextAreaField } from "./form-field.tsx";
import { Stars } from "./rating.tsx";
import { SubmitButton } from "./submit-button.tsx";
import { UserText } from "./user-text.tsx";

/**
 * One review in a course page's list: its author, stars, outcome, text and the teacher's answer,
 * then what the reader may do with it (a helpful vote, a report; for the owner, the reply).
 */
export function CourseReviewItem({
  review,
  signedIn,
  isOwner,
  ownReviewId,
}: {
  review: PublicReview & { markedHelpful: boolean };
  signedIn: boolean;
  isOwner: boolean;
  ownReviewId: string | null;
}) {
  const timeZone = useSiteTimeZone();
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <Avatar photoUrl={review.userPhoto} name={review.userName} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 font-semibold text-slate-900">
            <UserText>{review.userName}</UserText>
            {review.verified && (
              <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
                Verified student
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600">
            <time dateTime={review.createdAt.toISOString()}>
              {formatLongDate(review.createdAt, timeZone)}
            </time>
          </p>
        </div>
        <Stars value={review.rating} />
        {formatOutcome(review.outcome) && (
          <p className="mt-1 text-sm font-medium text-brand-800">{formatOutcome(review.outcome)}</p>
        )}
        <p dir="auto" className="mt-2 whitespace-pre-line wrap-anywhere text-slate-700">
          {review.message}
        </p>
        {review.reply && (
          <div className="mt-3 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100">
            <p className="text-sm font-semibold text-brand-900">
              The teacher's answer ·{" "}
              <time dateTime={review.reply.at.toISOString()}>
                {formatLongDate(review.reply.at, timeZone)}
              </time>
            </p>
            <p dir="auto" className="mt-1 whitespace-pre-line wrap-anywhere text-slate-800">
              {review.reply.text}
            </p>
          </div>
        )}
        <HelpfulControl review={review} mayVote={signedIn && review.id !== ownReviewId} />
        {isOwner && <ReplyControls review={review} />}
        {signedIn && review.id !== ownReviewId && <ReportControl review={review} />}
      </div>
    </li>
  );
}

/** The owner's controls under a review: write or rewrite the answer, or delete it. */
function ReplyControls({ review }: { review: PublicReview }) {
  return (
    <details className="mt-3">
      <summary className="link cursor-pointer text-sm font-semibold">
        {review.reply ? "Edit the reply" : "Reply"}
        <span className="sr-only">{` to ${review.userName}`}</span>
      </summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="reviewId" value={review.id} />
        <TextAreaField
          label={`Your reply to ${review.userName}`}
          id={`reply-${review.id}`}
          name="text"
          rows={3}
          required
          maxLength={MAX_REPLY_LENGTH}
          defaultValue={review.reply?.text}
        />
        <SubmitButton className="btn-secondary" busyLabel="Saving…">
          Save the reply
        </SubmitButton>
      </Form>
      {review.reply && (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="delete-reply" />
          <input type="hidden" name="reviewId" value={review.id} />
          <SubmitButton className="btn-secondary" busyLabel="Deleting…">
            Delete the reply
          </SubmitButton>
        </Form>
      )}
    </details>
  );
}

/** 'Report' under someone else's review: a reason from the list and an optional note. */
function ReportControl({ review }: { review: PublicReview }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-slate-600 hover:text-slate-900">
        Report<span className="sr-only">{` the review by ${review.userName}`}</span>
      </summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="reviewId" value={review.id} />
        <SelectField
          label="What is wrong with it?"
          id={`report-reason-${review.id}`}
          name="reason"
          required
          placeholder="Choose a reason"
          options={REPORT_REASONS}
        />
        <TextAreaField
          label="A note for the owner (optional)"
          id={`report-note-${review.id}`}
          name="note"
          rows={2}
          maxLength={MAX_REPORT_NOTE_LENGTH}
        />
        <SubmitButton className="btn-secondary" busyLabel="Sending…">
          Send the report
        </SubmitButton>
      </Form>
    </details>
  );
}

/** 'Helpful (n)': a toggle for someone else's review, a plain count otherwise. */
function HelpfulControl({
  review,
  mayVote,
}: {
  review: PublicReview & { markedHelpful: boolean };
  mayVote: boolean;
}) {
  const label = `Helpful (${review.helpful})`;
  if (!mayVote) {
    return review.helpful > 0 ? <p className="mt-3 text-sm text-slate-600">{label}</p> : null;
  }
  return (
    <Form method="post" preventScrollReset className="mt-3">
      <input type="hidden" name="intent" value="helpful" />
      <input type="hidden" name="reviewId" value={review.id} />
      <input type="hidden" name="vote" value={review.markedHelpful ? "remove" : "add"} />
      <button
        type="submit"
        className="btn-secondary text-sm"
        aria-pressed={review.markedHelpful}
        aria-label={`${label}: ${review.markedHelpful ? "take back your vote for" : "mark as helpful"} the review by ${review.userName}`}
      >
        {label}
      </button>
    </Form>
  );
}
