import { setTimeZone } from "../../../core/site/site-settings.server.ts";
import { appContext } from "../../context.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActions, adminFormErrors, field } from "./action.server.ts";

/** The Blog section: the teacher's time zone, in which posts are scheduled and times shown. */
export const blogActions: AdminActions = {
  "time-zone": async ({ context, form }) => {
    const timeZone = field(form, "timeZone");
    const saved = await setTimeZone(context.get(appContext).db, timeZone);
    if (!saved.ok) return adminFormErrors("time-zone", { timeZone: saved.message }, { timeZone });
    return redirectWithToast("/admin#blog-heading", {
      type: "success",
      message: `Times are now read and shown in ${timeZone.trim()}.`,
    });
  },
};
