import { useEffect } from "react";
import { data, useRevalidator } from "react-router";
import { formatLongDate } from "../../core/format.ts";
import { subscriberCounts } from "../../core/mail/newsletter.server.ts";
import {
  deleteDraft,
  findIssue,
  type IssueRefusal,
  issueInputSchema,
  sendTestIssue,
  startSending,
  updateIssue,
} from "../../core/mail/newsletter-issues.server.ts";
import { renderIssueBody } from "../../core/mail/newsletter-mail.server.ts";
import { NewsletterIssueForm } from "../components/admin/newsletter-issue-form.tsx";
import { ButtonForm } from "../components/button-form.tsx";
import { CheckboxField, FieldForm } from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { PanelSection } from "../components/panel-section.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { appContext } from "../context.server.ts";
import { parseForm } from "../lib/forms.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-newsletter-issue";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData?.issue.subject ?? "Newsletter", "A newsletter issue: preview, test, send.");

/** While a send runs, the page asks for fresh numbers this often (with JavaScript). */
const PROGRESS_REFRESH_MS = 2000;

/** One issue: a draft to change, preview, test and send; once sent, its progress. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  const [issue, subscribers] = await Promise.all([
    findIssue(db, params.issueId),
    subscriberCounts(db),
  ]);
  if (!issue) throw notYours(request, context, owner.id, "not-found");
  return {
    issue,
    previewHtml: renderIssueBody(issue.body),
    confirmedSubscribers: subscribers.confirmed,
    ownerEmail: owner.email,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  const issueId = params.issueId;
  const here = `/admin/newsletter/${issueId}`;
  const form = await request.formData();
  const intent = form.get("intent");
  const refused = (refusal: IssueRefusal) => {
    if (refusal.reason === "not-found") throw notYours(request, context, owner.id, "not-found");
    return redirectWithToast(here, {
      type: "error",
      message: "This issue has been sent, so it can no longer be changed.",
    });
  };

  if (intent === "save") {
    const result = parseForm(issueInputSchema, form);
    if (!result.ok) {
      return data({ values: result.values, fieldErrors: result.fieldErrors }, { status: 400 });
    }
    const saved = await updateIssue(db, { actor: owner, issueId, input: result.data });
    if (!saved.ok) return refused(saved);
    return redirectWithToast(here, { type: "success", message: "Draft saved." });
  }
  if (intent === "test") {
    const queued = await sendTestIssue(db, { actor: owner, issueId });
    if (!queued.ok) return refused(queued);
    context.get(appContext).wakeMailWorker();
    return redirectWithToast(here, {
      type: "success",
      message: `A test is on its way to ${owner.email}.`,
    });
  }
  if (intent === "send") {
    if (form.get("confirm") !== "send") {
      return data(
        {
          values: {},
          fieldErrors: { confirm: "Please tick the box to confirm that it is ready to send." },
        },
        { status: 400 },
      );
    }
    const started = await startSending(db, { actor: owner, issueId });
    if (!started.ok) return refused(started);
    context.get(appContext).wakeMailWorker();
    return redirectWithToast(here, {
      type: "success",
      message: "Sending: the numbers below follow it.",
    });
  }
  if (intent === "delete") {
    const deleted = await deleteDraft(db, { actor: owner, issueId });
    if (!deleted.ok) return refused(deleted);
    return redirectWithToast("/admin#newsletter-heading", {
      type: "success",
      message: "Draft deleted.",
    });
  }
  return data({ values: {}, fieldErrors: { form: "Nothing to do." } }, { status: 400 });
}

export default function AdminNewsletterIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, previewHtml, confirmedSubscribers, ownerEmail } = loaderData;
  const draft = issue.status === "draft";
  const timeZone = useSiteTimeZone();
  return (
    <div className="container-page max-w-3xl py-12">
      <p>
        <Link to="/admin#newsletter-heading" className="link">
          Back to Admin
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{issue.subject}</h1>
      <p className="mt-1 text-slate-600">{statusLine(issue, timeZone)}</p>

      {!draft && <SendProgress issue={issue} />}

      <PanelSection id="preview" title="Preview">
        <p className="mt-1 text-sm text-slate-600">
          {`As subscribers see it, under the subject "${issue.subject}"; each copy ends with the subscriber's own one-click unsubscribe link.`}
        </p>
        <article
          className="prose-article mt-4 rounded-xl p-4 text-slate-700 ring-1 ring-slate-200"
          // Rendered on the server by markdown-it with raw HTML turned off: no markup of the
          // author's own reaches the page.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped Markdown output, see above
          dangerouslySetInnerHTML={{ __html: previewHtml }}
        />
      </PanelSection>

      {draft && (
        <>
          <PanelSection id="send" title="Send">
            <ButtonForm
              fields={{ intent: "test" }}
              formClassName="mt-4"
              className="btn-secondary"
              busyLabel="Sending the test…"
            >
              {`Send a test to ${ownerEmail}`}
            </ButtonForm>
            <FieldForm state={actionData} method="post" className="mt-6 space-y-3">
              <input type="hidden" name="intent" value="send" />
              <CheckboxField
                label={`It is ready: send it to all ${confirmedSubscribers} confirmed subscribers now. Once started, a send cannot be undone.`}
                name="confirm"
                value="send"
                required
                textClassName="text-base"
              />
              <SubmitButton busyLabel="Starting the send…">
                {`Send to ${confirmedSubscribers} subscribers`}
              </SubmitButton>
            </FieldForm>
          </PanelSection>

          <section aria-labelledby="edit-heading" className="mt-8">
            <h2 id="edit-heading" className="text-xl font-bold text-slate-900">
              Edit the draft
            </h2>
            <NewsletterIssueForm
              state={{
                values: actionData?.values ?? { subject: issue.subject, body: issue.body },
                fieldErrors: actionData?.fieldErrors,
              }}
              submitLabel="Save draft"
              busyLabel="Saving…"
            />
            <ButtonForm
              fields={{ intent: "delete" }}
              formClassName="mt-4"
              className="btn bg-red-700 text-white hover:bg-red-800"
              busyLabel="Deleting…"
            >
              Delete the draft
            </ButtonForm>
          </section>
        </>
      )}
    </div>
  );
}

type Issue = Route.ComponentProps["loaderData"]["issue"];

function statusLine(issue: Issue, timeZone: string): string {
  if (issue.status === "draft")
    return `Draft, last saved ${formatLongDate(issue.updatedAt, timeZone)}.`;
  if (issue.status === "sending") return "Sending now.";
  return `Sent ${formatLongDate(issue.sentAt ?? issue.updatedAt, timeZone)}.`;
}

/** Sent, failed and remaining copies; with JavaScript the numbers follow the send as it runs. */
function SendProgress({ issue }: { issue: Issue }) {
  const revalidator = useRevalidator();
  const sending = issue.status === "sending";
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, revalidator]);
  const { sent, failed, skipped, remaining } = issue.progress;
  const total = sent + failed + skipped + remaining;
  return (
    <PanelSection id="progress" title="Progress">
      <progress
        className="mt-4 w-full"
        max={Math.max(total, 1)}
        value={total - remaining}
        aria-label="Copies handled so far"
      />
      <p role="status" className="mt-2 text-slate-800">
        {`${sent} sent, ${failed} failed, ${remaining} remaining${skipped > 0 ? ` (${skipped} unsubscribed before their turn)` : ""}.`}
      </p>
      {sending && (
        <noscript>
          <p className="mt-2">
            <a href={`/admin/newsletter/${issue.id}`} className="link">
              Show the latest numbers
            </a>
          </p>
        </noscript>
      )}
    </PanelSection>
  );
}
