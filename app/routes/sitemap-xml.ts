import { listPublishedPostDates, listPublishedTagDates } from "../../core/blog/blog.server.ts";
import { listCatalogueDates } from "../../core/catalogue/services.server.ts";
import { listPublishedWritingTaskDates } from "../../core/writing/published-tasks.server.ts";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { laterOf, SITEMAP_URL_LIMIT, sitemapXml, w3cDatetime } from "../lib/sitemap.ts";
import type { Route } from "./+types/sitemap-xml";

/**
 * `/sitemap.xml`: the public pages, the blog's posts and tags, the published Writing tasks and
 * every course in the catalogue,
 * each on the public origin with the time its content last changed.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, baseUrl } = context.get(appContext);
  const pages = Object.values(sitePages);
  // Posts and tasks come first within the file's limit: a teacher writes far fewer of them than
  // courses exist.
  const posts = await listPublishedPostDates(db, SITEMAP_URL_LIMIT - pages.length);
  const tags = await listPublishedTagDates(db, SITEMAP_URL_LIMIT - pages.length - posts.length);
  const tasks = await listPublishedWritingTaskDates(
    db,
    SITEMAP_URL_LIMIT - pages.length - posts.length - tags.length,
  );
  const courses = await listCatalogueDates(
    db,
    SITEMAP_URL_LIMIT - pages.length - posts.length - tags.length - tasks.length,
  );
  // A page that shows other content changed when that did: the home page and the catalogue show
  // the newest courses, the blog its posts (the latest change of any).
  const newestCourse = courses[0]?.createdAt;
  const latestPostChange = posts.reduce<Date | undefined>(
    (latest, post) => (latest && latest >= post.updatedAt ? latest : post.updatedAt),
    undefined,
  );
  const lastmodOf = (page: (typeof pages)[number]) => {
    if (page === sitePages.home || page === sitePages.services) {
      return laterOf(page.revised, newestCourse);
    }
    if (page === sitePages.blog) return laterOf(page.revised, latestPostChange);
    // Newest change first: the Writing page lists the tasks.
    if (page === sitePages.writing) return laterOf(page.revised, tasks[0]?.updatedAt);
    return page.revised;
  };
  const entries = [
    ...pages.map((page) => ({ loc: `${baseUrl}${page.path}`, lastmod: lastmodOf(page) })),
    ...posts.map((post) => ({
      loc: `${baseUrl}/blog/${post.slug}`,
      lastmod: w3cDatetime(post.updatedAt),
    })),
    ...tags.map((tag) => ({
      loc: `${baseUrl}/blog/tag/${tag.slug}`,
      lastmod: w3cDatetime(tag.updatedAt),
    })),
    ...tasks.map((task) => ({
      loc: `${baseUrl}/writing/tasks/${task.id}`,
      lastmod: w3cDatetime(task.updatedAt),
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
