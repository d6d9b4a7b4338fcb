import { data, useLocation } from "react-router";
import { findServiceFor, mayManageService } from "../../core/catalogue/services.server.ts";
import { formatPrice, previewDescription } from "../../core/format.ts";
import {
  listCourseReviewsWithSummary,
  reviewQuerySchema,
} from "../../core/reviews/course-reviews.server.ts";
import { REVIEWS_PAGE_SIZE } from "../../core/reviews/review-list.ts";
import { formatOutcome } from "../../core/reviews/review-outcomes.ts";
import { reviewsMarkedHelpfulBy } from "../../core/reviews/review-votes.server.ts";
import { findReviewOfService } from "../../core/reviews/reviews.server.ts";
import { CourseFacts } from "../components/course-facts.tsx";
import { useCourseImage } from "../components/course-image.ts";
import { CourseReviewItem } from "../components/course-review-item.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm } from "../components/form-field.tsx";
import { HiddenNote } from "../components/hidden-note.tsx";
import { Link } from "../components/links.tsx";
import { RatingBadge, Stars } from "../components/rating.tsx";
import { ReviewFields } from "../components/review-fields.tsx";
import { listHref, ReviewListControls } from "../components/review-list-controls.tsx";
import { ReviewSummary } from "../components/review-summary.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import {
  answerReview,
  postReview,
  reportFromPage,
  voteOnReview,
} from "../lib/course-page-actions.server.ts";
import { pageMeta, publicPageMeta, siteUrlOf } from "../lib/meta.ts";
import { retryAfterHeaders } from "../lib/refusals.server.ts";
import { getSessionUser } from "../lib/session.server.ts";
import { serviceJsonLd } from "../lib/structured-data.ts";
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

/**
 * The page's forms (a review, a helpful vote, a report, the owner's reply), each handled in
 * `app/lib/course-page-actions.server.ts`; a page left open after the session ended gets 'Please Login'.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = getSessionUser(context);
  if (!user) {
    return data(
      { fieldErrors: {}, flash: { type: "error", message: "Please Login" } as const },
      { status: 401 },
    );
  }
  const form = await request.formData();
  const args = { request, context, user, form, serviceId: params.id };
  const intent = form.get("intent");
  if (intent === "report") return reportFromPage(args);
  if (intent === "helpful") return voteOnReview(args);
  if (intent === "reply" || intent === "delete-reply") return answerReview(args, intent);
  return postReview(args);
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
          <h1
            dir="auto"
            className="text-3xl font-extrabold leading-tight wrap-anywhere text-slate-900"
          >
            {service.name}
          </h1>
          <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2">
            <RatingBadge rating={service.rating} size="lg" />
            <p className="text-xl font-bold text-brand-800">
              Price: $ {formatPrice(service.price)}
            </p>
          </div>
          <p
            dir="auto"
            className="mt-6 whitespace-pre-line leading-relaxed wrap-anywhere text-slate-700"
          >
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
              <p dir="auto" className="mt-1 whitespace-pre-line wrap-anywhere text-slate-700">
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
                <CourseReviewItem
                  key={review.id}
                  review={review}
                  signedIn={signedIn}
                  isOwner={isOwner}
                  ownReviewId={ownReviewId}
                />
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
