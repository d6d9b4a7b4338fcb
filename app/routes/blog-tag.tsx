import { PostList } from "../components/blog/post-list.tsx";
import { Link } from "../components/links.tsx";
import { loadBlogList } from "../lib/blog-list.server.ts";
import { pageMeta, publicPageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/blog-tag";

/** /blog/tag/{tag}: the published posts that carry one tag, as /blog lists them all. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadBlogList(request, context, params.tag);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData?.tag) return [];
  const { tag } = loaderData;
  const page = loaderData.page && loaderData.page > 1 ? loaderData.page : null;
  const title = `Posts tagged ${tag.name}${page ? ` (page ${page})` : ""}`;
  const description = `Articles on the IELTS Hub blog tagged ${tag.name}, newest first.`;
  if (loaderData.outOfRange) return pageMeta(title, description);
  const base = `/blog/tag/${tag.slug}`;
  return publicPageMeta(matches, {
    page: title,
    description,
    path: page ? `${base}?page=${page}` : base,
  });
};

export default function BlogTag({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount, count, outOfRange } = loaderData;
  const tag = loaderData.tag as NonNullable<typeof loaderData.tag>;
  return (
    <PostList
      heading={`Posts tagged ${tag.name}`}
      intro={
        <>
          {count} {count === 1 ? "post" : "posts"}, the newest first.{" "}
          <Link to="/blog" className="link">
            All posts
          </Link>
        </>
      }
      posts={posts}
      page={page}
      pageCount={pageCount}
      outOfRange={outOfRange}
      basePath={`/blog/tag/${tag.slug}`}
      pagesLabel={`Pages of posts tagged ${tag.name}`}
    />
  );
}
