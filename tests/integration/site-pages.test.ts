import { beforeAll, describe, expect, it } from "vitest";
import { seedBlogIfEmpty } from "../../db/seed/index.ts";
import { postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertService } from "../support/fixtures.ts";
import { testSiteOn } from "../support/test-app.ts";

/** The public origin differs from the address the requests come in on (http://localhost:3000). */
const BASE_URL = "https://ielts.example";

const PUBLIC_PAGES = [
  "/",
  "/services",
  "/blog",
  "/writing",
  "/contact",
  "/about",
  "/privacy",
  "/terms",
  "/api/docs",
];
const ARTICLES = [
  "/blog/sql-vs-nosql",
  "/blog/jwt",
  "/blog/javascript-vs-nodejs",
  "/blog/nodejs-concurrency",
];
/** The seeded articles' tags, each with a page of its own. */
const TAG_PAGES = [
  "/blog/tag/databases",
  "/blog/tag/security",
  "/blog/tag/web-development",
  "/blog/tag/javascript",
  "/blog/tag/node-js",
];
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

/** W3C Datetime as sitemaps take it: a day, or a moment with its time zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Every `<tag …>` of this name in the page, as its attributes. */
function tags(html: string, name: "meta" | "link"): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\s([^>]*)>`, "g"))].map(([, attributes]) =>
    Object.fromEntries(
      [...(attributes ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [
        key,
        value?.replaceAll("&amp;", "&"),
      ]),
    ),
  );
}

/** What a link preview and a search engine read from a page's head. */
function sharing(html: string) {
  const meta = tags(html, "meta");
  const content = (key: string) =>
    meta.find((tag) => tag.property === key || tag.name === key)?.content;
  return {
    canonical: tags(html, "link").find((tag) => tag.rel === "canonical")?.href,
    url: content("og:url"),
    image: content("og:image"),
    card: content("twitter:card"),
  };
}

/** A robots.txt rule as a pattern over paths (RFC 9309: a prefix, `*` any characters). */
function ruleMatches(rule: string, path: string): boolean {
  const pattern = rule.split("*").map((part) => part.replace(/[.?+^$()[\]{}|\\/]/g, "\\$&"));
  return new RegExp(`^${pattern.join(".*")}`).test(path);
}

describe.each(engines)("footer pages, sitemap, robots.txt and sharing on %s", (engine) => {
  const site = testSiteOn(engine, { BASE_URL });
  let published: string;
  let newest: string;
  let pending: string;
  let unpublished: string;

  beforeAll(async () => {
    const { db } = site.database;
    // The blog as a fresh site starts it: the specification's four articles as posts.
    await seedBlogIfEmpty(db);
    published = await insertService(db, {
      name: "Published course",
      createdAt: new Date("2026-03-04T05:06:07.891Z"),
    });
    // Later than any page's own revision day, so the home page and the catalogue take its time.
    newest = await insertService(db, {
      name: "Newest course",
      createdAt: new Date("2099-01-02T03:04:05.000Z"),
    });
    pending = await insertService(db, { name: "Waiting course", status: "pending" });
    unpublished = await insertService(db, { name: "Withdrawn course", status: "unpublished" });
  });

  async function sitemap() {
    const response = await site.app.request("/sitemap.xml");
    const xml = await response.text();
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, url]) => ({
      loc: url?.match(/<loc>([^<]*)<\/loc>/)?.[1],
      lastmod: url?.match(/<lastmod>([^<]*)<\/lastmod>/)?.[1],
    }));
    return { response, xml, urls };
  }

  describe("/sitemap.xml", () => {
    it("is a sitemaps.org 0.9 urlset, publicly cacheable", async () => {
      const { response, xml } = await sitemap();
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^application\/xml\b/);
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<urlset /);
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      expect(xml.trim()).toMatch(/<\/urlset>$/);
    });

    it("lists exactly the public pages, the posts, their tags and the published courses, on BASE_URL", async () => {
      const { urls } = await sitemap();
      expect(urls.map((url) => url.loc).sort()).toEqual(
        [
          ...PUBLIC_PAGES,
          ...ARTICLES,
          ...TAG_PAGES,
          `/services/${published}`,
          `/services/${newest}`,
        ]
          .map((path) => `${BASE_URL}${path}`)
          .sort(),
      );
      const locs = urls.map((url) => url.loc ?? "");
      for (const hidden of [pending, unpublished]) {
        expect(locs.some((loc) => loc.includes(hidden))).toBe(false);
      }
      for (const url of urls) expect(url.lastmod).toMatch(W3C_DATETIME);
    });

    it("dates a course by when it was added, and the pages showing courses by the newest", async () => {
      const { urls } = await sitemap();
      const lastmod = (path: string) =>
        urls.find((url) => url.loc === `${BASE_URL}${path}`)?.lastmod;
      expect(lastmod(`/services/${published}`)).toBe("2026-03-04T05:06:07Z");
      expect(lastmod("/")).toBe("2099-01-02T03:04:05Z");
      expect(lastmod("/services")).toBe("2099-01-02T03:04:05Z");
      expect(lastmod("/privacy")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it("lists only pages that answer 200", async () => {
      const { urls } = await sitemap();
      for (const { loc } of urls) {
        const response = await site.app.request((loc ?? "").replace(BASE_URL, ""));
        expect(response.status, loc).toBe(200);
      }
    });
  });

  describe("/robots.txt", () => {
    it("keeps crawlers out of every private page and names the sitemap on BASE_URL", async () => {
      const response = await site.app.request("/robots.txt");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain\b/);
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      const lines = (await response.text()).split("\n").map((line) => line.trim());
      expect(lines).toContain("User-agent: *");
      expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
      const rules = lines
        .filter((line) => line.startsWith("Disallow:"))
        .map((line) => line.slice("Disallow:".length).trim());
      expect(rules).toEqual(PRIVATE_PATHS);
      const allowed = lines
        .filter((line) => line.startsWith("Allow:"))
        .map((line) => line.slice("Allow:".length).trim());
      // The API's reference, a public page under /api/.
      expect(allowed).toEqual(["/api/docs"]);
      expect(rules.some((rule) => ruleMatches(rule, `/services/${published}/edit`))).toBe(true);
      // A Writing task's answer screen and every answer are private; the task's page is not.
      for (const path of ["/writing/tasks/abc/write", "/writing/tasks/abc/write?timed=1"])
        expect(
          rules.some((rule) => ruleMatches(rule, path)),
          path,
        ).toBe(true);
      expect(
        rules.some((rule) => ruleMatches(rule, "/writing/submissions/abc")),
        "answer",
      ).toBe(true);
      expect(
        rules.some((rule) => ruleMatches(rule, "/writing/test?task1=a&task2=b")),
        "the full test",
      ).toBe(true);
      expect(rules.some((rule) => ruleMatches(rule, "/writing/tasks/abc"))).toBe(false);
      // …and none of them shuts out a page the sitemap lists (the health checks are not pages).
      const { urls } = await sitemap();
      expect(urls.map(({ loc }) => loc)).not.toContain(`${BASE_URL}/healthz`);
      expect(urls.map(({ loc }) => loc)).not.toContain(`${BASE_URL}/readyz`);
      // (A path is shut out when its longest matching rule is a Disallow: RFC 9309.)
      const longest = (list: string[], path: string) =>
        Math.max(
          -1,
          ...list
            .filter((rule) => rule !== "" && ruleMatches(rule, path))
            .map((rule) => rule.length),
        );
      for (const { loc } of urls) {
        const path = (loc ?? "").replace(BASE_URL, "");
        expect(longest(rules, path) <= longest(allowed, path), path).toBe(true);
      }
      expect(longest(rules, "/api/services") > longest(allowed, "/api/services")).toBe(true);
    });
  });

  describe("canonical address and link previews", () => {
    it.each([...PUBLIC_PAGES, ...ARTICLES, ...TAG_PAGES, "/login", "/register"])(
      "%s names its canonical address and preview on BASE_URL though asked over http",
      async (path) => {
        const response = await site.app.request(`http://localhost:3000${path}?utm_source=x`);
        expect(response.status).toBe(200);
        const tags = sharing(await response.text());
        expect(tags).toEqual({
          canonical: `${BASE_URL}${path}`,
          url: `${BASE_URL}${path}`,
          image: `${BASE_URL}/images/share.png`,
          card: "summary_large_image",
        });
      },
    );

    it("shows a course's own image, as an absolute address, on its page", async () => {
      const response = await site.app.request(`http://localhost:3000/services/${published}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(sharing(html)).toEqual({
        canonical: `${BASE_URL}/services/${published}`,
        url: `${BASE_URL}/services/${published}`,
        // Link previews do not show SVG: the cover's PNG twin, which the site serves.
        image: `${BASE_URL}/images/services/listening.png`,
        card: "summary_large_image",
      });
      const png = await site.app.request("/images/services/listening.png");
      expect(png.status).toBe(200);
      expect(png.headers.get("content-type")).toBe("image/png");
      // The structured data names the same addresses.
      expect(html).toContain(`"url":"${BASE_URL}/services/${published}"`);
      expect(html).toContain(`"image":"${BASE_URL}/images/services/listening.svg"`);
    });

    it("gives a missing page no canonical address", async () => {
      const response = await site.app.request("/no-such-page");
      expect(response.status).toBe(404);
      expect(sharing(await response.text()).canonical).toBeUndefined();
    });
  });

  describe("the footer's pages", () => {
    it.each([
      ["/about", "About me"],
      ["/privacy", "Privacy policy"],
      ["/terms", "Terms of use"],
    ])("%s has its heading and is linked from the footer of every page", async (path, heading) => {
      const page = await (await site.app.request(path)).text();
      expect(page).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      const home = await (await site.app.request("/")).text();
      const footer = home.slice(home.indexOf("<footer"));
      expect(footer).toContain(`href="${path}"`);
    });

    it("links no footer entry to nowhere", async () => {
      const home = await (await site.app.request("/")).text();
      const footer = home.slice(home.indexOf("<footer"), home.indexOf("</footer>"));
      const anchors = [...footer.matchAll(/<a\b([^>]*)>/g)].map(([, attributes]) => attributes);
      expect(anchors.length).toBeGreaterThan(0);
      for (const attributes of anchors) expect(attributes).toMatch(/href="\/[^"]+"/);
    });

    it("the privacy policy names every cookie the site sets on signing in", async () => {
      const { email, password } = await signUp(site.app);
      // Without 'Remember me': the session cookie, the one that says so, and the welcome toast.
      const login = await postForm(site.app, "/login", { email, password }, { origin: BASE_URL });
      expect(login.status).toBe(302);
      const names = login.headers.getSetCookie().map((cookie) => cookie.split("=")[0] ?? "");
      expect(names).toEqual(
        expect.arrayContaining(["ielts-hub.session_token", "ielts-hub.dont_remember"]),
      );
      expect(names).toContain("ielts-hub-toast");
      const privacy = await (await site.app.request("/privacy")).text();
      for (const name of names) expect(privacy).toContain(name);
      expect(privacy).toContain('id="cookies"');
    });
  });
});
