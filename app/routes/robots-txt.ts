import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import type { Route } from "./+types/robots-txt";

/**
 * Pages that only a signed-in student, an owner or a mailed link opens, and the machinery behind
 * them (the JSON API, sign-in callbacks, logout, the load balancer's health checks, the metrics): nothing
 * there for a search engine to index.
 * `*` stands for any run of characters (RFC 9309), here a course's or a Writing task's id: a
 * task's page is public, its answer screen and the answers written to it are not.
 */
const PRIVATE_PATHS = [
  "/account",
  "/admin",
  "/my-reviews",
  "/my-courses",
  "/add-service",
  "/update/",
  "/services/*/edit",
  "/services/*/delete",
  "/services/*/enroll",
  "/writing/tasks/*/write",
  "/writing/test",
  "/writing/submissions/",
  "/api/",
  "/auth/",
  "/reset-password",
  "/login/two-factor",
  "/verify-email",
  "/logout",
  "/newsletter",
  "/healthz",
  "/readyz",
  "/metrics",
];

/** `/robots.txt`: every crawler kept out of the private pages, and told where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  const { baseUrl } = context.get(appContext);
  const lines = [
    "User-agent: *",
    // The API's reference is a public page under /api/: the longer rule wins (RFC 9309).
    `Allow: ${sitePages.apiDocs.path}`,
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${baseUrl}/sitemap.xml`,
  ];
  return new Response(`${lines.join("\n")}\n`, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      // Crawlers read it now and then: an hour's delay for a change costs nothing.
      "Cache-Control": "public, max-age=3600",
    },
  });
}
