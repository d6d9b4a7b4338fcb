import {
  listContactMessages,
  markContactMessageHandled,
} from "../../core/contact-messages.server.ts";
import {
  decideEnrollment,
  decisionInputSchema,
  listEnrollmentRequests,
} from "../../core/enrollments.server.ts";
import { MAX_PAYMENT_INSTRUCTIONS_LENGTH } from "../../core/field-limits.ts";
import { subscriberCounts } from "../../core/newsletter.server.ts";
import { listIssues } from "../../core/newsletter-issues.server.ts";
import { listOwners } from "../../core/owners.server.ts";
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
import { CoursesSection } from "../components/admin/courses-section.tsx";
import { EnrollmentsSection } from "../components/admin/enrollments-section.tsx";
import { MessagesSection } from "../components/admin/messages-section.tsx";
import { NewsletterSection } from "../components/admin/newsletter-section.tsx";
import { OwnersSection } from "../components/admin/owners-section.tsx";
import { ReportsSection } from "../components/admin/reports-section.tsx";
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
  const [
    owners,
    outOfCatalogue,
    settings,
    messages,
    reported,
    hidden,
    enrollments,
    subscribers,
    issues,
  ] = await Promise.all([
    listOwners(db),
    listServicesOutOfCatalogue(db),
    getSiteSettings(db),
    listContactMessages(db),
    listReportedReviews(db),
    listHiddenReviews(db),
    listEnrollmentRequests(db),
    subscriberCounts(db),
    listIssues(db),
  ]);
  return {
    owners,
    outOfCatalogue,
    settings,
    messages,
    reported,
    hidden,
    enrollments,
    subscribers,
    issues,
  };
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
  const {
    owners,
    outOfCatalogue,
    settings,
    messages,
    reported,
    hidden,
    enrollments,
    subscribers,
    issues,
  } = loaderData;
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">Admin</h1>
      <p className="mt-1 text-slate-600">Running the site.</p>

      <CoursesSection outOfCatalogue={outOfCatalogue} settings={settings} />

      <EnrollmentsSection enrollments={enrollments} settings={settings} />

      <ReportsSection reported={reported} hidden={hidden} />

      <MessagesSection messages={messages} />

      <NewsletterSection subscribers={subscribers} issues={issues} />

      <OwnersSection owners={owners} />
    </div>
  );
}
