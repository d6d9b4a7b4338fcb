import { MAX_SOCIAL_LINKS, MAX_SOCIAL_URL_LENGTH } from "../../../core/limits/field-limits.ts";
import { SOCIAL_NETWORKS, type SocialLink } from "../../../core/site/site-words.ts";
import { FieldForm, SelectField, TextField } from "../form-field.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { formStateOf, type LastChange, LastChangeLine, type RefusedForm } from "./last-change.tsx";

const ROWS = Array.from({ length: MAX_SOCIAL_LINKS }, (_, index) => index + 1);

/**
 * Up to six links to the teacher's social profiles, in the footer. Every row is always there
 * (no JavaScript needed to add one); a row left without an address is dropped.
 */
export function SocialLinksSection({
  links,
  lastChange,
  refused,
}: {
  links: SocialLink[];
  lastChange: LastChange | null;
  refused?: RefusedForm | undefined;
}) {
  return (
    <PanelSection id="social-links" title="Social links">
      <LastChangeLine change={lastChange} />
      <p className="mt-2 text-sm text-slate-600">
        Up to {MAX_SOCIAL_LINKS}, shown in the footer in this order. Empty the address to remove a
        link.
      </p>
      <FieldForm state={formStateOf(refused)} method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="social-links" />
        {ROWS.map((row) => {
          const link = links[row - 1];
          return (
            <fieldset key={row} className="grid gap-3 sm:grid-cols-[12rem_1fr]">
              <legend className="sr-only">Link {row}</legend>
              <SelectField
                label={`Network ${row}`}
                name={`network-${row}`}
                options={SOCIAL_NETWORKS}
                placeholder="Choose…"
                defaultValue={link?.network}
              />
              <TextField
                label={`Address ${row}`}
                name={`url-${row}`}
                type="url"
                maxLength={MAX_SOCIAL_URL_LENGTH}
                placeholder="https://"
                defaultValue={link?.url}
              />
            </fieldset>
          );
        })}
        <SubmitButton className="btn-secondary" busyLabel="Saving…">
          Save social links
        </SubmitButton>
      </FieldForm>
    </PanelSection>
  );
}
