import {
  MAX_WEBHOOK_URL_LENGTH,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
} from "../../../core/webhooks/webhook-event-types.ts";
import { CheckboxField, FieldForm, FieldGroup, TextField } from "../form-field.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";

/** A refused "Add an endpoint": the messages, what was typed, and which events were ticked. */
interface RefusedEndpoint {
  errors: { url?: string | undefined; events?: string | undefined };
  values: { url: string };
  events: string[];
}

/** The address and the events an endpoint receives (all of them ticked to begin with). */
export function WebhookEndpointForm({ refused }: { refused?: RefusedEndpoint | undefined }) {
  return (
    <PanelSection id="add-endpoint" title="Add an endpoint">
      {/* The events' message stands under their group, not under each box. */}
      <FieldForm
        state={refused && { values: refused.values, fieldErrors: { url: refused.errors.url } }}
        method="post"
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value="add-endpoint" />
        <TextField
          label="Endpoint address"
          name="url"
          type="url"
          required
          maxLength={MAX_WEBHOOK_URL_LENGTH}
          placeholder="https://"
          hint="An https:// address on the public Internet. Addresses inside a private network are refused."
        />
        <FieldGroup
          legend="Events"
          name="events"
          error={refused?.errors.events}
          className="space-y-2"
        >
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <CheckboxField
              key={type}
              id={`field-events-${type}`}
              name="events"
              value={type}
              defaultChecked={refused ? refused.events.includes(type) : true}
              label={
                <>
                  <code className="font-mono text-slate-900">{type}</code>:{" "}
                  {WEBHOOK_EVENT_LABELS[type]}
                </>
              }
            />
          ))}
        </FieldGroup>
        <SubmitButton className="btn-secondary" busyLabel="Adding…">
          Add the endpoint
        </SubmitButton>
      </FieldForm>
    </PanelSection>
  );
}

/**
 * The secret of the endpoint just added, shown on the answer to the form and never again: the
 * site keeps it only sealed, to sign with.
 */
export function NewEndpointSecret({ url, secret }: { url: string; secret: string }) {
  return (
    <PanelSection id="new-secret" title="The endpoint is added: copy its secret now">
      <p className="mt-2 text-slate-700">
        The receiver at <span className="break-all font-semibold">{url}</span> checks each request's{" "}
        <code>webhook-signature</code> with this secret. It is shown this once: the site cannot show
        it again. Lost, delete the endpoint and add it again.
      </p>
      <TextField
        label="Signing secret"
        name="secret"
        readOnly
        autoComplete="off"
        defaultValue={secret}
        className="field mt-1 font-mono"
      />
    </PanelSection>
  );
}
