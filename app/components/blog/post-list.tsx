import type { ReactNode } from "react";
import type { PostSummary } from "../../../core/blog/blog.server.ts";
import { Link } from "../links.tsx";
import { PageLinks } from "../page-links.tsx";
import { BlogFooter } from "./blog-footer.tsx";
import { PostCard } from "./post-card.tsx";

/** The blog's list pages (/blog and a tag's): a heading, ten posts, the page links, the feed. */
export function PostList({
  heading,
  intro,
  posts,
  page,
  pageCount,
  outOfRange,
  basePath,
  pagesLabel,
}: {
  heading: string;
  intro: ReactNode;
  posts: PostSummary[];
  page: number | null;
  pageCount: number;
  outOfRange: boolean;
  /** The list's first page; the others add `?page=`. */
  basePath: string;
  pagesLabel: string;
}) {
  const hrefOf = (number: number) => (number === 1 ? basePath : `${basePath}?page=${number}`);
  return (
    <div className="container-page max-w-4xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <div className="mt-1 text-slate-600">{intro}</div>

      {outOfRange ? (
        <div className="mt-10 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="text-xl font-bold text-slate-900">There is no such page of posts.</h2>
          <p className="mt-2 text-slate-600">
            {pageCount === 1 ? "There is 1 page." : `There are ${pageCount} pages.`}
          </p>
          <Link to={basePath} className="btn-primary mt-6">
            Go to the first page
          </Link>
        </div>
      ) : posts.length === 0 ? (
        <p className="mt-10 rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">
          No posts yet.
        </p>
      ) : (
        <div className="mt-8 space-y-6">
          {posts.map((post, index) => (
            <PostCard key={post.id} post={post} priorityImage={index === 0} />
          ))}
        </div>
      )}

      <PageLinks label={pagesLabel} page={page ?? 1} pageCount={pageCount} hrefOf={hrefOf} />
      <BlogFooter />
    </div>
  );
}
