import { deletePost, getPostForOwner } from "../../core/blog/posts.server.ts";
import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { DeleteConfirmation } from "../components/delete-confirmation.tsx";
import { appContext } from "../context.server.ts";
import { editPostPath } from "../lib/admin/post-paths.ts";
import { postStatusLine } from "../lib/admin/post-status-line.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { notYours, retryAfterHeaders, writeLimited, writerFor } from "../lib/refusals.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-post-delete";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(`Delete ${loaderData?.post.title ?? "post"}`, "Delete a post of the IELTS Hub blog.");

/** Deleting a post asks first, on a page of its own (with or without JavaScript). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  const [post, { timeZone }] = await Promise.all([
    getPostForOwner(db, { actor: owner, postId: params.postId }),
    getSiteSettings(db),
  ]);
  if (!post) throw notYours(request, context, owner.id, "not-found");
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      statusLine: `${postStatusLine(post, timeZone)} (${timeZone})`,
      everPublished: post.publishedAt !== null,
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const owner = requireOwner(context);
  const deleted = await deletePost(context.get(appContext).db, {
    writer: writerFor(context, owner),
    postId: params.postId,
  });
  if (!deleted.ok && deleted.reason === "rate-limited")
    return writeLimited(request, context, owner.id, deleted);
  if (!deleted.ok) throw notYours(request, context, owner.id, "not-found");
  return redirectWithToast("/admin/posts", { type: "success", message: "Post deleted." });
}

export default function AdminPostDelete({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <DeleteConfirmation title={`Delete ${post.title}?`} cancelTo={editPostPath(post.id)}>
      <p className="text-slate-700">{`${post.statusLine}.`}</p>
      <p className="mt-2 text-slate-700">
        {`It goes for good, with its earlier saves. This cannot be undone. Its address, /blog/${post.slug}, will tell visitors and search engines that the post is gone${post.everPublished ? "" : " (it was never published)"}; to keep it off the blog but not lose it, unpublish it instead.`}
      </p>
    </DeleteConfirmation>
  );
}
