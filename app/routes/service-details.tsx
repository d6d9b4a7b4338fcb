import { data, Form, useLocation, useSubmit } from "react-router";
import type { SignedInUser } from "../../core/accounts/signed-in-user.ts";
import { findServiceFor, mayManageService } from "../../core/catalogue/services.server.ts";
import { MAX_REPLY_LENGTH, MAX_REPORT_NOTE_LENGTH } from "../../core/field-limits.ts";
import { formatLongDate, formatPrice, previewDescription } from "../../core/format.ts";
import {
  listCourseReviewsWithSummary,
  reviewQuerySchema,
} from "../../core/reviews/course-reviews.server.ts";
import { REPORT_REASONS } from "../../core/reviews/report-reasons.ts";
import {
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  type ReviewSort,
} from "../../core/reviews/review-list.ts";
import {
  mayReportReview,
  reportInputSchema,
  reportReview,
} from "../../core/reviews/review-moderation.server.ts";
import {
  formatOutcome,
  IELTS_MODULES,
  type IeltsModule,
} from "../../core/reviews/review-outcomes.ts";
import {
  deleteReply,
  mayAnswerReview,
  replyInputSchema,
  replyToReview,
} from "../../core/reviews/review-replies.server.ts";
import {
  markHelpful,
  reviewsMarkedHelpfulBy,
  withdrawHelpful,
} from "../../core/reviews/review-votes.server.ts";
import {
  createReview,
  findReviewOfService,
  type PublicReview,
  reviewFormSchema,
} from "../../core/reviews/reviews.server.ts";
import { Avatar } from "../components/avatar.tsx";
import { CourseFacts } from "../components/course-facts.tsx";
import { useCourseImage } from "../components/course-image.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm, SelectField, TextAreaField } from "../components/form-field.tsx";
import { HiddenNote } from "../components/hidden-note.tsx";
import { Link } from "../components/links.tsx";
import { RatingBadge, Stars } from "../components/rating.tsx";
import { ReviewFields } from "../components/review-fields.tsx";
import { ReviewSummary } from "../components/review-summary.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta, publicPageMeta, siteUrlOf } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { getSessionUser } from "../lib/session.server.ts";
import { serviceJsonLd } from "../lib/structured-data.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/service-details";

export const headers: Route.HeadersFunction = retryAfterHeaders;

/**
 * "Show more" keeps what was shown and adds the next page, up to this many pages; beyond them the
 * earliest pages drop off the top, so a page never holds more than 200 reviews.
 */
const MAX_SHOWN_PAGES = 20;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { user } = getSessionUser(context);
  // A course waiting for approval shows to its creator and the owners; an unpublished one to the
  // owners only; to anyone else it does not exist.
  const service = await findServiceFor(db, params.id, user);
  if (!service) throw data(null, { status: 404 });
  const url = new URL(request.url);
  // A hand-edited address with a choice that makes no sense shows the default list instead.
  const chosen = [...url.searchParams].filter(([, value]) => value !== "");
  const parsed = reviewQuerySchema.safeParse(Object.fromEntries(chosen));
  const query = parsed.success ? parsed.data : reviewQuerySchema.parse({});
  const firstShownPage = Math.max(1, query.page - MAX_SHOWN_PAGES + 1);
  const shownBefore = (firstShownPage - 1) * REVIEWS_PAGE_SIZE;
  const [list, ownReview] = await Promise.all([
    // The shown pages in one read, their count and the summary from one read of the tallies.
    listCourseReviewsWithSummary(db, service.id, query, {
      offset: shownBefore,
      limit: (query.page - firstShownPage + 1) * REVIEWS_PAGE_SIZE,
    }),
    // Public reviews carry no account ids or e-mail addresses (this data is serialised into the
    // page): the signed-in user's own review is looked up by their id instead.
    user ? findReviewOfService(db, service.id, user.id) : undefined,
  ]);
  const markedHelpful = user
    ? await reviewsMarkedHelpfulBy(
        db,
        user.id,
        list.reviews.map((review) => review.id),
      )
    : new Set<string>();
  return {
    service,
    reviews: list.reviews.map((review) => ({
      ...review,
      markedHelpful: markedHelpful.has(review.id),
    })),
    matching: list.count,
    summary: list.summary,
    query: { sort: query.sort, stars: query.stars, module: query.module, page: query.page },
    /** How many reviews of the list come before the shown ones (past MAX_SHOWN_PAGES pages). */
    shownBefore,
    signedIn: Boolean(user),
    isOwner: Boolean(user?.isOwner),
    mayManage: mayManageService(user, service),
    ownReviewId: ownReview?.id ?? null,
    // What the author sees of their own review beside the summary (no e-mail, no account id).
    ownReview: ownReview
      ? {
          rating: ownReview.rating,
          message: ownReview.message,
          outcome: ownReview.outcome,
          hiddenReason: ownReview.hiddenReason,
        }
      : null,
  };
}

