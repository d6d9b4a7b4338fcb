import { createService } from "../../core/catalogue/services.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { ServiceForm } from "../components/service-form.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { readServiceForm } from "../lib/service-form.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/add-service";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta("Add Service", "Add a course to the IELTS Hub catalogue.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  // Only an owner's course may include marking: a student's form has no such field.
  return { marking: user.isOwner };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  const sent = await readServiceForm(form);
  if (!sent.ok) return sent.refusal;
  const created = await createService(context.get(appContext).db, {
    writer: writerFor(context, user),
    input: sent.input,
    upload: sent.upload,
  });
  if (!created.ok) return writeLimited(request, context, user.id, created);
  context.get(appContext).wakeWebhookWorker();
  // Held for the owner's approval: the student sees it, marked so, on its own page.
  if (created.status === "pending") {
    return redirectWithToast(`/services/${created.id}`, {
      type: "success",
      message: "Successfully added a service",
    });
  }
  return redirectWithToast("/services", {
    type: "success",
    message: "Successfully added a service",
  });
}

export default function AddService({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Add Service</h1>
      <FlashToast flash={actionData?.flash} />
      <p className="mt-1 text-slate-600">
        Add a course to the catalogue. It appears first on the services page.
      </p>
      <ServiceForm
        state={actionData}
        submitLabel="Submit"
        busyLabel="Submitting…"
        marking={loaderData.marking}
      />
    </div>
  );
}
