import { data } from "react-router";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  queueTestEvent,
  resendWebhookDelivery,
  setWebhookEndpointOn,
  type WebhookRefusal,
} from "../../../core/webhooks/webhooks.server.ts";
import { appContext } from "../../context.server.ts";
import { notYours } from "../refusals.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActionArgs, field } from "./action.server.ts";

/** The owner's page for webhooks. */
export const WEBHOOKS_PAGE = "/admin/webhooks";

const back = (message: string, anchor = "") =>
  redirectWithToast(`${WEBHOOKS_PAGE}${anchor}`, { type: "success", message });

/** A missing endpoint or delivery, or one named by a stale page: the 404 page, logged. */
function refuse({ request, context, owner }: AdminActionArgs, refusal: WebhookRefusal): never {
  throw notYours(request, context, owner.id, refusal.reason);
}

/** What a refused "Add an endpoint" form sends back: the messages, and what was typed and ticked. */
export interface RefusedEndpoint {
  intent: "add-endpoint";
  errors: { url?: string; events?: string };
  values: { url: string };
  events: string[];
}

/**
 * The forms of /admin/webhooks, by `intent`. The route has already made sure the caller is an
 * owner before the form was read; each use case asks again.
 */
export const webhookActions = {
  "add-endpoint": async (args: AdminActionArgs) => {
    const { context, owner, form } = args;
    const { db, webhooks } = context.get(appContext);
    const url = field(form, "url");
    const events = form.getAll("events").map(String);
    const created = await createWebhookEndpoint(db, {
      actor: owner,
      input: { url, events },
      settings: webhooks,
    });
    if (!created.ok && created.reason === "not-found") refuse(args, created);
    if (!created.ok) {
      const refused: RefusedEndpoint = {
        intent: "add-endpoint",
        errors: created.fieldErrors,
        values: { url },
        events,
      };
      return data(refused, { status: 400 });
    }
    // Not a redirect: the secret is shown this once, on this answer, and kept nowhere readable.
    return data({
      intent: "created" as const,
      created: { id: created.id, url: url.trim(), secret: created.secret },
    });
  },
  "test-endpoint": async (args: AdminActionArgs) => {
    const { context, owner, form } = args;
    const { db, wakeWebhookWorker } = context.get(appContext);
    const endpointId = field(form, "endpointId");
    const queued = await queueTestEvent(db, { actor: owner, endpointId });
    if (!queued.ok) refuse(args, queued);
    wakeWebhookWorker();
    return back(
      "Test event sent: its delivery shows in the list in a moment.",
      `#endpoint-${endpointId}`,
    );
  },
  "endpoint-off": async (args: AdminActionArgs) => switchEndpoint(args, false),
  "endpoint-on": async (args: AdminActionArgs) => switchEndpoint(args, true),
  "delete-endpoint": async (args: AdminActionArgs) => {
    const { context, owner, form } = args;
    const deleted = await deleteWebhookEndpoint(context.get(appContext).db, {
      actor: owner,
      endpointId: field(form, "endpointId"),
    });
    if (!deleted.ok) refuse(args, deleted);
    return back("Endpoint deleted.");
  },
  "resend-delivery": async (args: AdminActionArgs) => {
    const { context, owner, form } = args;
    const { db, wakeWebhookWorker } = context.get(appContext);
    const resent = await resendWebhookDelivery(db, {
      actor: owner,
      deliveryId: field(form, "deliveryId"),
    });
    if (!resent.ok) refuse(args, resent);
    wakeWebhookWorker();
    return back("Sending it again.", `#endpoint-${resent.endpointId}`);
  },
};

async function switchEndpoint(args: AdminActionArgs, on: boolean) {
  const { context, owner, form } = args;
  const endpointId = field(form, "endpointId");
  const switched = await setWebhookEndpointOn(context.get(appContext).db, {
    actor: owner,
    endpointId,
    on,
  });
  if (!switched.ok) refuse(args, switched);
  return back(on ? "Endpoint turned on." : "Endpoint turned off.", `#endpoint-${endpointId}`);
}
