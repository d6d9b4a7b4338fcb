import { data } from "react-router";
import { listPublishedPosts, POSTS_PAGE_SIZE } from "../../core/blog/blog.server.ts";
import { type AppContext, appContext } from "../context.server.ts";
import { requestedPage } from "./pagination.ts";

/**
 * A page of /blog, or of a tag's /blog/tag/{tag}: ten posts, newest first. As in the catalogue
 * (decision 0004), `?page=` counts from 1, and a page past the end (or no page number at all,
 * `?page=x`) answers 404 with a way back to the first page. A tag no published post carries has
 * no page: 404.
 */
export async function loadBlogList(
  request: Request,
  context: { get: (key: typeof appContext) => AppContext },
  tag?: string,
) {
  const { db } = context.get(appContext);
  const page = requestedPage(new URL(request.url));
  const {
    posts,
    count,
    tag: tagged,
  } = await listPublishedPosts(db, {
    page: page === null ? 0 : page - 1,
    tag,
  });
  if (tag !== undefined && (!tagged || count === 0)) throw data(null, { status: 404 });
  const pageCount = Math.max(1, Math.ceil(count / POSTS_PAGE_SIZE));
  const outOfRange = page === null || page > pageCount;
  return data(
    { page, pageCount, count, posts: outOfRange ? [] : posts, outOfRange, tag: tagged ?? null },
    { status: outOfRange ? 404 : 200 },
  );
}
