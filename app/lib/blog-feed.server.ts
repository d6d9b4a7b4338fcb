import { Feed } from "feed";
import type { FeedPost } from "../../core/blog/blog.server.ts";
import { escapeHtml } from "../../core/markdown.server.ts";
import { absoluteUrl, SITE_NAME } from "../../core/site/site.ts";
import { SHARE_IMAGE } from "./meta.ts";

export const FEED_PATH = "/blog/feed.xml";
export const FEED_TITLE = `${SITE_NAME} blog`;

/**
 * The blog as an Atom feed (RFC 4287), written by the `feed` library: each entry whole, with its
 * feature picture first, every address absolute on the public origin (`siteUrl`). An entry's id
 * is the post's own id (`urn:uuid:`), so a post whose address changes is not a new entry to a
 * reader. `updated` is the newest change, never the time of the request, so the same posts give
 * the same bytes (and ETag).
 */
export function blogAtomFeed(posts: FeedPost[], siteUrl: string, revised: Date): string {
  const blogUrl = `${siteUrl}/blog`;
  const feed = new Feed({
    id: blogUrl,
    title: FEED_TITLE,
    description: "Articles from an IELTS teacher, newest first.",
    link: blogUrl,
    feed: `${siteUrl}${FEED_PATH}`,
    language: "en",
    author: { name: SITE_NAME, link: siteUrl },
    favicon: `${siteUrl}/favicon.svg`,
    image: absoluteUrl(SHARE_IMAGE.url, siteUrl),
    copyright: `© ${SITE_NAME}`,
    updated: new Date(
      Math.max(revised.getTime(), ...posts.map((post) => post.updatedAt.getTime())),
    ),
    generator: false,
  });
  for (const post of posts) {
    const picture = post.featureImage
      ? `<p><img src="${escapeHtml(absoluteUrl(post.featureImage.url, siteUrl))}" alt="${escapeHtml(post.featureImage.alt)}"></p>\n`
      : "";
    feed.addItem({
      id: `urn:uuid:${post.id}`,
      link: `${blogUrl}/${post.slug}`,
      // The library marks the title and summary as HTML: a title's `<` or `&` is text, so escaped.
      title: escapeHtml(post.title),
      description: escapeHtml(post.excerpt),
      content: picture + post.contentHtml,
      date: post.updatedAt,
      published: post.publishedAt,
      category: post.tags.map((tag) => ({
        term: tag.slug,
        scheme: `${blogUrl}/tag/`,
        // The library escapes only `&` and `"` in an attribute; a `<` would break the XML, so
        // such a name is left to the term (the tag's address, always plain).
        ...(tag.name.includes("<") ? {} : { name: tag.name }),
      })),
    });
  }
  return feed.atom1();
}