/** Posts the signed-in user's review; a page left open after the session ended gets 'Please Login'. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { db } = context.get(appContext);
  const { user } = getSessionUser(context);
  if (!user) {
    return data(
      { fieldErrors: {}, flash: { type: "error", message: "Please Login" } as const },
      { status: 401 },
    );
  }
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "report") return reportFromPage(request, context, { user, form });
  if (intent === "helpful") return voteFromPage(request, context, { user, form });
  if (intent === "reply" || intent === "delete-reply") {
    return answerReview(request, context, { user, form, intent, serviceId: params.id });
  }
  const result = parseForm(reviewFormSchema, form);
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, flash: null }, { status: 400 });
  const created = await createReview(db, {
    writer: writerFor(context, user),
    serviceId: params.id,
    input: result.data,
  });
  if (!created.ok && created.reason === "rate-limited") {
    return writeLimited(request, context, user.id, created);
  }
  if (!created.ok && created.reason === "no-such-service") throw data(null, { status: 404 });
  if (!created.ok) {
    const flash = {
      type: "error",
      message: "You have already reviewed this course: edit your review instead.",
    } as const;
    return data({ fieldErrors: {}, flash }, { status: 409 });
  }
  context.get(appContext).wakeWebhookWorker();
  return redirectWithToast(`/services/${params.id}`, {
    type: "success",
    message: "Review successfully added",
  });
}

/** A signed-in user marks someone else's review helpful, or takes the vote back. */
async function voteFromPage(
  request: Request,
  context: Route.ActionArgs["context"],
  { user, form }: { user: SignedInUser; form: FormData },
) {
  const vote = { voter: user, reviewId: String(form.get("reviewId") ?? "") };
  const { db } = context.get(appContext);
  const result =
    form.get("vote") === "remove" ? await withdrawHelpful(db, vote) : await markHelpful(db, vote);
  if (result.ok) return data({ fieldErrors: {}, flash: null });
  if (result.reason === "own-review") {
    return data(
      {
        fieldErrors: {},
        flash: { type: "error", message: "You cannot vote on your own review." } as const,
      },
      { status: 403 },
    );
  }
  throw notYours(request, context, user.id, "not-found");
}

/** A signed-in user reports someone else's review to the owners. */
async function reportFromPage(
  request: Request,
  context: Route.ActionArgs["context"],
  { user, form }: { user: SignedInUser; form: FormData },
) {
  const reviewId = String(form.get("reviewId") ?? "");
  // One's own review, or one out of sight, cannot be reported, whatever the form says.
  const allowed = await mayReportReview(context.get(appContext).db, { userId: user.id, reviewId });
  if (!allowed.ok) throw notYours(request, context, user.id, "not-found");
  const input = reportInputSchema.safeParse({
    reason: form.get("reason") ?? undefined,
    note: form.get("note") ?? undefined,
  });
  const fail = (message: string, status: number) =>
    data({ fieldErrors: {}, flash: { type: "error", message } as const }, { status });
  if (!input.success) return fail(input.error.issues[0]?.message ?? "", 400);
  const reported = await reportReview(context.get(appContext).db, {
    writer: writerFor(context, user),
    reviewId,
    input: input.data,
  });
  if (reported.ok) {
    return data({
      fieldErrors: {},
      flash: { type: "success", message: "Thank you: the site's owner will look at it." } as const,
    });
  }
  if (reported.reason === "rate-limited") return writeLimited(request, context, user.id, reported);
  if (reported.reason === "already-reported")
    return fail("You have already reported this review.", 409);
  throw notYours(request, context, user.id, "not-found");
}

