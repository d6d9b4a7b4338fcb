import { data } from "react-router";
import {
  findOwnReview,
  mayChangeOwnReview,
  reviewFormSchema,
  reviewRefusalReason,
  updateOwnReview,
} from "../../core/reviews/reviews.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm } from "../components/form-field.tsx";
import { ReviewFields } from "../components/review-fields.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/update-review";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    loaderData ? `Update your review of ${loaderData.review.serviceName}` : "Update review",
    "Change the stars or the text of your review.",
  );

/** Only the author sees this page; for anyone else the review does not exist (404). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const review = await findOwnReview(db, params.id, user.id);
  if (!review) {
    throw notYours(request, context, user.id, await reviewRefusalReason(db, params.id));
  }
  return { review, email: user.email };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  // Someone else's review does not exist for them, whatever the form holds.
  const allowed = await mayChangeOwnReview(db, { userId: user.id, reviewId: params.id });
  if (!allowed.ok) throw notYours(request, context, user.id, allowed.reason);
  const result = parseForm(reviewFormSchema, await request.formData());
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, flash: null }, { status: 400 });
  const updated = await updateOwnReview(db, {
    writer: writerFor(context, user),
    reviewId: params.id,
    input: result.data,
  });
  if (!updated.ok && updated.reason === "rate-limited") {
    return writeLimited(request, context, user.id, updated);
  }
  if (!updated.ok) throw notYours(request, context, user.id, updated.reason);
  context.get(appContext).wakeWebhookWorker();
  return redirectWithToast("/my-reviews", {
    type: "success",
    message: "Review updated successfully",
  });
}

export default function UpdateReview({ loaderData, actionData }: Route.ComponentProps) {
  const { review, email } = loaderData;
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Update your review</h1>
      <FlashToast flash={actionData?.flash} />
      <div className="mt-6 flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <img
          src={review.serviceImageUrl}
          alt=""
          width={120}
          height={80}
          className="h-20 w-30 shrink-0 rounded-lg object-cover"
        />
        {/* An e-mail address is one long word: on a phone it breaks rather than widen the page. */}
        <div className="min-w-0 break-words">
          <p dir="auto" className="font-semibold wrap-anywhere text-slate-900">
            {review.serviceName}
          </p>
          <p className="text-sm text-slate-600">Reviewing as {email}</p>
        </div>
      </div>
      <FieldForm state={actionData} method="post" data-moves-focus className="form-card mt-6">
        <ReviewFields review={review} rows={6} />
        <SubmitButton busyLabel="Saving…">Update</SubmitButton>
      </FieldForm>
    </div>
  );
}
