import { listFeedPosts } from "../../core/blog/blog.server.ts";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { blogAtomFeed } from "../lib/blog-feed.server.ts";
import type { Route } from "./+types/blog-feed-xml";

/**
 * `/blog/feed.xml`: the newest posts as Atom. Anonymous and the same for everyone, so the
 * response cache keeps it until a post changes (server/response-cache.ts), as it does the sitemap.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, baseUrl } = context.get(appContext);
  const posts = await listFeedPosts(db, baseUrl);
  return new Response(blogAtomFeed(posts, baseUrl, new Date(sitePages.blog.revised)), {
    headers: {
      "Content-Type": "application/atom+xml; charset=utf-8",
      // Readers poll now and then; a kept copy is dropped by the next post write anyway.
      "Cache-Control": "public, max-age=900",
    },
  });
}
