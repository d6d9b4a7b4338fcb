import {
  findServiceFor,
  mayChangeService,
  mayManageService,
  updateService,
} from "../../core/catalogue/services.server.ts";
import { isUploadedImage } from "../../core/images/uploaded-images.ts";
import { courseDetailsFormValues } from "../components/course-details-fields.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { ServiceForm } from "../components/service-form.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { readServiceForm } from "../lib/service-form.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/edit-service";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(`Edit ${loaderData?.service.name ?? "service"}`, "Change a course in the catalogue.");

/** Only the course's creator or an owner sees this page; for anyone else it does not exist. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const service = await findServiceFor(context.get(appContext).db, params.id, user);
  if (!service) throw notYours(request, context, user.id, "not-found");
  if (!mayManageService(user, service)) throw notYours(request, context, user.id, "not-allowed");
  // Only an owner sets how many Writing answers a course includes marking for.
  return { service, marking: user.isOwner };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  // Anyone else is refused before the form is read, whatever it holds: their picture is never decoded.
  const allowed = await mayChangeService(context.get(appContext).db, {
    actor: user,
    serviceId: params.id,
  });
  if (!allowed.ok) throw notYours(request, context, user.id, allowed.reason);
  const form = await request.formData();
  const sent = await readServiceForm(form);
  if (!sent.ok) return sent.refusal;
  const updated = await updateService(context.get(appContext).db, {
    writer: writerFor(context, user),
    serviceId: params.id,
    input: sent.input,
    upload: sent.upload,
    keepUploadedImage: form.get("useDefaultCover") !== "on",
  });
  if (!updated.ok && updated.reason === "rate-limited")
    return writeLimited(request, context, user.id, updated);
  if (!updated.ok) throw notYours(request, context, user.id, updated.reason);
  return redirectWithToast(`/services/${params.id}`, {
    type: "success",
    message: "Service updated",
  });
}

export default function EditService({ loaderData, actionData }: Route.ComponentProps) {
  const { service, marking } = loaderData;
  const stored = {
    serviceName: service.name,
    price: String(service.price),
    imageUrl: service.imageUrl.startsWith("/") ? "" : service.imageUrl,
    description: service.description,
    ...courseDetailsFormValues(service.details),
  };
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Edit Service</h1>
      <FlashToast flash={actionData?.flash} />
      <p dir="auto" className="mt-1 wrap-anywhere text-slate-600">
        {service.name}
      </p>
      <ServiceForm
        state={actionData ?? { values: stored }}
        submitLabel="Save"
        busyLabel="Saving…"
        uploadedImage={isUploadedImage(service.imageUrl) ? service.imageUrl : undefined}
        marking={marking}
      />
    </div>
  );
}
