import { listCatalogueDates } from "../../core/services.server.ts";
import { articles } from "../content/blog.ts";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { laterOf, latestDay, SITEMAP_URL_LIMIT, sitemapXml, w3cDatetime } from "../lib/sitemap.ts";
import type { Route } from "./+types/sitemap-xml";

/**
 * `/sitemap.xml`: the public pages, the blog's articles and every course in the catalogue, each
 * on the public origin with the time its content last changed.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, baseUrl } = context.get(appContext);
  const pages = Object.values(sitePages);
  const courses = await listCatalogueDates(db, SITEMAP_URL_LIMIT - pages.length - articles.length);
  // A page that shows other content changed when that did: the home page and the catalogue show
  // the newest courses, the blog page every article.
  const newestCourse = courses[0]?.createdAt;
  const lastmodOf = (page: (typeof pages)[number]) => {
    if (page === sitePages.home || page === sitePages.services) {
      return laterOf(page.revised, newestCourse);
    }
    if (page === sitePages.blog) {
      return latestDay(page.revised, ...articles.map((article) => article.revised));
    }
    return page.revised;
  };
  const entries = [
    ...pages.map((page) => ({ loc: `${baseUrl}${page.path}`, lastmod: lastmodOf(page) })),
    ...articles.map((article) => ({
      loc: `${baseUrl}/blog/${article.slug}`,
      lastmod: article.revised,
    })),
    ...courses.map((course) => ({
      loc: `${baseUrl}/services/${course.id}`,
      lastmod: w3cDatetime(course.createdAt),
    })),
  ];
  return new Response(sitemapXml(entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers read it now and then: a new course an hour late costs nothing.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
