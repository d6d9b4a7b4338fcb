import { useState } from "react";
import { Form } from "react-router";
import { formatLongDate } from "../../core/format.ts";
import {
  deleteOwnReview,
  listReviewsByUser,
  type Review,
} from "../../core/reviews/reviews.server.ts";
import { ConfirmDeleteDialog } from "../components/confirm-delete-dialog.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { HiddenNote } from "../components/hidden-note.tsx";
import { Link } from "../components/links.tsx";
import { Stars } from "../components/rating.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { UserText } from "../components/user-text.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/my-reviews";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta("My Reviews", "The reviews you have written on IELTS Hub.");

/** What the page shows of each review, and all it carries into the page's data. */
type ListedReview = Pick<
  Review,
  "id" | "serviceName" | "rating" | "message" | "hiddenReason" | "createdAt"
>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const reviews: ListedReview[] = (
    await listReviewsByUser(context.get(appContext).db, user.id)
  ).map(({ id, serviceName, rating, message, hiddenReason, createdAt }) => ({
    id,
    serviceName,
    rating,
    message,
    hiddenReason,
    createdAt,
  }));
  // Without JavaScript, Delete leads here with ?confirm=<id> to ask before deleting.
  const confirmId = new URL(request.url).searchParams.get("confirm");
  const confirming = reviews.find((review) => review.id === confirmId) ?? null;
  return { reviews, confirming };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const reviewId = (await request.formData()).get("reviewId");
  // No id at all names no review: as if it never existed.
  if (typeof reviewId !== "string") throw notYours(request, context, user.id, "not-found");
  const deleted = await deleteOwnReview(context.get(appContext).db, {
    writer: writerFor(context, user),
    reviewId,
  });
  if (!deleted.ok && deleted.reason === "rate-limited") {
    return writeLimited(request, context, user.id, deleted);
  }
  // Someone else's review, or one already gone: as if it never existed.
  if (!deleted.ok) throw notYours(request, context, user.id, deleted.reason);
  context.get(appContext).wakeWebhookWorker();
  return redirectWithToast("/my-reviews", { type: "success", message: "Review Delete Success" });
}

function DeleteLink({
  review,
  onAsk,
}: {
  review: ListedReview;
  onAsk: (review: ListedReview) => void;
}) {
  return (
    <Link
      to={`?confirm=${review.id}`}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        onAsk(review);
      }}
      className="font-medium text-red-700 underline underline-offset-2 hover:text-red-900"
      aria-label={`Delete your review of ${review.serviceName}`}
    >
      Delete
    </Link>
  );
}

function EditLink({ review, className = "link" }: { review: ListedReview; className?: string }) {
  return (
    <Link
      to={`/update/${review.id}`}
      className={className}
      aria-label={`Edit your review of ${review.serviceName}`}
    >
      Edit
    </Link>
  );
}

export default function MyReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, confirming } = loaderData;
  const timeZone = useSiteTimeZone();
  const [asking, setAsking] = useState<ListedReview | null>(null);
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">My Reviews</h1>
      <FlashToast flash={actionData?.flash} />

      {confirming && (
        <section
          aria-labelledby="confirm-heading"
          className="mt-6 rounded-2xl bg-red-50 p-5 ring-1 ring-red-200"
        >
          <h2 id="confirm-heading" className="font-bold text-red-900">
            Are you sure you want to delete
          </h2>
          <p className="mt-1 text-red-900">
            your review of <UserText>{confirming.serviceName}</UserText>? This cannot be undone.
          </p>
          <Form method="post" action="/my-reviews" className="mt-4 flex gap-3">
            <input type="hidden" name="reviewId" value={confirming.id} />
            <SubmitButton
              className="btn bg-red-700 text-white hover:bg-red-800"
              busyLabel="Deleting…"
            >
              Delete
            </SubmitButton>
            <Link to="/my-reviews" className="btn-secondary">
              Cancel
            </Link>
          </Form>
        </section>
      )}

      {reviews.length === 0 ? (
        <p className="mt-6 text-slate-700">No reviews were added</p>
      ) : (
        <>
          {/* Wide screens: a table. */}
          <table className="mt-6 hidden w-full overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 ring-slate-200 md:table">
            <thead className="bg-slate-100 text-sm text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Service
                </th>
                <th scope="col" className="px-4 py-3">
                  Rating
                </th>
                <th scope="col" className="px-4 py-3">
                  Review
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {reviews.map((review) => (
                <tr key={review.id}>
                  <td dir="auto" className="px-4 py-3 font-semibold wrap-anywhere text-slate-900">
                    {review.serviceName}
                  </td>
                  <td className="px-4 py-3">
                    <Stars value={review.rating} />
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    <p dir="auto" className="whitespace-pre-line wrap-anywhere">
                      {review.message}
                    </p>
                    <HiddenNote review={review} />
                  </td>
                  <td className="space-x-4 whitespace-nowrap px-4 py-3">
                    <EditLink review={review} />
                    <DeleteLink review={review} onAsk={setAsking} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {/* Small screens: cards. */}
          <ul className="mt-6 space-y-4 md:hidden">
            {reviews.map((review) => (
              <li
                key={review.id}
                className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              >
                <p dir="auto" className="font-semibold wrap-anywhere text-slate-900">
                  {review.serviceName}
                </p>
                <Stars value={review.rating} />
                <p dir="auto" className="mt-2 whitespace-pre-line wrap-anywhere text-slate-700">
                  {review.message}
                </p>
                <HiddenNote review={review} />
                <p className="mt-2 text-sm text-slate-600">
                  {formatLongDate(review.createdAt, timeZone)}
                </p>
                <p className="mt-3 space-x-4">
                  <EditLink review={review} />
                  <DeleteLink review={review} onAsk={setAsking} />
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      {asking && <ConfirmDeleteDialog review={asking} onCancel={() => setAsking(null)} />}
    </div>
  );
}

/** A review an owner hid: only its author sees it, here, with the reason. */
