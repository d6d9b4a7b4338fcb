import { data, Form } from "react-router";
import { unsubscribe } from "../../core/mail/newsletter.server.ts";
import { OutcomePage } from "../components/outcome-page.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = () =>
  pageMeta("Unsubscribe", "Stop the IELTS Hub newsletter.");

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** The link in every newsletter: one button, no sign-in. */
export function loader({ request }: Route.LoaderArgs) {
  return { token: tokenOf(request), done: false };
}

/**
 * The button's POST, and the one-click POST a mail client sends itself (RFC 8058:
 * `List-Unsubscribe=One-Click` to the address in `List-Unsubscribe`).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenOf(request);
  const done = await unsubscribe(context.get(appContext).db, token);
  return data({ token, done }, { status: done ? 200 : 404 });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (actionData) {
    return (
      <OutcomePage
        heading={result.done ? "You are unsubscribed" : "This link does not work"}
        message={
          result.done
            ? "No more newsletters will come to this address."
            : "It may be copied incompletely: try the link in the newsletter again."
        }
      />
    );
  }
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Stop the newsletter?</h1>
      <Form method="post" className="mt-6">
        <SubmitButton busyLabel="Unsubscribing…">Unsubscribe</SubmitButton>
      </Form>
    </div>
  );
}
