import type { Owner } from "../../../core/accounts/owners.server.ts";
import { formatLongDate } from "../../../core/format.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { PanelSection } from "../panel-section.tsx";
import { UserText } from "../user-text.tsx";

/** Who holds the owner role, and how it is given. */
export function OwnersSection({ owners }: { owners: Owner[] }) {
  const timeZone = useSiteTimeZone();
  return (
    <PanelSection id="owners" title="Owners">
      <p className="mt-1 text-sm text-slate-600">
        Owners run the site. The role is given and taken on the server only:{" "}
        <code>npm run owner -- grant &lt;email&gt;</code> and{" "}
        <code>npm run owner -- revoke &lt;email&gt;</code>.
      </p>
      <ul className="mt-4 divide-y divide-slate-200">
        {owners.map((owner) => (
          <li key={owner.email} className="flex flex-wrap justify-between gap-2 py-2">
            {/* A long e-mail address breaks on a phone rather than widen the page. */}
            <span className="min-w-0">
              <UserText className="font-semibold text-slate-900">{owner.name}</UserText>{" "}
              <span className="wrap-anywhere text-slate-600">{owner.email}</span>
            </span>
            <span className="text-sm text-slate-600">
              since {formatLongDate(owner.grantedAt, timeZone)}
            </span>
          </li>
        ))}
      </ul>
    </PanelSection>
  );
}
