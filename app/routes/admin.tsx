import { Form, Link } from "react-router";
import {
  listContactMessages,
  markContactMessageHandled,
} from "../../core/contact-messages.server.ts";
import {
  decideEnrollment,
  decisionInputSchema,
  listEnrollmentRequests,
} from "../../core/enrollments.server.ts";
import {
  MAX_ENROLLMENT_MESSAGE_LENGTH,
  MAX_PAYMENT_INSTRUCTIONS_LENGTH,
} from "../../core/field-limits.ts";
import { formatLongDate, formatPrice } from "../../core/format.ts";
import { subscriberCounts } from "../../core/newsletter.server.ts";
import { listOwners } from "../../core/owners.server.ts";
import { REPORT_REASONS, reasonLabel } from "../../core/report-reasons.ts";
import {
  dismissReports,
  hideInputSchema,
  hideReview,
  listHiddenReviews,
  listReportedReviews,
  type ModerationRefusal,
  restoreReview,
} from "../../core/review-moderation.server.ts";
import { listServicesOutOfCatalogue, publishService } from "../../core/services.server.ts";
import {
  getSiteSettings,
  setPaymentInstructions,
  setStudentCoursesNeedApproval,
} from "../../core/site-settings.server.ts";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () =>
  pageMeta("Admin", "Running IELTS Hub: courses, reported reviews, messages and owners.");

