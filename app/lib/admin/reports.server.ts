import {
  dismissReports,
  hideInputSchema,
  hideReview,
  type ModerationRefusal,
  mayModerateReview,
  restoreReview,
} from "../../../core/reviews/review-moderation.server.ts";
import { appContext } from "../../context.server.ts";
import { notYours } from "../refusals.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActionArgs, type AdminActions, field } from "./action.server.ts";

const here = "/admin#reports-heading";

/** Answers a moderation step: the toast on success, the 404 page for a review not found. */
async function moderated(
  { request, context, owner }: AdminActionArgs,
  done: { ok: true } | ModerationRefusal,
  message: string,
) {
  if (!done.ok) throw notYours(request, context, owner.id, done.reason);
  return redirectWithToast(here, { type: "success", message });
}

/** The Reported reviews section: hide with a reason, dismiss the reports, show again. */
export const reportActions: AdminActions = {
  "hide-review": async (args) => {
    const { db } = args.context.get(appContext);
    const reviewId = field(args.form, "reviewId");
    // A review that is gone is the 404 page, whether or not a reason was chosen.
    const allowed = await mayModerateReview(db, { actor: args.owner, reviewId });
    if (!allowed.ok) throw notYours(args.request, args.context, args.owner.id, allowed.reason);
    const input = hideInputSchema.safeParse({ reason: args.form.get("reason") ?? undefined });
    if (!input.success) {
      return redirectWithToast(here, {
        type: "error",
        message: "Please choose why the review is hidden.",
      });
    }
    const done = await hideReview(db, { actor: args.owner, reviewId, reason: input.data.reason });
    return moderated(args, done, "The review is hidden.");
  },
  "dismiss-reports": async (args) => {
    const done = await dismissReports(args.context.get(appContext).db, {
      actor: args.owner,
      reviewId: field(args.form, "reviewId"),
    });
    return moderated(args, done, "The reports are dismissed; the review stays.");
  },
  "restore-review": async (args) => {
    const done = await restoreReview(args.context.get(appContext).db, {
      actor: args.owner,
      reviewId: field(args.form, "reviewId"),
    });
    return moderated(args, done, "The review is shown again.");
  },
};
