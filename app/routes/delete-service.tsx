import {
  deleteService,
  findServiceFor,
  mayManageService,
} from "../../core/catalogue/services.server.ts";
import { countReviewsOfService } from "../../core/reviews/reviews.server.ts";
import { DeleteConfirmation } from "../components/delete-confirmation.tsx";
import { UserText } from "../components/user-text.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/delete-service";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    `Delete ${loaderData?.service.name ?? "service"}`,
    "Delete a course from the catalogue.",
  );

/**
 * Deleting a course asks first, on a page of its own (with or without JavaScript). Only the
 * course's creator or an owner sees it; for anyone else it does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const service = await findServiceFor(db, params.id, user);
  if (!service) throw notYours(request, context, user.id, "not-found");
  if (!mayManageService(user, service)) throw notYours(request, context, user.id, "not-allowed");
  const reviewCount = await countReviewsOfService(db, service.id);
  return { service, reviewCount };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const deleted = await deleteService(context.get(appContext).db, {
    writer: writerFor(context, user),
    serviceId: params.id,
  });
  if (!deleted.ok && deleted.reason === "rate-limited")
    return writeLimited(request, context, user.id, deleted);
  if (!deleted.ok) throw notYours(request, context, user.id, deleted.reason);
  return redirectWithToast("/services", {
    type: "success",
    message:
      deleted.outcome === "deleted"
        ? "Service deleted"
        : "Service unpublished: it has reviews, so it is kept for the owner to restore.",
  });
}

export default function DeleteService({ loaderData }: Route.ComponentProps) {
  const { service, reviewCount } = loaderData;
  return (
    <DeleteConfirmation
      title={
        <>
          Delete <UserText>{service.name}</UserText>?
        </>
      }
      cancelTo={`/services/${service.id}`}
    >
      <p className="text-slate-700">
        {reviewCount > 0
          ? `It has ${reviewCount} review${reviewCount === 1 ? "" : "s"}, so it will be unpublished rather than lost: it leaves the catalogue, and the site's owner can restore it.`
          : "It leaves the catalogue for good. This cannot be undone."}
      </p>
    </DeleteConfirmation>
  );
}
