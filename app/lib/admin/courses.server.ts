import { publishService } from "../../../core/catalogue/services.server.ts";
import { setStudentCoursesNeedApproval } from "../../../core/site/site-settings.server.ts";
import { appContext } from "../../context.server.ts";
import { notYours } from "../refusals.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActions, field } from "./action.server.ts";

/** The Courses section: the approval setting, and publishing a course out of the catalogue. */
export const courseActions: AdminActions = {
  "course-approval": async ({ context, form }) => {
    const hold = form.get("studentCourses") === "hold";
    await setStudentCoursesNeedApproval(context.get(appContext).db, hold);
    return redirectWithToast("/admin", {
      type: "success",
      message: hold
        ? "Courses added by students now wait for your approval."
        : "Courses added by students are now published at once.",
    });
  },
  publish: async ({ request, context, owner, form }) => {
    const published = await publishService(context.get(appContext).db, {
      actor: owner,
      serviceId: field(form, "serviceId"),
    });
    if (!published.ok) throw notYours(request, context, owner.id, published.reason);
    return redirectWithToast("/admin", {
      type: "success",
      message: "The course is in the catalogue.",
    });
  },
};
