import { MAX_HERO_TEXT_LENGTH, MAX_HERO_TITLE_LENGTH } from "../../../core/limits/field-limits.ts";
import type { Hero } from "../../../core/site/site-words.ts";
import { FieldForm, TextAreaField, TextField } from "../form-field.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";
import { formStateOf, type LastChange, LastChangeLine, type RefusedForm } from "./last-change.tsx";

/** The home page's hero: its heading and the line under it. */
export function HeroSection({
  hero,
  lastChange,
  refused,
}: {
  hero: Hero;
  lastChange: LastChange | null;
  refused?: RefusedForm | undefined;
}) {
  return (
    <PanelSection id="hero" title="Home page hero">
      <LastChangeLine change={lastChange} />
      <FieldForm state={formStateOf(refused)} method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="hero" />
        <TextField
          label="Heading"
          name="title"
          maxLength={MAX_HERO_TITLE_LENGTH}
          defaultValue={hero.title}
          hint="Emptied, the site's own heading comes back."
        />
        <TextAreaField
          label="Text under the heading"
          name="text"
          rows={3}
          maxLength={MAX_HERO_TEXT_LENGTH}
          defaultValue={hero.text}
          hint="Emptied, the site's own text comes back."
        />
        <SubmitButton className="btn-secondary" busyLabel="Saving…">
          Save the hero
        </SubmitButton>
      </FieldForm>
    </PanelSection>
  );
}