/** The owner's page; anyone else gets the 404 page, as if it did not exist. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(request, context);
  const { db } = context.get(appContext);
  const [owners, outOfCatalogue, settings, messages, reported, hidden, enrollments] =
    await Promise.all([
      listOwners(db),
      listServicesOutOfCatalogue(db),
      getSiteSettings(db),
      listContactMessages(db),
      listReportedReviews(db),
      listHiddenReviews(db),
      listEnrollmentRequests(db),
    ]);
  const subscribers = await subscriberCounts(db);
  return { owners, outOfCatalogue, settings, messages, reported, hidden, enrollments, subscribers };
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
  if (intent === "hide-review" || intent === "dismiss-reports" || intent === "restore-review") {
    const reviewId = String(form.get("reviewId") ?? "");
    let done: { ok: true } | ModerationRefusal;
    if (intent === "hide-review") {
      const input = hideInputSchema.safeParse({ reason: form.get("reason") ?? undefined });
      if (!input.success) {
        return redirectWithToast("/admin#reports-heading", {
          type: "error",
          message: "Please choose why the review is hidden.",
        });
      }
      done = await hideReview(db, { actor: owner, reviewId, reason: input.data.reason });
    } else if (intent === "dismiss-reports") {
      done = await dismissReports(db, { actor: owner, reviewId });
    } else {
      done = await restoreReview(db, { actor: owner, reviewId });
    }
    if (!done.ok) throw notYours(request, context, owner.id, done.reason);
    const message = {
      "hide-review": "The review is hidden.",
      "dismiss-reports": "The reports are dismissed; the review stays.",
      "restore-review": "The review is shown again.",
    }[intent];
    return redirectWithToast("/admin#reports-heading", { type: "success", message });
  }
  if (intent === "decide-enrollment") {
    const input = decisionInputSchema.safeParse({
      decision: form.get("decision") ?? undefined,
      note: form.get("note") ?? undefined,
    });
    if (!input.success) {
      return redirectWithToast("/admin#enrollments-heading", {
        type: "error",
        message: input.error.issues[0]?.message ?? "",
      });
    }
    const decided = await decideEnrollment(db, {
      actor: owner,
      enrollmentId: String(form.get("enrollmentId") ?? ""),
      decision: input.data.decision,
      note: input.data.note,
      siteUrl: new URL(request.url).origin,
    });
    if (!decided.ok) throw notYours(request, context, owner.id, decided.reason);
    context.get(appContext).wakeMailWorker();
    return redirectWithToast("/admin#enrollments-heading", {
      type: "success",
      message: `Request ${input.data.decision}; the student is told by e-mail.`,
    });
  }
  if (intent === "payment-instructions") {
    const text = String(form.get("paymentInstructions") ?? "").trim();
    if (!text || text.length > MAX_PAYMENT_INSTRUCTIONS_LENGTH) {
      return redirectWithToast("/admin#enrollments-heading", {
        type: "error",
        message: `Please write the payment instructions (at most ${MAX_PAYMENT_INSTRUCTIONS_LENGTH} characters).`,
      });
    }
    await setPaymentInstructions(db, text);
    return redirectWithToast("/admin#enrollments-heading", {
      type: "success",
      message: "Payment instructions saved.",
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
  const { owners, outOfCatalogue, settings, messages, reported, hidden, enrollments, subscribers } =
    loaderData;
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
            Save the setting
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

      <section aria-labelledby="enrollments-heading" className="form-card mt-8">
        <h2 id="enrollments-heading" className="text-xl font-bold text-slate-900">
          Enrollment requests
        </h2>
        {enrollments.length === 0 ? (
          <p className="mt-4 text-slate-600">No requests yet.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {enrollments.map((enrollment) => (
              <li key={enrollment.id} className="rounded-xl p-4 ring-1 ring-slate-200">
                <p>
                  <span className="font-semibold text-slate-900">{enrollment.studentName}</span>{" "}
                  <a href={`mailto:${enrollment.studentEmail}`} className="link">
                    {enrollment.studentEmail}
                  </a>
                </p>
                <p className="text-sm text-slate-600">
                  {`${enrollment.serviceName} · asked ${formatLongDate(enrollment.requestedAt)} · start ${enrollment.startDate ?? "not given"} · ${enrollment.status}`}
                </p>
                {enrollment.message && (
                  <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                    {enrollment.message}
                  </p>
                )}
                {enrollment.status === "requested" && (
                  <Form method="post" className="mt-3 space-y-2">
                    <input type="hidden" name="intent" value="decide-enrollment" />
                    <input type="hidden" name="enrollmentId" value={enrollment.id} />
                    <label className="block text-sm font-semibold text-slate-800">
                      {`Note to ${enrollment.studentName} (optional)`}
                      <textarea
                        name="note"
                        rows={2}
                        maxLength={MAX_ENROLLMENT_MESSAGE_LENGTH}
                        className="field mt-1"
                      />
                    </label>
                    <div className="flex flex-wrap gap-3">
                      <button
                        type="submit"
                        name="decision"
                        value="confirmed"
                        className="btn-secondary"
                        aria-label={`Confirm ${enrollment.studentName} in ${enrollment.serviceName}`}
                      >
                        Confirm
                      </button>
                      <button
                        type="submit"
                        name="decision"
                        value="declined"
                        className="btn-secondary"
                        aria-label={`Decline ${enrollment.studentName} in ${enrollment.serviceName}`}
                      >
                        Decline
                      </button>
                    </div>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        <Form method="post" className="mt-6 space-y-2">
          <input type="hidden" name="intent" value="payment-instructions" />
          <label className="block font-semibold text-slate-800">
            Payment instructions, shown to a student after they ask to enroll
            <textarea
              name="paymentInstructions"
              rows={3}
              required
              maxLength={MAX_PAYMENT_INSTRUCTIONS_LENGTH}
              defaultValue={settings.paymentInstructions}
              className="field mt-1"
            />
          </label>
          <button type="submit" className="btn-secondary">
            Save the instructions
          </button>
        </Form>
      </section>

      <section aria-labelledby="reports-heading" className="form-card mt-8">
        <h2 id="reports-heading" className="text-xl font-bold text-slate-900">
          Reported reviews
        </h2>
        {reported.length === 0 ? (
          <p className="mt-4 text-slate-600">No open reports.</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {reported.map((review) => (
              <li key={review.reviewId} className="rounded-xl p-4 ring-1 ring-slate-200">
                <p className="text-sm text-slate-600">
                  {review.authorName} on{" "}
                  <Link to={`/services/${review.serviceId}`} className="link">
                    {review.serviceName}
                  </Link>
                </p>
                <p className="mt-1 whitespace-pre-line break-words text-slate-800">
                  {review.message}
                </p>
                <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
                  {review.reports.map((report) => (
                    <li key={`${report.reporterName}-${report.at.toISOString()}`}>
                      {`${reasonLabel(report.reason)}, by ${report.reporterName}${report.note ? `: “${report.note}”` : ""}`}
                    </li>
                  ))}
                </ul>
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="hide-review" />
                    <input type="hidden" name="reviewId" value={review.reviewId} />
                    <label className="text-sm font-semibold text-slate-800">
                      Reason
                      <select
                        name="reason"
                        required
                        className="field mt-1"
                        defaultValue={review.reports[0]?.reason}
                      >
                        {Object.entries(REPORT_REASONS).map(([value, label]) => (
                          <option key={value} value={value}>
                            {label}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="submit"
                      className="btn-secondary"
                      aria-label={`Hide the review by ${review.authorName}`}
                    >
                      Hide
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="intent" value="dismiss-reports" />
                    <input type="hidden" name="reviewId" value={review.reviewId} />
                    <button
                      type="submit"
                      className="btn-secondary"
                      aria-label={`Dismiss the reports of the review by ${review.authorName}`}
                    >
                      Dismiss
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
        {hidden.length > 0 && (
          <>
            <h3 className="mt-8 font-semibold text-slate-900">Hidden reviews</h3>
            <ul className="mt-2 divide-y divide-slate-200">
              {hidden.map((review) => (
                <li
                  key={review.reviewId}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                >
                  <span className="min-w-0">
                    <span className="font-semibold text-slate-900">{review.authorName}</span> on{" "}
                    {review.serviceName}: {reasonLabel(review.reason)}
                    <span className="block break-words text-sm text-slate-600">
                      {review.message}
                    </span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="restore-review" />
                    <input type="hidden" name="reviewId" value={review.reviewId} />
                    <button
                      type="submit"
                      className="btn-secondary"
                      aria-label={`Show the review by ${review.authorName} again`}
                    >
                      Show again
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </>
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

      <section aria-labelledby="newsletter-heading" className="form-card mt-8">
        <h2 id="newsletter-heading" className="text-xl font-bold text-slate-900">
          Newsletter
        </h2>
        <p className="mt-2 text-slate-700">
          {`${subscribers.confirmed} confirmed, ${subscribers.pending} waiting for confirmation, ${subscribers.unsubscribed} unsubscribed.`}
        </p>
        <a href="/admin/subscribers.csv" className="btn-secondary mt-3" download>
          Export the confirmed subscribers (CSV)
        </a>
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
