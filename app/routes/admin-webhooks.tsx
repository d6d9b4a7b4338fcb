import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { listWebhookEndpoints } from "../../core/webhooks/webhooks.server.ts";
import { AdminPageHeading } from "../components/admin/admin-page-heading.tsx";
import {
  NewEndpointSecret,
  WebhookEndpointForm,
} from "../components/admin/webhook-endpoint-form.tsx";
import { WebhookEndpointList } from "../components/admin/webhook-endpoints.tsx";
import { appContext } from "../context.server.ts";
import { field } from "../lib/admin/action.server.ts";
import { WEBHOOKS_PAGE, webhookActions } from "../lib/admin/webhooks.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-webhooks";

export const meta: Route.MetaFunction = () =>
  pageMeta("Webhooks", "Signed notices of the site's events, sent to the teacher's own systems.");

/** The owner's page for webhooks; anyone else gets the 404 page, as on /admin. */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  const { db, webhooks } = context.get(appContext);
  const [endpoints, settings] = await Promise.all([
    listWebhookEndpoints(db, webhooks.secretKey),
    getSiteSettings(db),
  ]);
  // Put into words here, in the teacher's zone: the browser's own would differ from the server's.
  const when = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "medium",
    timeZone: settings.timeZone,
  });
  const at = (moment: Date | null) => (moment ? when.format(moment) : null);
  return {
    timeZone: settings.timeZone,
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      state: endpoint.state,
      stateChangedAt: at(endpoint.stateChangedAt),
      failingSince: at(endpoint.failingSince),
      createdAt: at(endpoint.createdAt) ?? "",
      secretReadable: endpoint.secretReadable,
      deliveries: endpoint.deliveries.map((delivery) => ({
        id: delivery.id,
        eventType: delivery.eventType,
        status: delivery.status,
        attempts: delivery.attempts,
        statusCode: delivery.statusCode,
        error: delivery.error,
        at: at(delivery.lastAttemptAt ?? delivery.createdAt) ?? "",
        nextAttemptAt: at(delivery.nextAttemptAt),
      })),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The caller first: nobody else's form is read.
  const owner = requireOwner(context);
  const form = await request.formData();
  const intent = field(form, "intent");
  const handle = Object.hasOwn(webhookActions, intent)
    ? webhookActions[intent as keyof typeof webhookActions]
    : undefined;
  if (!handle)
    return redirectWithToast(WEBHOOKS_PAGE, { type: "error", message: "Nothing to do." });
  return handle({ request, context, owner, form });
}

export default function AdminWebhooks({ loaderData: data, actionData }: Route.ComponentProps) {
  const created = actionData?.intent === "created" ? actionData.created : undefined;
  const refused = actionData?.intent === "add-endpoint" ? actionData : undefined;
  return (
    <div className="container-page py-12">
      <AdminPageHeading title="Webhooks">
        A webhook tells another system (a spreadsheet, a chat, your own app) the moment something
        happens here: the site sends its address a <code>POST</code> with the event as JSON, signed
        as the Standard Webhooks specification says, and tries again for a day when it does not
        answer with a 2xx status.
      </AdminPageHeading>

      {created && <NewEndpointSecret url={created.url} secret={created.secret} />}

      <WebhookEndpointForm refused={refused} />

      <WebhookEndpointList endpoints={data.endpoints} timeZone={data.timeZone} />
    </div>
  );
}
