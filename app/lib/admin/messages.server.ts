import { markContactMessageHandled } from "../../../core/contact/contact-messages.server.ts";
import { appContext } from "../../context.server.ts";
import { notYours } from "../refusals.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActions, field } from "./action.server.ts";

/** The Messages section: mark a contact message handled. */
export const messageActions: AdminActions = {
  "message-handled": async ({ request, context, owner, form }) => {
    const handled = await markContactMessageHandled(context.get(appContext).db, {
      actor: owner,
      messageId: field(form, "messageId"),
    });
    if (!handled.ok) throw notYours(request, context, owner.id, handled.reason);
    return redirectWithToast("/admin#messages-heading", {
      type: "success",
      message: "Marked as handled.",
    });
  },
};