/** The owner writes, rewrites or deletes the teacher's answer under a review; for others, 404. */
async function answerReview(
  request: Request,
  context: Route.ActionArgs["context"],
  {
    user,
    form,
    intent,
    serviceId,
  }: { user: SignedInUser; form: FormData; intent: "reply" | "delete-reply"; serviceId: string },
) {
  const { db, wakeMailWorker } = context.get(appContext);
  const reviewId = String(form.get("reviewId") ?? "");
  const back = (message: string) =>
    redirectWithToast(`/services/${serviceId}`, { type: "success", message });
  if (intent === "delete-reply") {
    const deleted = await deleteReply(db, { actor: user, reviewId });
    if (!deleted.ok) throw notYours(request, context, user.id, deleted.reason);
    return back("Reply deleted");
  }
  // Anyone but an owner is refused before the reply's text is read.
  const allowed = await mayAnswerReview(db, { actor: user, reviewId });
  if (!allowed.ok) throw notYours(request, context, user.id, allowed.reason);
  const input = replyInputSchema.safeParse({ text: form.get("text") });
  if (!input.success) {
    const flash = { type: "error", message: input.error.issues[0]?.message ?? "" } as const;
    return data({ fieldErrors: {}, flash }, { status: 400 });
  }
  const replied = await replyToReview(db, {
    actor: user,
    reviewId,
    text: input.data.text,
    siteUrl: new URL(request.url).origin,
  });
  if (!replied.ok) throw notYours(request, context, user.id, replied.reason);
  wakeMailWorker();
  return back("Reply saved");
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const { service, summary, reviews } = loaderData;
  const description = previewDescription(service.description, 155);
  const siteUrl = siteUrlOf(matches);
  // Only a course in the catalogue is described to search engines and shared; one waiting for
  // approval or unpublished shows only to its creator or the owners.
  if (service.status !== "published" || siteUrl === null)
    return pageMeta(service.name, description);
  const path = `/services/${service.id}`;
  const rating =
    summary.average === null ? null : { average: summary.average, count: summary.ratingCount };
  return [
    ...publicPageMeta(matches, {
      page: service.name,
      description,
      path,
      image: { url: service.imageUrl, alt: service.name },
    }),
    { "script:ld+json": serviceJsonLd(service, rating, reviews, siteUrl, `${siteUrl}${path}`) },
  ];
};

