import { Form } from "react-router";
import { cancelEnrollment, listMyEnrollments } from "../../core/enrollments/enrollments.server.ts";
import { formatLongDate } from "../../core/format.ts";
import { Link } from "../components/links.tsx";
import { UserText } from "../components/user-text.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours } from "../lib/refusals.server.ts";
import { requireUser } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/my-courses";

export const meta: Route.MetaFunction = () =>
  pageMeta("My Courses", "Your requests to join courses on IELTS Hub.");

const STATUS_WORDS = {
  requested: "Requested",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return { enrollments: await listMyEnrollments(context.get(appContext).db, user.id) };
}

/** The student cancels one of their open requests; anyone else's: as if it did not exist. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const enrollmentId = String((await request.formData()).get("enrollmentId") ?? "");
  const cancelled = await cancelEnrollment(context.get(appContext).db, {
    actor: user,
    enrollmentId,
  });
  if (!cancelled.ok) throw notYours(request, context, user.id, "not-found");
  context.get(appContext).wakeWebhookWorker();
  return redirectWithToast("/my-courses", { type: "success", message: "Request cancelled" });
}

export default function MyCourses({ loaderData }: Route.ComponentProps) {
  const { enrollments } = loaderData;
  const timeZone = useSiteTimeZone();
  return (
    <div className="container-page py-12">
      <h1 className="text-3xl font-bold text-slate-900">My Courses</h1>
      {enrollments.length === 0 ? (
        <p className="mt-6 text-slate-700">
          You have not asked to join a course yet.{" "}
          <Link to="/services" className="link">
            See the courses
          </Link>
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {enrollments.map((enrollment) => (
            <li
              key={enrollment.id}
              className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link
                  to={`/services/${enrollment.serviceId}`}
                  className="link min-w-0 font-semibold"
                >
                  <UserText>{enrollment.serviceName}</UserText>
                </Link>
                <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-800">
                  {STATUS_WORDS[enrollment.status]}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600">
                {`Asked on ${formatLongDate(enrollment.requestedAt, timeZone)}${enrollment.startDate ? `; preferred start ${enrollment.startDate}` : ""}`}
              </p>
              {enrollment.ownerNote && (
                <p className="mt-2 text-slate-700">{`The teacher: ${enrollment.ownerNote}`}</p>
              )}
              {(enrollment.status === "requested" || enrollment.status === "confirmed") && (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="enrollmentId" value={enrollment.id} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={`Cancel the request to join ${enrollment.serviceName}`}
                  >
                    Cancel the request
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
