import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { PostForm } from "../components/admin/post-form.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { Link } from "../components/links.tsx";
import { appContext } from "../context.server.ts";
import { previewAnswer } from "../lib/admin/post-form.server.ts";
import { savePostForm } from "../lib/admin/post-save.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { retryAfterHeaders } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import type { Route } from "./+types/admin-post-new";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = () =>
  pageMeta("New post", "Write a post for the IELTS Hub blog.");

/** The owner writes a new post: a draft, scheduled or published at once. */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  const { timeZone } = await getSiteSettings(context.get(appContext).db);
  return { timeZone };
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const form = await request.formData();
  if (form.get("intent") === "preview") return previewAnswer(form);
  const { timeZone } = await getSiteSettings(context.get(appContext).db);
  return savePostForm({ request, context, owner, form, post: null, timeZone });
}

export default function AdminPostNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="container-page py-12">
      <p>
        <Link to="/admin/posts" className="link">
          All posts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">New post</h1>
      <FlashToast flash={actionData?.flash} />
      <p className="mt-1 text-slate-600">
        Saved as a draft unless you choose otherwise under Publishing; every save is kept, so you
        can go back to it.
      </p>
      <PostForm
        state={actionData ?? { values: { status: "draft" } }}
        previewHtml={actionData?.previewHtml ?? null}
        timeZone={loaderData.timeZone}
        submitLabel="Save"
      />
    </div>
  );
}
