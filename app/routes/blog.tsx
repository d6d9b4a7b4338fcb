import { PostList } from "../components/blog/post-list.tsx";
import { sitePages } from "../content/site-pages.ts";
import { loadBlogList } from "../lib/blog-list.server.ts";
import { pageMeta, publicPageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/blog";

export function loader({ request, context }: Route.LoaderArgs) {
  return loadBlogList(request, context);
}

const DESCRIPTION =
  "The IELTS Hub blog: articles from the teacher, newest first, each with its date, reading time and tags.";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page && loaderData.page > 1 ? loaderData.page : null;
  const title = `Blog${page ? ` (page ${page})` : ""}`;
  // A page past the end answers 404: nothing there to index or share.
  if (!loaderData || loaderData.outOfRange) return pageMeta(title, DESCRIPTION);
  // Each page lists other posts, so each is a page of its own to search engines.
  const path = page ? `${sitePages.blog.path}?page=${page}` : sitePages.blog.path;
  return publicPageMeta(matches, { page: title, description: DESCRIPTION, path });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pageCount, count, outOfRange } = loaderData;
  return (
    <PostList
      heading="Blog"
      intro={`${count} ${count === 1 ? "post" : "posts"}, the newest first.`}
      posts={posts}
      page={page}
      pageCount={pageCount}
      outOfRange={outOfRange}
      basePath={sitePages.blog.path}
      pagesLabel="Pages of the blog"
    />
  );
}
