import { listPostsForOwner, OWNER_POSTS_LIMIT } from "../../core/blog/posts.server.ts";
import { getSiteSettings } from "../../core/site/site-settings.server.ts";
import { FieldForm, TextField } from "../components/form-field.tsx";
import { Link } from "../components/links.tsx";
import { appContext } from "../context.server.ts";
import { editPostPath } from "../lib/admin/post-paths.ts";
import { postStatusLine } from "../lib/admin/post-status-line.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireOwner } from "../lib/session.server.ts";
import type { Route } from "./+types/admin-posts";

export const meta: Route.MetaFunction = () =>
  pageMeta("Posts", "The blog's posts: drafts, scheduled and published.");

/** How long a search may be; the core reads no more. */
const MAX_POST_SEARCH_LENGTH = 100;

/** Every post, drafts, scheduled and published alike, the last changed first; `q` searches titles. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = requireOwner(context);
  const { db } = context.get(appContext);
  const search = (new URL(request.url).searchParams.get("q") ?? "").slice(
    0,
    MAX_POST_SEARCH_LENGTH,
  );
  const [posts, { timeZone }] = await Promise.all([
    listPostsForOwner(db, { actor: owner, search }),
    getSiteSettings(db),
  ]);
  return {
    search,
    timeZone,
    posts: (posts ?? []).map((post) => ({
      id: post.id,
      title: post.title,
      slug: post.slug,
      status: post.status,
      statusLine: postStatusLine(post, timeZone),
      tags: post.tags.map((tag) => tag.name),
    })),
    limited: (posts?.length ?? 0) >= OWNER_POSTS_LIMIT,
  };
}

const STATUS_BADGE = {
  draft: "bg-slate-100 text-slate-800",
  scheduled: "bg-amber-100 text-amber-900",
  published: "bg-green-100 text-green-900",
} as const;

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { search, timeZone, posts, limited } = loaderData;
  return (
    <div className="container-page max-w-4xl py-12">
      <p>
        <Link to="/admin#blog-heading" className="link">
          Back to Admin
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Posts</h1>
        <Link to="/admin/posts/new" className="btn-primary">
          Write a post
        </Link>
      </div>
      <p className="mt-1 text-slate-600">
        {`Drafts, scheduled and published posts, the last changed first. Times are in ${timeZone}.`}
      </p>

      <FieldForm method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField
            label="Search the titles"
            name="q"
            type="search"
            maxLength={MAX_POST_SEARCH_LENGTH}
            defaultValue={search}
          />
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
      </FieldForm>

      {posts.length === 0 ? (
        <p className="mt-6 text-slate-700">
          {search ? `No post's title holds "${search}".` : "No posts yet."}{" "}
          {search && (
            <Link to="/admin/posts" className="link">
              Show every post
            </Link>
          )}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
          {posts.map((post) => (
            <li key={post.id} className="flex flex-wrap items-start justify-between gap-3 p-4">
              <div>
                <Link to={editPostPath(post.id)} className="link font-semibold">
                  {post.title}
                </Link>
                <p className="text-sm text-slate-600">
                  {post.statusLine}
                  {post.tags.length > 0 && ` · ${post.tags.join(", ")}`}
                </p>
              </div>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_BADGE[post.status]}`}
              >
                {post.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      {limited && (
        <p className="mt-4 text-sm text-slate-600">
          Only the most recently changed posts are listed: search for an older one by its title.
        </p>
      )}
    </div>
  );
}