export default function ServiceDetails({ loaderData, actionData }: Route.ComponentProps) {
  const {
    service,
    reviews,
    matching,
    shownBefore,
    summary,
    query,
    signedIn,
    isOwner,
    mayManage,
    ownReviewId,
    ownReview,
  } = loaderData;
  const location = useLocation();
  const image = useCourseImage(service.imageUrl, "(min-width: 1024px) 560px, 100vw");
  const loginHref = `/login?redirectTo=${encodeURIComponent(location.pathname)}`;

  return (
    <div className="container-page py-12">
      <article className="grid gap-10 lg:grid-cols-2">
        <img
          {...image}
          alt={service.name}
          width={1200}
          height={800}
          // The page's largest paint.
          fetchPriority="high"
          className="aspect-[3/2] w-full cover-fallback rounded-2xl object-cover shadow-sm ring-1 ring-slate-200"
        />
        <div>
          {service.status !== "published" && (
            <p
              role="status"
              className="mb-4 rounded-xl bg-amber-50 p-3 font-semibold text-amber-900 ring-1 ring-amber-200"
            >
              {service.status === "pending"
                ? "Waiting for approval: the course joins the catalogue once the site's owner approves it."
                : "Unpublished: this course is out of the catalogue. Restore it from Admin."}
            </p>
          )}
          <h1 className="text-3xl font-extrabold leading-tight text-slate-900">{service.name}</h1>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2">
            <RatingBadge rating={service.rating} size="lg" />
            <p className="text-xl font-bold text-brand-800">
              Price: $ {formatPrice(service.price)}
            </p>
          </div>
          <p className="mt-6 whitespace-pre-line leading-relaxed text-slate-700">
            {service.description}
          </p>
          <CourseFacts details={service.details} />
          <Link to={`/services/${service.id}/enroll`} className="btn-primary mt-8">
            Enroll Today
          </Link>
          {mayManage && (
            <div className="mt-6 flex flex-wrap gap-3">
              <Link
                to={`/services/${service.id}/edit`}
                className="btn-secondary"
                aria-label={`Edit ${service.name}`}
              >
                Edit
              </Link>
              <Link
                to={`/services/${service.id}/delete`}
                className="btn-secondary"
                aria-label={`Delete ${service.name}`}
              >
                Delete
              </Link>
            </div>
          )}
        </div>
      </article>

      <section aria-labelledby="reviews-heading" className="mt-16">
        <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
          Reviews
        </h2>
        {summary.reviewCount > 0 && (
          <ReviewSummary
            summary={summary}
            activeStars={query.stars}
            hrefFor={(stars) => listHref({ ...query, stars, page: 1 })}
          />
        )}

        <FlashToast flash={actionData?.flash} />
        {service.status !== "published" ? null : !signedIn ? (
          <div className="mt-4 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
            <p className="text-slate-800">
              Took this course?{" "}
              <Link to={loginHref} className="link">
                Log in to add a review
              </Link>
              .
            </p>
          </div>
        ) : ownReviewId && ownReview ? (
          <div
            data-action-result
            className="mt-4 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100"
          >
            <p className="text-slate-800">
              You have reviewed this course.{" "}
              <Link to={`/update/${ownReviewId}`} className="link">
                Edit your review
              </Link>
            </p>
            <div className="mt-3">
              <Stars value={ownReview.rating} />
              {formatOutcome(ownReview.outcome) && (
                <p className="mt-1 text-sm font-medium text-brand-800">
                  {formatOutcome(ownReview.outcome)}
                </p>
              )}
              <p className="mt-1 whitespace-pre-line break-words text-slate-700">
                {ownReview.message}
              </p>
              <HiddenNote review={ownReview} />
            </div>
          </div>
        ) : (
          <FieldForm
            state={actionData}
            method="post"
            data-moves-focus
            aria-labelledby="review-form-heading"
            className="mt-4 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          >
            <h3 id="review-form-heading" className="font-semibold text-slate-900">
              Add your review
            </h3>
            <ReviewFields rows={4} />
            <SubmitButton busyLabel="Posting…">Review</SubmitButton>
          </FieldForm>
        )}

        {summary.reviewCount > 0 && <ReviewListControls query={query} />}

        {summary.reviewCount === 0 ? (
          <p className="mt-6 text-slate-700">No reviews yet: please add a review.</p>
        ) : reviews.length === 0 && shownBefore > 0 && matching > 0 ? (
          <p className="mt-6 text-slate-700">
            {`This list has ${matching} reviews. `}
            <Link to={listHref({ ...query, page: 1 })} preventScrollReset className="link">
              Back to the first reviews
            </Link>
          </p>
        ) : reviews.length === 0 ? (
          <p className="mt-6 text-slate-700">
            No review matches this choice.{" "}
            <Link to={listHref({ sort: query.sort, page: 1 })} preventScrollReset className="link">
              Show all reviews
            </Link>
          </p>
        ) : (
          <>
            {shownBefore > 0 && (
              <p className="mt-6 text-slate-700">
                {`Showing reviews ${shownBefore + 1}–${shownBefore + reviews.length} of ${matching}. `}
                <Link to={listHref({ ...query, page: 1 })} preventScrollReset className="link">
                  Back to the first reviews
                </Link>
              </p>
            )}
            <ul className="mt-6 space-y-4" aria-label="Reviews">
              {reviews.map((review) => (
                <li
                  key={review.id}
                  className="flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                >
                  <Avatar photoUrl={review.userPhoto} name={review.userName} size="sm" />
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-semibold text-slate-900">
                        {review.userName}
                        {review.verified && (
                          <span className="ml-2 rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-200">
                            Verified student
                          </span>
                        )}
                      </p>
                      <p className="text-sm text-slate-600">
                        <time dateTime={review.createdAt.toISOString()}>
                          {formatLongDate(review.createdAt)}
                        </time>
                      </p>
                    </div>
                    <Stars value={review.rating} />
                    {formatOutcome(review.outcome) && (
                      <p className="mt-1 text-sm font-medium text-brand-800">
                        {formatOutcome(review.outcome)}
                      </p>
                    )}
                    <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                      {review.message}
                    </p>
                    {review.reply && (
                      <div className="mt-3 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100">
                        <p className="text-sm font-semibold text-brand-900">
                          The teacher's answer ·{" "}
                          <time dateTime={review.reply.at.toISOString()}>
                            {formatLongDate(review.reply.at)}
                          </time>
                        </p>
                        <p className="mt-1 whitespace-pre-line break-words text-slate-800">
                          {review.reply.text}
                        </p>
                      </div>
                    )}
                    <HelpfulControl
                      review={review}
                      mayVote={signedIn && review.id !== ownReviewId}
                    />
                    {isOwner && <ReplyControls review={review} />}
                    {signedIn && review.id !== ownReviewId && <ReportControl review={review} />}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
        {shownBefore + reviews.length < matching && (
          <p className="mt-6">
            <Link
              to={listHref({ ...query, page: query.page + 1 })}
              preventScrollReset
              className="btn-secondary"
            >
              {`Show more (${matching - shownBefore - reviews.length} more)`}
            </Link>
          </p>
        )}
      </section>
    </div>
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

type ListQuery = {
  sort: ReviewSort;
  stars?: number | undefined;
  module?: IeltsModule | undefined;
  page: number;
};

/** The page's address for a list choice: only what differs from the defaults. */
function listHref({ sort, stars, module, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (sort !== "newest") params.set("sort", sort);
  if (stars !== undefined) params.set("stars", String(stars));
  if (module !== undefined) params.set("module", module);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `${search ? `?${search}` : "?"}#reviews-heading`;
}

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest",
  highest: "Highest rated",
  lowest: "Lowest rated",
  helpful: "Most helpful",
};

/**
 * Sort and module filter as a plain GET form (the star filter rides along hidden): it works
 * without JavaScript through its button, and with JavaScript a change applies at once.
 */
function ReviewListControls({ query }: { query: ListQuery }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      preventScrollReset
      className="mt-6 flex flex-wrap items-end gap-4"
      aria-label="Sort and filter the reviews"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      {query.stars !== undefined && <input type="hidden" name="stars" value={query.stars} />}
      <SelectField
        label="Sort by"
        id="reviews-sort"
        name="sort"
        options={REVIEW_SORTS.map((sort) => [sort, SORT_LABELS[sort]] as const)}
        defaultValue={query.sort}
      />
      <SelectField
        label="IELTS module"
        id="reviews-module"
        name="module"
        options={[["", "All modules"], ...Object.entries(IELTS_MODULES)]}
        defaultValue={query.module ?? ""}
      />
      <noscript>
        <button type="submit" className="btn-secondary">
          Apply
        </button>
      </noscript>
    </Form>
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
