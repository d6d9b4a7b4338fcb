import { data } from "react-router";
import { renderPostBody } from "../../core/blog/post-body.server.ts";
import { KEPT_REVISIONS } from "../../core/blog/post-revisions.server.ts";
import {
  getPostForOwner,
  listRevisions,
  restoreRevision,
  unpublishPost,
} from "../../core/blog/posts.server.ts";
import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { formatInTimeZone } from "../../core/site/time-zones.ts";
import { PostForm } from "../components/admin/post-form.tsx";
import { PostRevisions } from "../components/admin/post-revisions.tsx";
import { ButtonForm } from "../components/button-form.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { Link } from "../components/links.tsx";
import { PanelSection } from "../components/panel-section.tsx";
import { appContext } from "../context.server.ts";
import { previewAnswer, storedPostValues } from "../lib/admin/post-form.server.ts";
import { deletePostPath, editPostPath } from "../lib/admin/post-paths.ts";
import { savePostForm } from "../lib/admin/post-save.server.ts";
import { postStatusLine } from "../lib/admin/post-status-line.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-post-edit";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(`Edit ${loaderData?.post.title ?? "post"}`, "Change a post of the IELTS Hub blog.");

/** One post for its owner: change it, see where it stands, restore a save, unpublish, delete. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  const [post, revisions, settings] = await Promise.all([
    getPostForOwner(db, { actor: owner, postId: params.postId }),
    listRevisions(db, { actor: owner, postId: params.postId }),
    getSiteSettings(db),
  ]);
  if (!post || !revisions) throw notYours(request, context, owner.id, "not-found");
  const { timeZone } = settings;
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      status: post.status,
      statusLine: postStatusLine(post, timeZone),
      emailedOn: post.emailedAt ? formatInTimeZone(post.emailedAt, timeZone) : undefined,
    },
    values: storedPostValues(post, timeZone),
    previewHtml: renderPostBody(post.body),
    revisions: revisions.map((revision) => ({
      id: revision.id,
      number: revision.number,
      title: revision.content.title,
      savedOn: formatInTimeZone(revision.createdAt, timeZone),
      authorName: revision.authorName,
    })),
    keptRevisions: KEPT_REVISIONS,
    timeZone,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  // An unknown post is refused before the form is read: its picture is never decoded.
  const post = await getPostForOwner(db, { actor: owner, postId: params.postId });
  if (!post) throw notYours(request, context, owner.id, "not-found");
  const form = await request.formData();
  const intent = form.get("intent");
  const here = editPostPath(post.id);

  if (intent === "preview") return previewAnswer(form);
  if (intent === "save") {
    const { timeZone } = await getSiteSettings(db);
    return savePostForm({ request, context, owner, form, post, timeZone });
  }
  if (intent === "restore") {
    const restored = await restoreRevision(db, {
      writer: writerFor(context, owner),
      postId: post.id,
      revisionId: String(form.get("revisionId") ?? ""),
    });
    if (!restored.ok && restored.reason === "rate-limited")
      return writeLimited(request, context, owner.id, restored);
    if (!restored.ok && restored.reason === "slug-taken") {
      return redirectWithToast(here, { type: "error", message: restored.message });
    }
    if (!restored.ok) throw notYours(request, context, owner.id, "not-found");
    return redirectWithToast(here, {
      type: "success",
      message: "That save is back, kept as a new save; its status did not change.",
    });
  }
  if (intent === "unpublish") {
    const unpublished = await unpublishPost(db, {
      writer: writerFor(context, owner),
      postId: post.id,
    });
    if (!unpublished.ok && unpublished.reason === "rate-limited")
      return writeLimited(request, context, owner.id, unpublished);
    if (!unpublished.ok) throw notYours(request, context, owner.id, "not-found");
    return redirectWithToast(here, {
      type: "success",
      message:
        post.status === "scheduled"
          ? "No longer scheduled: it is a draft again."
          : "Unpublished: it is off the blog and a draft again.",
    });
  }
  return data(
    { values: {}, fieldErrors: { form: "Nothing to do." }, flash: null },
    { status: 400 },
  );
}

export default function AdminPostEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, values, previewHtml, revisions, keptRevisions, timeZone } = loaderData;
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  return (
    <div className="container-page py-12">
      <p>
        <Link to="/admin/posts" className="link">
          All posts
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{post.title}</h1>
      <FlashToast flash={actionData?.flash} />
      <p className="mt-1 text-slate-700">
        {`${post.statusLine} (${timeZone}).`}
        {post.status === "published" && (
          <>
            {" "}
            <Link to={`/blog/${post.slug}`} className="link">
              See it on the blog
            </Link>
          </>
        )}
      </p>
      {post.emailedOn && (
        <p className="mt-1 text-slate-700">
          {`E-mailed to the newsletter's subscribers on ${post.emailedOn}.`}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {post.status !== "draft" && (
          <ButtonForm
            fields={{ intent: "unpublish" }}
            className="btn-secondary"
            busyLabel={post.status === "scheduled" ? "Unscheduling…" : "Unpublishing…"}
          >
            {post.status === "scheduled" ? "Unschedule (back to a draft)" : "Unpublish"}
          </ButtonForm>
        )}
        <Link to={deletePostPath(post.id)} className="btn-secondary">
          Delete…
        </Link>
      </div>

      <PostForm
        state={answer ?? { values }}
        previewHtml={answer ? answer.previewHtml : previewHtml}
        timeZone={timeZone}
        emailedOn={post.emailedOn}
        submitLabel="Save"
      />

      <PanelSection id="revisions" title="Earlier saves">
        <PostRevisions revisions={revisions} kept={keptRevisions} />
      </PanelSection>
    </div>
  );
}
