import { Form } from "react-router";
import type {
  WebhookDeliveryStatus,
  WebhookEndpointState,
} from "../../../core/webhooks/webhooks.server.ts";
import { ButtonForm } from "../button-form.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { CardList } from "./card-list.tsx";

/** An endpoint as the loader put it into words (times in the teacher's zone). */
export interface ListedEndpoint {
  id: string;
  url: string;
  events: string[];
  state: WebhookEndpointState;
  stateChangedAt: string | null;
  failingSince: string | null;
  createdAt: string;
  secretReadable: boolean;
  deliveries: ListedDelivery[];
}

export interface ListedDelivery {
  id: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  statusCode: number | null;
  error: string | null;
  /** When it was last tried, or written when not tried yet. */
  at: string;
  nextAttemptAt: string | null;
}

function stateLine(endpoint: ListedEndpoint): string {
  switch (endpoint.state) {
    case "on":
      return endpoint.failingSince
        ? `On, but failing since ${endpoint.failingSince}: after 3 days of nothing but failures it is turned off.`
        : "On.";
    case "off":
      return `Off: turned off${endpoint.stateChangedAt ? ` on ${endpoint.stateChangedAt}` : ""}. Only test events and "Send again" reach it.`;
    case "failing":
      return `Off: the site turned it off${endpoint.stateChangedAt ? ` on ${endpoint.stateChangedAt}` : ""}, after every delivery failed for 3 days, and mailed the owners.`;
  }
}

function resultOf(delivery: ListedDelivery): string {
  const answer = delivery.error ?? (delivery.statusCode ? `HTTP ${delivery.statusCode}` : "");
  switch (delivery.status) {
    case "delivered":
      return `Delivered (${answer || "2xx"})`;
    case "failed":
      return `Failed: ${answer || "no answer"}`;
    case "pending":
      if (delivery.attempts === 0) return "Waiting to be sent";
      return `${answer || "Failed"}; next try ${delivery.nextAttemptAt ?? "soon"}`;
  }
}

const RESULT_COLOURS: Record<WebhookDeliveryStatus, string> = {
  delivered: "text-emerald-800",
  failed: "text-red-700",
  pending: "text-slate-700",
};

/** One endpoint's newest deliveries, each with how it went and, once failed, "Send again". */
function Deliveries({ endpoint }: { endpoint: ListedEndpoint }) {
  if (endpoint.deliveries.length === 0)
    return <p className="mt-3 text-sm text-slate-600">Nothing sent yet.</p>;
  return (
    <ul
      aria-label={`Recent deliveries to ${endpoint.url}`}
      className="mt-3 divide-y divide-slate-200"
    >
      {endpoint.deliveries.map((delivery) => (
        <li key={delivery.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2 text-sm">
          <code className="font-mono font-semibold text-slate-900">{delivery.eventType}</code>
          <span className={`min-w-0 break-words ${RESULT_COLOURS[delivery.status]}`}>
            {resultOf(delivery)}
          </span>
          <span className="text-slate-600">{delivery.at}</span>
          <span className="text-slate-600">
            {delivery.attempts} {delivery.attempts === 1 ? "attempt" : "attempts"}
          </span>
          {delivery.status === "failed" && (
            <ButtonForm
              fields={{ intent: "resend-delivery", deliveryId: delivery.id }}
              busyLabel="Sending…"
              className="btn-secondary px-3 py-1 text-sm"
              aria-label={`Send again: the ${delivery.eventType} event of ${delivery.at}`}
            >
              Send again
            </ButtonForm>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Every endpoint, with its state, its events, its controls and its newest deliveries. */
export function WebhookEndpointList({
  endpoints,
  timeZone,
}: {
  endpoints: ListedEndpoint[];
  timeZone: string;
}) {
  return (
    <PanelSection id="endpoints" title="Endpoints">
      <p className="mt-1 text-sm text-slate-600">
        Each with its newest deliveries (times in {timeZone}). A failed delivery is tried again
        after 5 s, 30 s, 2 min, 10 min and longer, for a day.
      </p>
      <CardList items={endpoints} empty="No endpoints yet." keyOf={(endpoint) => endpoint.id}>
        {(endpoint) => (
          <article id={`endpoint-${endpoint.id}`} aria-label={`Endpoint ${endpoint.url}`}>
            <p className="break-all font-semibold text-slate-900">{endpoint.url}</p>
            <p className="mt-1 text-sm text-slate-700">{stateLine(endpoint)}</p>
            {!endpoint.secretReadable && (
              <p className="mt-1 text-sm font-medium text-red-700">
                Its secret can no longer be opened (the server's own secret key changed since it was
                added), so nothing to it can be signed: delete this endpoint and add it again.
              </p>
            )}
            <p className="mt-1 text-sm text-slate-600">
              Added {endpoint.createdAt}. Events:{" "}
              {endpoint.events.map((type, index) => (
                <span key={type}>
                  {index > 0 && ", "}
                  <code className="font-mono">{type}</code>
                </span>
              ))}
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <ButtonForm
                fields={{ intent: "test-endpoint", endpointId: endpoint.id }}
                busyLabel="Sending…"
                className="btn-secondary"
                aria-label={`Send a test event to ${endpoint.url}`}
              >
                Send a test event
              </ButtonForm>
              <ButtonForm
                fields={{
                  intent: endpoint.state === "on" ? "endpoint-off" : "endpoint-on",
                  endpointId: endpoint.id,
                }}
                busyLabel="Saving…"
                className="btn-secondary"
                aria-label={`${endpoint.state === "on" ? "Turn off" : "Turn on"} ${endpoint.url}`}
              >
                {endpoint.state === "on" ? "Turn off" : "Turn on"}
              </ButtonForm>
            </div>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-semibold text-red-700">
                Delete this endpoint…
              </summary>
              <Form method="post" className="mt-2 space-y-2">
                <p className="text-sm text-slate-700">
                  It receives nothing more, and its deliveries are forgotten. This cannot be undone.
                </p>
                <input type="hidden" name="intent" value="delete-endpoint" />
                <input type="hidden" name="endpointId" value={endpoint.id} />
                <SubmitButton
                  className="btn bg-red-700 text-white hover:bg-red-800"
                  busyLabel="Deleting…"
                  aria-label={`Delete ${endpoint.url}`}
                >
                  Delete
                </SubmitButton>
              </Form>
            </details>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Recent deliveries</h3>
            <Deliveries endpoint={endpoint} />
          </article>
        )}
      </CardList>
    </PanelSection>
  );
}
