import { data, Form, useNavigation } from "react-router";
import {
  MAX_SERVICE_DESCRIPTION_LENGTH,
  MAX_SERVICE_NAME_LENGTH,
} from "../../core/field-limits.ts";
import { createService, serviceInputSchema } from "../../core/services.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { TextAreaField, TextField } from "../components/form-field.tsx";
import { appContext } from "../context.server.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/add-service";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta("Add Service", "Add a course to the IELTS Hub catalogue.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const result = parseForm(serviceInputSchema, await request.formData());
  if (!result.ok) {
    return data(
      { values: result.values, fieldErrors: result.fieldErrors, flash: null },
      { status: 400 },
    );
  }
  const created = await createService(context.get(appContext).db, {
    writer: writerFor(context, user.id),
    input: result.data,
  });
  if (!created.ok) return writeLimited(request, context, user.id, created);
  return redirectWithToast("/services", {
    type: "success",
    message: "Successfully added a service",
  });
}

export default function AddService({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: Partial<Record<string, string>> = actionData?.fieldErrors ?? {};
  const values: Partial<Record<string, string>> = actionData?.values ?? {};
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Add Service</h1>
      <FlashToast flash={actionData?.flash} />
      <p className="mt-1 text-slate-600">
        Add a course to the catalogue. It appears first on the services page.
      </p>
      <Form method="post" className="form-card mt-6">
        <TextField
          label="Service Name"
          name="serviceName"
          required
          maxLength={MAX_SERVICE_NAME_LENGTH}
          defaultValue={values.serviceName}
          error={errors.serviceName}
        />
        <TextField
          label="Price"
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          defaultValue={values.price}
          error={errors.price}
        />
        <TextField
          label="Image Url"
          name="imageUrl"
          type="url"
          placeholder="https://…"
          defaultValue={values.imageUrl}
          error={errors.imageUrl}
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={6}
          required
          maxLength={MAX_SERVICE_DESCRIPTION_LENGTH}
          defaultValue={values.description}
          error={errors.description}
        />
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          Submit
        </button>
      </Form>
    </div>
  );
}
