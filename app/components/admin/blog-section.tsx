import { FieldForm, SelectField } from "../form-field.tsx";
import { Link } from "../links.tsx";
import { PanelSection } from "../panel-section.tsx";
import { SubmitButton } from "../submit-button.tsx";

/**
 * The blog: the way to the posts, and the teacher's time zone, in which a post is scheduled and
 * every date and time on the site is shown (decision 0055).
 */
export function BlogSection({
  timeZone,
  timeZones,
  refused,
}: {
  timeZone: string;
  /** Every zone to choose from (IANA names), read on the server so the page hydrates as sent. */
  timeZones: string[];
  refused?: { errors: Record<string, string | undefined>; values: Record<string, string> };
}) {
  const state = refused && { values: refused.values, fieldErrors: refused.errors };
  return (
    <PanelSection id="blog" title="Blog">
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/admin/posts" className="btn-primary">
          Posts
        </Link>
        <Link to="/admin/posts/new" className="btn-secondary">
          Write a post
        </Link>
      </div>
      <FieldForm state={state} method="post" className="mt-6 space-y-3">
        <input type="hidden" name="intent" value="time-zone" />
        <SelectField
          label="Your time zone"
          name="timeZone"
          options={timeZones.map((zone) => [zone, zone.replaceAll("_", " ")] as const)}
          defaultValue={timeZone}
          hint="A post scheduled for 09:00 goes out at 09:00 in this zone, and every date on the site (posts, reviews, requests) is the day in it."
        />
        <SubmitButton className="btn-secondary" busyLabel="Saving…">
          Save the time zone
        </SubmitButton>
      </FieldForm>
    </PanelSection>
  );
}
