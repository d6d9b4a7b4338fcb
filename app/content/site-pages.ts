export interface SitePage {
  /** The page's one address on the site. */
  path: string;
  /** The day the page's own text last changed (YYYY-MM-DD): change it with the text. */
  revised: string;
}

/**
 * The public pages search engines are told about (the sitemap), with the day each one's own text
 * last changed; the legal pages show theirs as "Last updated". Pages that show other content
 * change with it too: the home page and the catalogue with the newest course, the blog with its
 * posts, the Writing page with its tasks, which the sitemap takes into account.
 */
export const sitePages = {
  home: { path: "/", revised: "2026-11-22" },
  services: { path: "/services", revised: "2026-11-22" },
  blog: { path: "/blog", revised: "2026-11-25" },
  writing: { path: "/writing", revised: "2026-11-28" },
  contact: { path: "/contact", revised: "2026-11-22" },
  about: { path: "/about", revised: "2026-11-23" },
  privacy: { path: "/privacy", revised: "2026-11-28" },
  terms: { path: "/terms", revised: "2026-11-23" },
  // The JSON API's reference: it changes with the API.
  apiDocs: { path: "/api/docs", revised: "2026-11-25" },
} satisfies Record<string, SitePage>;
