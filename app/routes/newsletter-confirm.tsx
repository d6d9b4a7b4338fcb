import { data } from "react-router";
import { confirmSubscription } from "../../core/mail/newsletter.server.ts";
import { Link } from "../components/links.tsx";
import { OutcomePage } from "../components/outcome-page.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/newsletter-confirm";

export const meta: Route.MetaFunction = () =>
  pageMeta("Newsletter", "Confirming your subscription to the IELTS Hub newsletter.");

/** The link in the confirmation mail: following it confirms the subscription. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { db, wakeWebhookWorker } = context.get(appContext);
  const confirmed = await confirmSubscription(db, token);
  if (confirmed) wakeWebhookWorker();
  return data({ confirmed }, { status: confirmed ? 200 : 404 });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  return (
    <OutcomePage
      heading={loaderData.confirmed ? "You are subscribed" : "This link does not work"}
      message={
        loaderData.confirmed
          ? "Thank you: the newsletter will come once a month. Every issue has a link to stop it."
          : "It may be old or copied incompletely. Subscribe again from the home page to get a new one."
      }
    >
      <Link to="/" className="btn-primary mt-6">
        Home
      </Link>
    </OutcomePage>
  );
}
