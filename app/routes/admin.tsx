import { Form, Link } from "react-router";
import {
  listContactMessages,
  markContactMessageHandled,
} from "../../core/contact-messages.server.ts";
import { formatLongDate, formatPrice } from "../../core/format.ts";
import { listOwners } from "../../core/owners.server.ts";
import { listServicesOutOfCatalogue, publishService } from "../../core/services.server.ts";
import { getSiteSettings, setStudentCoursesNeedApproval } from "../../core/site-settings.server.ts";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () =>
  pageMeta("Admin", "Running IELTS Hub: courses, messages and owners.");

/** The owner's page; anyone else gets the 404 page, as if it did not exist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  const { db } = context.get(appContext);
  const [owners, outOfCatalogue, settings, messages] = await Promise.all([
    listOwners(db),
    listServicesOutOfCatalogue(db),
    getSiteSettings(db),
    listContactMessages(db),
  ]);
  return { owners, outOfCatalogue, settings, messages };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request, context);
  const { db } = context.get(appContext);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "course-approval") {
    const hold = form.get("studentCourses") === "hold";
    await setStudentCoursesNeedApproval(db, hold);
    return redirectWithToast("/admin", {
      type: "success",
      message: hold
        ? "Courses added by students now wait for your approval."
        : "Courses added by students are now published at once.",
    });
  }
  if (intent === "publish") {
    const serviceId = String(form.get("serviceId") ?? "");
    const published = await publishService(db, { actor: owner, serviceId });
    if (!published.ok) throw notYours(request, context, owner.id, published.reason);
    return redirectWithToast("/admin", {
      type: "success",
      message: "The course is in the catalogue.",
    });
  }
  if (intent === "message-handled") {
    const messageId = String(form.get("messageId") ?? "");
    const handled = await markContactMessageHandled(db, { actor: owner, messageId });
    if (!handled.ok) throw notYours(request, context, owner.id, handled.reason);
    return redirectWithToast("/admin#messages-heading", {
      type: "success",
      message: "Marked as handled.",
    });
  }
  return redirectWithToast("/admin", { type: "error", message: "Nothing to do." });
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { owners, outOfCatalogue, settings, messages } = loaderData;
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">Admin</h1>
      <p className="mt-1 text-slate-600">Running the site.</p>

      <section aria-labelledby="courses-heading" className="form-card mt-8">
        <h2 id="courses-heading" className="text-xl font-bold text-slate-900">
          Courses
        </h2>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="course-approval" />
          <fieldset>
            <legend className="font-semibold text-slate-800">Courses added by students</legend>
            <label className="mt-2 flex items-center gap-2">
              <input
                type="radio"
                name="studentCourses"
                value="publish"
                defaultChecked={!settings.studentCoursesNeedApproval}
                className="size-4 accent-brand-700"
              />
              are published at once
            </label>
            <label className="mt-1 flex items-center gap-2">
              <input
                type="radio"
                name="studentCourses"
                value="hold"
                defaultChecked={settings.studentCoursesNeedApproval}
                className="size-4 accent-brand-700"
              />
              wait for my approval
            </label>
          </fieldset>
          <button type="submit" className="btn-secondary mt-3">
            Save
          </button>
        </Form>

        <h3 className="mt-8 font-semibold text-slate-900">Out of the catalogue</h3>
        {outOfCatalogue.length === 0 ? (
          <p className="mt-2 text-slate-600">
            Every course is in the catalogue: none waits for approval, none is unpublished.
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200">
            {outOfCatalogue.map((service) => (
              <li
                key={service.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <span>
                  <Link to={`/services/${service.id}`} className="link font-semibold">
                    {service.name}
                  </Link>{" "}
                  <span className="text-slate-600">
                    $ {formatPrice(service.price)} ·{" "}
                    {service.status === "pending" ? "waiting for approval" : "unpublished"}
                  </span>
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="publish" />
                  <input type="hidden" name="serviceId" value={service.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={`${service.status === "pending" ? "Approve" : "Restore"} ${service.name}`}
                  >
                    {service.status === "pending" ? "Approve" : "Restore"}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="messages-heading" className="form-card mt-8">
        <h2 id="messages-heading" className="text-xl font-bold text-slate-900">
          Messages
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sent through the contact form; each was also mailed to the owners. Reply by e-mail.
        </p>
        {messages.length === 0 ? (
          <p className="mt-4 text-slate-600">No messages yet.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {messages.map((message) => (
              <li key={message.id} className="rounded-xl p-4 ring-1 ring-slate-200">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p>
                    <span className="font-semibold text-slate-900">{message.name}</span>{" "}
                    <a href={`mailto:${message.email}`} className="link">
                      {message.email}
                    </a>
                  </p>
                  <p className="text-sm text-slate-600">
                    {formatLongDate(message.receivedAt)}
                    {message.handledAt ? " · handled" : ""}
                  </p>
                </div>
                <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                  {message.message}
                </p>
                {!message.handledAt && (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="intent" value="message-handled" />
                    <input type="hidden" name="messageId" value={message.id} />
                    <button
                      type="submit"
                      className="btn-secondary"
                      aria-label={`Mark the message from ${message.name} as handled`}
                    >
                      Mark handled
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="owners-heading" className="form-card mt-8">
        <h2 id="owners-heading" className="text-xl font-bold text-slate-900">
          Owners
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Owners run the site. The role is given and taken on the server only:{" "}
          <code>npm run owner -- grant &lt;email&gt;</code> and{" "}
          <code>npm run owner -- revoke &lt;email&gt;</code>.
        </p>
        <ul className="mt-4 divide-y divide-slate-200">
          {owners.map((owner) => (
            <li key={owner.email} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-semibold text-slate-900">{owner.name}</span>{" "}
                <span className="text-slate-600">{owner.email}</span>
              </span>
              <span className="text-sm text-slate-600">
                since {formatLongDate(owner.grantedAt)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
