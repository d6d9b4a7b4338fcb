import { data } from "react-router";
import { readImageUpload } from "../../core/images.server.ts";
import {
  findServiceFor,
  mayManageService,
  serviceFormSchema,
  updateService,
} from "../../core/services.server.ts";
import { isUploadedImage } from "../../core/uploaded-images.ts";
import { courseDetailsFormValues } from "../components/course-details-fields.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { ServiceForm } from "../components/service-form.tsx";
import { appContext } from "../context.server.ts";
import { formValues, parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
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
  return { service };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  const result = parseForm(serviceFormSchema, form);
  const upload = await readImageUpload(form, "imageFile");
  if (!result.ok || !upload.ok) {
    return data(
      {
        values: result.ok ? formValues(form) : result.values,
        fieldErrors: {
          ...(result.ok ? {} : result.fieldErrors),
          ...(upload.ok ? {} : { imageFile: upload.message }),
        },
        flash: null,
      },
      { status: 400 },
    );
  }
  const updated = await updateService(context.get(appContext).db, {
    writer: writerFor(context, user),
    serviceId: params.id,
    input: result.data,
    upload: upload.image,
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
  const { service } = loaderData;
  const values = actionData?.values ?? {
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
      <p className="mt-1 text-slate-600">{service.name}</p>
      <ServiceForm
        values={values}
        errors={actionData?.fieldErrors ?? {}}
        submitLabel="Save"
        busyLabel="Saving…"
        uploadedImage={isUploadedImage(service.imageUrl) ? service.imageUrl : undefined}
      />
    </div>
  );
}
