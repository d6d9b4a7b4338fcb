import { listOwners } from "../../core/accounts/owners.server.ts";
import { listServicesOutOfCatalogue } from "../../core/catalogue/services.server.ts";
import { listContactMessages } from "../../core/contact/contact-messages.server.ts";
import { listEnrollmentRequests } from "../../core/enrollments/enrollments.server.ts";
import { subscriberCounts } from "../../core/mail/newsletter.server.ts";
import { listIssues } from "../../core/mail/newsletter-issues.server.ts";
import {
  listHiddenReviews,
  listReportedReviews,
} from "../../core/reviews/review-moderation.server.ts";
import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { selectableTimeZones } from "../../core/site/time-zones.ts";
import { countWaitingForMarking } from "../../core/writing/markings.server.ts";
import { BlogSection } from "../components/admin/blog-section.tsx";
import { CoursesSection } from "../components/admin/courses-section.tsx";
import { EnrollmentsSection } from "../components/admin/enrollments-section.tsx";
import { MessagesSection } from "../components/admin/messages-section.tsx";
import { NewsletterSection } from "../components/admin/newsletter-section.tsx";
import { OwnersSection } from "../components/admin/owners-section.tsx";
import { ReportsSection } from "../components/admin/reports-section.tsx";
import { Link } from "../components/links.tsx";
import { appContext } from "../context.server.ts";
import { type AdminActions, field } from "../lib/admin/action.server.ts";
import { blogActions } from "../lib/admin/blog.server.ts";
import { courseActions } from "../lib/admin/courses.server.ts";
import { enrollmentActions } from "../lib/admin/enrollments.server.ts";
import { messageActions } from "../lib/admin/messages.server.ts";
import { reportActions } from "../lib/admin/reports.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () =>
  pageMeta("Admin", "Running IELTS Hub: courses, reported reviews, messages, the blog and owners.");

/** The owner's page; anyone else gets the 404 page, as if it did not exist. */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
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
    waitingForMarking,
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
    countWaitingForMarking(db),
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
    waitingForMarking,
    timeZones: selectableTimeZones(settings.timeZone),
  };
}

/** Every form on the page, by its `intent`: each section's handlers live in app/lib/admin/. */
const adminActions: AdminActions = {
  ...courseActions,
  ...enrollmentActions,
  ...reportActions,
  ...messageActions,
  ...blogActions,
};

export async function action({ request, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const form = await request.formData();
  const intent = field(form, "intent");
  const handle = Object.hasOwn(adminActions, intent) ? adminActions[intent] : undefined;
  if (!handle) return redirectWithToast("/admin", { type: "error", message: "Nothing to do." });
  return handle({ request, context, owner, form });
}

export default function Admin({ loaderData: data, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">Admin</h1>
      <p className="mt-1 text-slate-600">Running the site.</p>
      <p className="mt-3">
        <Link to="/admin/site" className="link font-semibold">
          Site words
        </Link>
        : the home page's hero, About Me, the FAQ, contact details and social links.
      </p>
      <p className="mt-1">
        <Link to="/admin/writing/tasks" className="link font-semibold">
          Writing tasks
        </Link>
        : the Academic, General Training and Task 2 prompts students practise on the Writing page.
      </p>
      <p className="mt-1">
        <Link to="/admin/writing" className="link font-semibold">
          Writing answers to mark
        </Link>
        {`: ${data.waitingForMarking === 1 ? "1 answer" : `${data.waitingForMarking} answers`} waiting for marking.`}
      </p>
      <p className="mt-1">
        <Link to="/admin/webhooks" className="link font-semibold">
          Webhooks
        </Link>
        : signed notices of new reviews, enrollment requests, messages and more, sent to your own
        systems.
      </p>

      <CoursesSection outOfCatalogue={data.outOfCatalogue} settings={data.settings} />

      <EnrollmentsSection enrollments={data.enrollments} settings={data.settings} />

      <ReportsSection reported={data.reported} hidden={data.hidden} />

      <MessagesSection messages={data.messages} />

      <NewsletterSection subscribers={data.subscribers} issues={data.issues} />

      <BlogSection
        timeZone={data.settings.timeZone}
        timeZones={data.timeZones}
        refused={actionData?.intent === "time-zone" ? actionData : undefined}
      />

      <OwnersSection owners={data.owners} />
    </div>
  );
}
