import { WritingTaskForm } from "../components/admin/writing-task-form.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { Link } from "../components/links.tsx";
import { saveTaskForm, taskPreviewAnswer } from "../lib/admin/writing-task-form.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryAfterHeaders } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import type { Route } from "./+types/admin-writing-task-new";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta("New Writing task", "Write a Writing task for IELTS Hub's students.");

/** The owner writes a new Writing task: a draft, or published at once. */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  // The owner first: anyone else's form (and picture) is never read.
  const owner = requireOwner(context);
  const form = await request.formData();
  if (form.get("intent") === "preview") return taskPreviewAnswer(form);
  return saveTaskForm({ request, context, owner, form, task: null });
}

export default function AdminWritingTaskNew({ actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-12">
      <p>
        <Link to="/admin/writing/tasks" className="link">
          All Writing tasks
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">New Writing task</h1>
      <FlashToast flash={actionData?.flash} />
      <p className="mt-1 text-slate-600">
        Saved as a draft unless you choose Published under Status. Students read the prompt as the
        preview shows it.
      </p>
      <WritingTaskForm
        state={actionData ?? { values: { kind: "task-2", status: "draft" } }}
        previewHtml={actionData?.previewHtml ?? null}
        submitLabel="Save"
      />
    </div>
  );
}
