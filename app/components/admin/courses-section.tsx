import { Form } from "react-router";
import type { Service } from "../../../core/catalogue/services.server.ts";
import { formatPrice } from "../../../core/format.ts";
import type { SiteSettings } from "../../../core/site/site-settings.server.ts";
import { ButtonForm } from "../button-form.tsx";
import { Link } from "../links.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { UserText } from "../user-text.tsx";

/** Courses: whether students' new courses wait for approval, and the courses out of the catalogue. */
export function CoursesSection({
  outOfCatalogue,
  settings,
}: {
  outOfCatalogue: Service[];
  settings: SiteSettings;
}) {
  return (
    <PanelSection id="courses" title="Courses">
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
        <SubmitButton className="btn-secondary mt-3" busyLabel="Saving…">
          Save the setting
        </SubmitButton>
      </Form>

      <h3 className="mt-8 font-semibold text-slate-900">Out of the catalogue</h3>
      {outOfCatalogue.length === 0 ? (
        <p className="mt-2 text-slate-600">
          Every course is in the catalogue: none waits for approval, none is unpublished.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200">
          {outOfCatalogue.map((service) => (
            <li key={service.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="min-w-0">
                <Link to={`/services/${service.id}`} className="link font-semibold">
                  <UserText>{service.name}</UserText>
                </Link>{" "}
                <span className="text-slate-600">
                  $ {formatPrice(service.price)} ·{" "}
                  {service.status === "pending" ? "waiting for approval" : "unpublished"}
                </span>
              </span>
              <ButtonForm
                fields={{ intent: "publish", serviceId: service.id }}
                busyLabel={service.status === "pending" ? "Approving…" : "Restoring…"}
                className="btn-secondary"
                aria-label={`${service.status === "pending" ? "Approve" : "Restore"} ${service.name}`}
              >
                {service.status === "pending" ? "Approve" : "Restore"}
              </ButtonForm>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
