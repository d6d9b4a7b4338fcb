import {
  MAX_EMAIL_LENGTH,
  MAX_OPENING_HOURS_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_POSTAL_ADDRESS_LENGTH,
} from "../../../core/limits/field-limits.ts";
import type { ContactDetails } from "../../../core/site/site-words.ts";
import { FieldForm, TextAreaField, TextField } from "../form-field.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { formStateOf, type LastChange, LastChangeLine, type RefusedForm } from "./last-change.tsx";

/** The contact details shown on /contact and in every page's footer; each one optional. */
export function ContactSection({
  contact,
  lastChange,
  refused,
}: {
  contact: ContactDetails;
  lastChange: LastChange | null;
  refused?: RefusedForm | undefined;
}) {
  return (
    <PanelSection id="contact-details" title="Contact details">
      <LastChangeLine change={lastChange} />
      <p className="mt-2 text-sm text-slate-600">
        Shown on the contact page and in the footer of every page. Leave a field empty to show
        nothing for it.
      </p>
      <FieldForm state={formStateOf(refused)} method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="contact" />
        <TextField
          label="Contact e-mail"
          name="email"
          type="email"
          id="contact-email"
          maxLength={MAX_EMAIL_LENGTH}
          defaultValue={contact.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          id="contact-phone"
          maxLength={MAX_PHONE_LENGTH}
          defaultValue={contact.phone}
          hint="For example +44 20 7946 0958."
        />
        <TextAreaField
          label="Address"
          name="address"
          id="contact-address"
          rows={3}
          maxLength={MAX_POSTAL_ADDRESS_LENGTH}
          defaultValue={contact.address}
        />
        <TextAreaField
          label="Opening hours"
          name="openingHours"
          id="contact-opening-hours"
          rows={3}
          maxLength={MAX_OPENING_HOURS_LENGTH}
          defaultValue={contact.openingHours}
          hint="For example: Monday to Friday, 9:00–17:00 (UK time)."
        />
        <SubmitButton className="btn-secondary" busyLabel="Saving…">
          Save contact details
        </SubmitButton>
      </FieldForm>
    </PanelSection>
  );
}
