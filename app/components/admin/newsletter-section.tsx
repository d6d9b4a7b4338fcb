import { formatLongDate } from "../../../core/format.ts";
import type { SubscriberStatus } from "../../../core/mail/newsletter.server.ts";
import type { NewsletterIssue } from "../../../core/mail/newsletter-issues.server.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { Link } from "../links.tsx";
import { PanelSection } from "../panel-section.tsx";

const issueState = (issue: NewsletterIssue, timeZone: string): string => {
  const { sent, failed, remaining } = issue.progress;
  if (issue.status === "draft") return `Draft, saved ${formatLongDate(issue.updatedAt, timeZone)}`;
  const numbers = `${sent} sent, ${failed} failed, ${remaining} remaining`;
  return issue.status === "sending"
    ? `Sending: ${numbers}`
    : `Sent ${formatLongDate(issue.sentAt ?? issue.updatedAt, timeZone)}: ${numbers}`;
};

/** The newsletter: subscriber counts and export, and the issues, written and sent. */
export function NewsletterSection({
  subscribers,
  issues,
}: {
  subscribers: Record<SubscriberStatus, number>;
  issues: NewsletterIssue[];
}) {
  const timeZone = useSiteTimeZone();
  return (
    <PanelSection id="newsletter" title="Newsletter">
      <p className="mt-2 text-slate-700">
        {`${subscribers.confirmed} confirmed, ${subscribers.pending} waiting for confirmation, ${subscribers.unsubscribed} unsubscribed.`}
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to="/admin/newsletter/new" className="btn-primary">
          Write an issue
        </Link>
        <a href="/admin/subscribers.csv" className="btn-secondary" download>
          Export the confirmed subscribers (CSV)
        </a>
      </div>
      {issues.length > 0 && (
        <ul className="mt-4 space-y-2">
          {issues.map((issue) => (
            <li key={issue.id} className="rounded-xl p-3 ring-1 ring-slate-200">
              <Link to={`/admin/newsletter/${issue.id}`} className="link">
                {issue.subject}
              </Link>
              <p className="text-sm text-slate-600">{issueState(issue, timeZone)}</p>
            </li>
          ))}
        </ul>
      )}
    </PanelSection>
  );
}
