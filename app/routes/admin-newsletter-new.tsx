import { data } from "react-router";
import { createIssue, issueInputSchema } from "../../core/mail/newsletter-issues.server.ts";
import { NewsletterIssueForm } from "../components/admin/newsletter-issue-form.tsx";
import { appContext } from "../context.server.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-newsletter-new";

export const meta: Route.MetaFunction = () =>
  pageMeta("New newsletter", "Write an issue of the IELTS Hub newsletter.");

/** The owner writes a new issue; it is kept as a draft to preview, test and send. */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const result = parseForm(issueInputSchema, await request.formData());
  if (!result.ok) {
    return data({ values: result.values, fieldErrors: result.fieldErrors }, { status: 400 });
  }
  const created = await createIssue(context.get(appContext).db, {
    actor: owner,
    input: result.data,
  });
  if (!created.ok) throw notYours(request, context, owner.id, "not-found");
  return redirectWithToast(`/admin/newsletter/${created.issueId}`, {
    type: "success",
    message: "Draft saved. Check the preview, then send a test to yourself.",
  });
}

export default function AdminNewsletterNew({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">New newsletter</h1>
      <p className="mt-1 text-slate-600">
        It is saved as a draft: nothing is sent until you say so on the next page.
      </p>
      <NewsletterIssueForm state={actionData} submitLabel="Save draft" busyLabel="Saving…" />
    </div>
  );
}
