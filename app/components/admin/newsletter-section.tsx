import type { SubscriberStatus } from "../../../core/newsletter.server.ts";

/** The newsletter's counts and the export of confirmed subscribers. */
export function NewsletterSection({
  subscribers,
}: {
  subscribers: Record<SubscriberStatus, number>;
}) {
  return (
    <section aria-labelledby="newsletter-heading" className="form-card mt-8">
      <h2 id="newsletter-heading" className="text-xl font-bold text-slate-900">
        Newsletter
      </h2>
      <p className="mt-2 text-slate-700">
        {`${subscribers.confirmed} confirmed, ${subscribers.pending} waiting for confirmation, ${subscribers.unsubscribed} unsubscribed.`}
      </p>
      <a href="/admin/subscribers.csv" className="btn-secondary mt-3" download>
        Export the confirmed subscribers (CSV)
      </a>
    </section>
  );
}
