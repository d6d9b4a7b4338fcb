/**
 * The end of every blog page: where to follow it. A plain anchor, not a router link: the feed
 * is a file for a reader, not a page of the site.
 */
export function BlogFooter() {
  return (
    <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-600">
      Follow the blog in your feed reader:{" "}
      <a href="/blog/feed.xml" type="application/atom+xml" className="link">
        Atom feed
      </a>
      .
    </p>
  );
}
