import { data } from "react-router";
import type { SignedInUser } from "../../core/accounts/signed-in-user.ts";
import {
  mayReportReview,
  reportInputSchema,
  reportReview,
} from "../../core/reviews/review-moderation.server.ts";
import {
  deleteReply,
  mayAnswerReview,
  replyInputSchema,
  replyToReview,
} from "../../core/reviews/review-replies.server.ts";
import { markHelpful, withdrawHelpful } from "../../core/reviews/review-votes.server.ts";
import { createReview, reviewFormSchema } from "../../core/reviews/reviews.server.ts";
import { type AppContext, appContext } from "../context.server.ts";
import { parseForm } from "./forms.ts";
import { notYours, writeLimited, writerFor } from "./refusals.server.ts";
import { redirectWithToast } from "./toast.server.ts";

/**
 * The forms of a course page (`app/routes/service-details.tsx`), one handler per form: a review,
 * a helpful vote, a report, and the owner's reply. Each gets the signed-in user (the route has
 * refused everyone else) and the form as sent.
 */
export interface CoursePageFormArgs {
  request: Request;
  context: { get: (key: typeof appContext) => AppContext };
  user: SignedInUser;
  form: FormData;
  serviceId: string;
}

/** Posts the signed-in user's review of the course. */
export async function postReview({ request, context, user, form, serviceId }: CoursePageFormArgs) {
  const { db } = context.get(appContext);
  const result = parseForm(reviewFormSchema, form);
  if (!result.ok) return data({ fieldErrors: result.fieldErrors, flash: null }, { status: 400 });
  const created = await createReview(db, {
    writer: writerFor(context, user),
    serviceId,
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
  return redirectWithToast(`/services/${serviceId}`, {
    type: "success",
    message: "Review successfully added",
  });
}

/** A signed-in user marks someone else's review helpful, or takes the vote back. */
export async function voteOnReview({ request, context, user, form }: CoursePageFormArgs) {
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
export async function reportFromPage({ request, context, user, form }: CoursePageFormArgs) {
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
export async function answerReview(
  { request, context, user, form, serviceId }: CoursePageFormArgs,
  intent: "reply" | "delete-reply",
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
