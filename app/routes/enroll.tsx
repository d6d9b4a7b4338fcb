import { data } from "react-router";
import { findService } from "../../core/catalogue/services.server.ts";
import {
  enrollmentInputSchema,
  listMyEnrollments,
  requestEnrollment,
} from "../../core/enrollments/enrollments.server.ts";
import { MAX_ENROLLMENT_MESSAGE_LENGTH } from "../../core/limits/field-limits.ts";
import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { FlashToast } from "../components/flash-toast.tsx";
import { FieldForm, TextAreaField, TextField } from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { UserText } from "../components/user-text.tsx";
import { appContext } from "../context.server.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/enroll";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(`Enroll in ${loaderData?.service.name ?? "a course"}`, "Ask to join a course.");

/**
 * 'Enroll Today': a signed-in student asks to join the course (an anonymous visitor goes to
 * /login and comes back). Once asked, the page shows the request and how to pay.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db } = context.get(appContext);
  const service = await findService(db, params.id);
  if (!service) throw data(null, { status: 404 });
  const open = (await listMyEnrollments(db, user.id)).find(
    (enrollment) =>
      enrollment.serviceId === service.id &&
      (enrollment.status === "requested" || enrollment.status === "confirmed"),
  );
  const { paymentInstructions } = await getSiteSettings(db);
  return {
    service: { id: service.id, name: service.name },
    open: open ? { status: open.status } : null,
    paymentInstructions: open ? paymentInstructions : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const result = parseForm(enrollmentInputSchema, await request.formData());
  if (!result.ok) {
    return data(
      { values: result.values, fieldErrors: result.fieldErrors, flash: null },
      { status: 400 },
    );
  }
  const { db, wakeMailWorker, wakeWebhookWorker } = context.get(appContext);
  const requested = await requestEnrollment(db, {
    writer: writerFor(context, user),
    serviceId: params.id,
    input: result.data,
    siteUrl: new URL(request.url).origin,
  });
  if (!requested.ok && requested.reason === "rate-limited")
    return writeLimited(request, context, user.id, requested);
  if (!requested.ok && requested.reason === "no-such-service") throw data(null, { status: 404 });
  if (requested.ok) {
    wakeMailWorker();
    wakeWebhookWorker();
  }
  return redirectWithToast(`/services/${params.id}/enroll`, {
    type: "success",
    message: requested.ok ? "Your request is sent." : "You have already asked to join this course.",
  });
}

export default function Enroll({ loaderData, actionData }: Route.ComponentProps) {
  const { service, open, paymentInstructions } = loaderData;
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">
        Enroll in <UserText>{service.name}</UserText>
      </h1>
      <FlashToast flash={actionData?.flash} />
      {open ? (
        <section aria-labelledby="request-heading" className="form-card mt-6">
          <h2 id="request-heading" className="text-xl font-bold text-slate-900">
            {open.status === "confirmed" ? "You are enrolled" : "Your request is waiting"}
          </h2>
          <p className="mt-2 text-slate-700">
            {open.status === "confirmed"
              ? "The teacher confirmed your place."
              : "The teacher will confirm it soon; you will get an e-mail."}{" "}
            Follow it on{" "}
            <Link to="/my-courses" className="link">
              My Courses
            </Link>
            .
          </p>
          <h3 className="mt-6 font-semibold text-slate-900">How to pay</h3>
          <p className="mt-1 whitespace-pre-line text-slate-700">{paymentInstructions}</p>
        </section>
      ) : (
        <FieldForm state={actionData} method="post" data-moves-focus className="form-card mt-6">
          <p className="text-slate-700">
            Ask the teacher for a place. You will get an e-mail now, and another when your request
            is confirmed.
          </p>
          <TextField label="Preferred start date (optional)" name="startDate" type="date" />
          <TextAreaField
            label="Message to the teacher (optional)"
            name="message"
            rows={4}
            maxLength={MAX_ENROLLMENT_MESSAGE_LENGTH}
          />
          <SubmitButton busyLabel="Sending…">Send the request</SubmitButton>
        </FieldForm>
      )}
    </div>
  );
}
