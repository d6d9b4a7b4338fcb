import { parseFeed } from "@rowanmanning/feed-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { sitePages } from "../../app/content/site-pages.ts";
import { laterOf } from "../../app/lib/sitemap.ts";
import {
  createPost,
  deletePost,
  postInputSchema,
  publishPost,
  schedulePost,
} from "../../core/blog/posts.server.ts";
import { setTimeZone } from "../../core/site/site-settings.server.ts";
import { seedBlogIfEmpty } from "../../db/seed/index.ts";
import { ORIGIN, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { signUpOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

/** The public origin differs from the address the requests come in on. */
const BASE_URL = "https://ielts.example";
const DAY = 24 * 60 * 60 * 1000;

/** Every `<tag …>` of this name in the page, as its attributes. */
function tags(html: string, name: "meta" | "link"): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\s([^>]*)>`, "g"))].map(([, attributes]) =>
    Object.fromEntries(
      [...(attributes ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, key, value]) => [
        key,
        value?.replaceAll("&amp;", "&").replaceAll("&quot;", '"'),
      ]),
    ),
  );
}

function metaContent(html: string, key: string): string | undefined {
  return tags(html, "meta").find((tag) => tag.property === key || tag.name === key)?.content;
}

const canonicalOf = (html: string) =>
  tags(html, "link").find((tag) => tag.rel === "canonical")?.href;

/** Text as React writes it into a page, read back. */
const unescapeHtml = (text: string) =>
  text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");

/** The titles of the posts a list page shows, in order. */
const listedTitles = (html: string) =>
  [...html.matchAll(/<article[^>]*>[\s\S]*?<h2[^>]*><a[^>]*>([^<]*)<\/a><\/h2>/g)].map(
    ([, title]) => unescapeHtml(title ?? ""),
  );

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    ([, json]) => JSON.parse(json ?? "null"),
  );
}

describe.each(engines)("the blog's pages, feed and sitemap on %s", (engine) => {
  const site = testSiteOn(engine, { BASE_URL });
  const db = () => site.database.db;
  let owner: { cookie: string; id: string };
  let student: { cookie: string };
  let address = 0;
  const writer = () => ({ userId: owner.id, isOwner: true, address: `owner-${++address}` });
  const page = (path: string, cookie?: string) =>
    site.app.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  const html = async (path: string, cookie?: string) => {
    const response = await page(path, cookie);
    return { status: response.status, html: await response.text(), response };
  };

  /** A post made and left as it is (a draft), or published at `publishedAt`. */
  async function post(fields: Record<string, unknown>, publishedAt?: Date) {
    const made = await createPost(db(), {
      writer: writer(),
      input: postInputSchema.parse({ body: "Some words.", ...fields }),
    });
    if (!made.ok) throw new Error(`not made: ${JSON.stringify(made)}`);
    if (publishedAt) {
      const published = await publishPost(db(), { writer: writer(), postId: made.id }, publishedAt);
      expect(published.ok).toBe(true);
    }
    return made;
  }

  // The four seeded articles (2022) and 19 posts of 2023, one a day: 23, three pages.
  const postDay = (number: number) => new Date(Date.UTC(2023, 0, number, 9));
  const numbered = (number: number) => `Post number ${String(number).padStart(2, "0")}`;
  let newest: { id: string; slug: string };

  beforeAll(async () => {
    const account = await signUpOwner(site.app, db());
    const { id } = account;
    owner = { cookie: account.cookie, id };
    student = await signUp(site.app);
    expect(await seedBlogIfEmpty(db())).toBe(4);
    for (let number = 1; number <= 18; number++) {
      await post(
        { title: numbered(number), tags: number <= 12 ? "Writing tips" : "" },
        postDay(number),
      );
    }
    newest = await post(
      {
        title: 'Tips & "tricks" <for> Task 2',
        body: [
          "Read [the course list](/services) first, then [about me](/about).",
          "",
          "## Planning",
          "",
          "#### In the exam room",
          "",
          "![A plan on paper](/images/share.png)",
          "",
          "Outside: [IELTS](https://ielts.org/).",
        ].join("\n"),
        tags: "Writing tips, Q&A",
        excerpt: "How to plan a Task 2 essay in five minutes.",
        metaTitle: "Planning IELTS Task 2",
        metaDescription: "Five minutes of planning for a better Task 2 essay.",
        featureImageUrl: "https://cdn.example/plan.jpg",
        featureImageAlt: "An essay plan on a desk",
      },
      postDay(19),
    );
  });

  describe("/blog", () => {
    it("lists ten published posts a page, newest first, with their date, reading time, excerpt, picture and tags", async () => {
      const { status, html: first } = await html("/blog");
      expect(status).toBe(200);
      const titles = listedTitles(first);
      expect(titles).toHaveLength(10);
      expect(titles[0]).toBe('Tips & "tricks" <for> Task 2');
      expect(titles.slice(1)).toEqual([18, 17, 16, 15, 14, 13, 12, 11, 10].map(numbered));
      expect(first).toContain(
        `<time dateTime="${postDay(19).toISOString()}">19 January 2023</time>`,
      );
      expect(first).toContain("1 min read");
      expect(first).toContain("How to plan a Task 2 essay in five minutes.");
      expect(first).toMatch(
        /<img src="https:\/\/cdn\.example\/plan\.jpg"[^>]*alt="An essay plan on a desk"/,
      );
      expect(first).toContain('href="/blog/tag/writing-tips"');
      expect(first).toContain('href="/blog/tag/q-a"');
      expect(first).toContain(`href="/blog/${newest.slug}"`);
      // The catalogue's page links; the first page is the plain address.
      expect(first).toMatch(/<a[^>]*aria-current="page"[^>]*>1<\/a>/);
      expect(first).toContain('href="/blog?page=2"');
      expect(first).toContain('href="/blog?page=3"');
      expect(canonicalOf(first)).toBe(`${BASE_URL}/blog`);
    });

    it("shows the older posts on the next pages, ending with the first seeded article", async () => {
      const second = await html("/blog?page=2");
      expect(second.status).toBe(200);
      expect(listedTitles(second.html)).toEqual(
        [9, 8, 7, 6, 5, 4, 3, 2, 1]
          .map(numbered)
          .concat("What is the difference between SQL and NoSQL databases?"),
      );
      expect(canonicalOf(second.html)).toBe(`${BASE_URL}/blog?page=2`);
      expect(second.html).toContain("<title>Blog (page 2) - IELTS Hub</title>");
      const third = await html("/blog?page=3");
      expect(listedTitles(third.html)).toEqual([
        "What is JWT, and how does it work?",
        "What is the difference between JavaScript and Node.js?",
        "How does Node.js handle many requests at the same time?",
      ]);
      expect(third.html).toContain('href="/blog"');
    });

    it("answers a page past the end, or no page number, with 404 and a way to the first page", async () => {
      for (const path of ["/blog?page=4", "/blog?page=0", "/blog?page=two"]) {
        const { status, html: body } = await html(path);
        expect(status, path).toBe(404);
        expect(body, path).toContain("There is no such page of posts.");
        expect(body, path).toContain("There are 3 pages.");
        expect(listedTitles(body), path).toEqual([]);
        expect(canonicalOf(body), path).toBeUndefined();
      }
    });

    it("names the feed in every page's head and at the end of the blog", async () => {
      for (const path of ["/", "/services", "/blog", "/about", "/no-such-page"]) {
        const head = (await html(path)).html.split("</head>")[0] ?? "";
        expect(tags(head, "link"), path).toContainEqual({
          rel: "alternate",
          type: "application/atom+xml",
          title: "IELTS Hub blog",
          href: "/blog/feed.xml",
        });
      }
      const blog = (await html("/blog")).html;
      const main = blog.slice(blog.indexOf("<main"), blog.indexOf("</main>"));
      expect(main).toMatch(/<a href="\/blog\/feed\.xml"[^>]*>Atom feed<\/a>/);
    });
  });

  describe("/blog/tag/{tag}", () => {
    it("lists the posts of one tag, ten a page, newest first", async () => {
      const { status, html: first } = await html("/blog/tag/writing-tips");
      expect(status).toBe(200);
      expect(first).toMatch(/<h1[^>]*>Posts tagged Writing tips<\/h1>/);
      expect(first).toContain("<title>Posts tagged Writing tips - IELTS Hub</title>");
      const titles = listedTitles(first);
      expect(titles).toHaveLength(10);
      expect(titles.slice(1)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4].map(numbered));
      expect(canonicalOf(first)).toBe(`${BASE_URL}/blog/tag/writing-tips`);
      expect(first).toContain('href="/blog/tag/writing-tips?page=2"');
      const second = await html("/blog/tag/writing-tips?page=2");
      expect(listedTitles(second.html)).toEqual([3, 2, 1].map(numbered));
      expect((await html("/blog/tag/writing-tips?page=3")).status).toBe(404);
      const node = await html("/blog/tag/node-js");
      expect(listedTitles(node.html)).toEqual([
        "What is the difference between JavaScript and Node.js?",
        "How does Node.js handle many requests at the same time?",
      ]);
    });

    it("has no page for an unknown tag, nor for one only drafts carry", async () => {
      await post({ title: "A draft with its own tag", tags: "Only in drafts" });
      expect((await html("/blog/tag/no-such-tag")).status).toBe(404);
      expect((await html("/blog/tag/only-in-drafts")).status).toBe(404);
    });
  });

  describe("/blog/{slug}", () => {
    it("shows the post whole: picture, date, reading time, tags and its body's headings under the title", async () => {
      const { status, html: body } = await html(`/blog/${newest.slug}`);
      expect(status).toBe(200);
      expect(body).toContain(
        '<h1 class="text-3xl font-bold text-slate-900">Tips &amp; &quot;tricks&quot; &lt;for&gt; Task 2</h1>',
      );
      expect(body).toContain(
        `<time dateTime="${postDay(19).toISOString()}">19 January 2023</time>`,
      );
      expect(body).toContain("1 min read");
      // Under the title's h1 with no level skipped: "## " is h2, the "#### " under it h3.
      expect(body).toContain("<h2>Planning</h2>\n<h3>In the exam room</h3>");
      expect(body).toContain('<a href="/about">about me</a>');
      expect(body).toMatch(
        /<img src="https:\/\/cdn\.example\/plan\.jpg"[^>]*alt="An essay plan on a desk"/,
      );
      expect(body).toContain('href="/blog/tag/q-a"');
      expect(body).not.toContain("only the owners see this post");
    });

    it("names its canonical address, Open Graph and Twitter card from the post's search-engine words and picture", async () => {
      const { html: body } = await html(`/blog/${newest.slug}?utm_source=x`);
      const url = `${BASE_URL}/blog/${newest.slug}`;
      expect(canonicalOf(body)).toBe(url);
      expect(body).toContain("<title>Planning IELTS Task 2 - IELTS Hub</title>");
      expect(metaContent(body, "description")).toBe(
        "Five minutes of planning for a better Task 2 essay.",
      );
      expect(metaContent(body, "og:url")).toBe(url);
      expect(metaContent(body, "og:type")).toBe("article");
      expect(metaContent(body, "og:title")).toBe("Planning IELTS Task 2 - IELTS Hub");
      expect(metaContent(body, "og:description")).toBe(
        "Five minutes of planning for a better Task 2 essay.",
      );
      expect(metaContent(body, "og:image")).toBe("https://cdn.example/plan.jpg");
      expect(metaContent(body, "og:image:alt")).toBe("An essay plan on a desk");
      expect(metaContent(body, "article:published_time")).toBe(postDay(19).toISOString());
      expect(metaContent(body, "twitter:card")).toBe("summary_large_image");
      expect(metaContent(body, "twitter:title")).toBe("Planning IELTS Task 2");
      expect(metaContent(body, "twitter:description")).toBe(
        "Five minutes of planning for a better Task 2 essay.",
      );
      expect(metaContent(body, "twitter:image")).toBe("https://cdn.example/plan.jpg");
      const posting = jsonLd(body).find((item) => item["@type"] === "BlogPosting");
      expect(posting).toMatchObject({
        "@context": "https://schema.org",
        headline: 'Tips & "tricks" <for> Task 2',
        description: "Five minutes of planning for a better Task 2 essay.",
        url,
        mainEntityOfPage: url,
        datePublished: postDay(19).toISOString(),
        image: "https://cdn.example/plan.jpg",
        keywords: "Writing tips, Q&A",
        author: { "@type": "Organization", name: "IELTS Hub" },
        publisher: { "@type": "Organization", name: "IELTS Hub" },
      });
      expect(typeof posting?.dateModified).toBe("string");
    });

    it("shares a post without a picture with the site's image, its title and excerpt", async () => {
      const { html: body } = await html("/blog/jwt");
      expect(metaContent(body, "og:image")).toBe(`${BASE_URL}/images/share.png`);
      expect(metaContent(body, "twitter:image")).toBe(`${BASE_URL}/images/share.png`);
      expect(metaContent(body, "twitter:title")).toBe("What is JWT, and how does it work?");
      expect(metaContent(body, "description")).toBe(
        "A signed, compact token that carries claims about a user, checked by the server without a session lookup.",
      );
      expect(jsonLd(body)[0]).not.toHaveProperty("image");
    });

    it("leads to the previous (older) and next (newer) post", async () => {
      const middle = await html("/blog/post-number-10");
      expect(middle.html).toMatch(
        /<a rel="prev"[^>]*href="\/blog\/post-number-09"[\s\S]*?Previous post[\s\S]*?Post number 09/,
      );
      expect(middle.html).toMatch(
        /<a rel="next"[^>]*href="\/blog\/post-number-11"[\s\S]*?Next post[\s\S]*?Post number 11/,
      );
      const latest = await html(`/blog/${newest.slug}`);
      expect(latest.html).toMatch(/rel="prev"[^>]*href="\/blog\/post-number-18"/);
      expect(latest.html).not.toContain('rel="next"');
      const oldest = await html("/blog/nodejs-concurrency");
      expect(oldest.html).not.toContain('rel="prev"');
      expect(oldest.html).toMatch(/rel="next"[^>]*href="\/blog\/javascript-vs-nodejs"/);
    });

    it("keeps a draft and a scheduled post from anonymous readers and students (404), and shows the owners a preview that says so", async () => {
      const draft = await post({ title: "Still a draft", body: "Not yet." });
      const scheduled = await post({ title: "Out next week", body: "Soon." });
      await setTimeZone(db(), "Europe/London");
      expect(
        (
          await schedulePost(db(), {
            writer: writer(),
            postId: scheduled.id,
            publishAt: new Date("2099-07-01T08:30:00Z"),
          })
        ).ok,
      ).toBe(true);
      for (const slug of [draft.slug, scheduled.slug]) {
        for (const cookie of [undefined, student.cookie]) {
          const { status, html: body } = await html(`/blog/${slug}`, cookie);
          expect(status, slug).toBe(404);
          expect(body).not.toContain("Still a draft");
          expect(body).not.toContain("Out next week");
        }
      }
      const ownDraft = await html(`/blog/${draft.slug}`, owner.cookie);
      expect(ownDraft.status).toBe(200);
      expect(ownDraft.html).toMatch(/<strong[^>]*>Draft<\/strong>: only the owners see this post/);
      expect(ownDraft.html).toContain("Still a draft");
      expect(metaContent(ownDraft.html, "robots")).toBe("noindex");
      expect(canonicalOf(ownDraft.html)).toBeUndefined();
      const ownScheduled = await html(`/blog/${scheduled.slug}`, owner.cookie);
      expect(ownScheduled.status).toBe(200);
      // 08:30 UTC on 1 July is 09:30 in London (summer time), as the teacher typed it.
      expect(ownScheduled.html).toContain("Scheduled for 1 July 2099 at 09:30 (Europe/London)");
      // Neither is listed anywhere public.
      const listed = [1, 2, 3].map((number) => html(`/blog?page=${number}`));
      for (const listing of await Promise.all(listed)) {
        expect(listing.html).not.toContain("Still a draft");
        expect(listing.html).not.toContain("Out next week");
      }
    });

    it("answers a deleted post's address with 410 Gone, a page of the site saying so", async () => {
      const doomed = await post({ title: "Soon removed" }, postDay(25));
      expect((await html(`/blog/${doomed.slug}`)).status).toBe(200);
      expect((await deletePost(db(), { writer: writer(), postId: doomed.id })).ok).toBe(true);
      const { status, html: body } = await html(`/blog/${doomed.slug}`);
      expect(status).toBe(410);
      expect(body).toMatch(/<h1[^>]*>This post has been removed\.<\/h1>/);
      expect(body).toContain("<title>Post removed - IELTS Hub</title>");
      expect(body).toContain("<header");
      expect(body).toContain("<footer");
      expect(body).toContain('href="/blog"');
      expect(canonicalOf(body)).toBeUndefined();
      expect((await html("/blog/never-was-a-post")).status).toBe(404);
    });
  });

  describe("/blog/feed.xml", () => {
    it("is an Atom feed of the 20 newest posts, whole, with every address absolute on BASE_URL", async () => {
      const response = await page("/blog/feed.xml");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
      const xml = await response.text();
      expect(xml).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>/);
      const feed = parseFeed(xml);
      expect(feed.meta.type).toBe("atom");
      expect(feed.title).toBe("IELTS Hub blog");
      expect(feed.url).toBe(`${BASE_URL}/blog`);
      expect(feed.self).toBe(`${BASE_URL}/blog/feed.xml`);
      expect(feed.authors.map((author) => author.name)).toEqual(["IELTS Hub"]);
      const { items } = feed;
      expect(items).toHaveLength(20);
      // Newest first: the 19 posts of 2023 (the deleted one is gone), then the newest article.
      expect(items.map((item) => item.title)).toEqual([
        'Tips & "tricks" <for> Task 2',
        ...[18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(numbered),
        "What is the difference between SQL and NoSQL databases?",
      ]);
      const [first] = items;
      expect(first?.url).toBe(`${BASE_URL}/blog/${newest.slug}`);
      expect(first?.id).toBe(`urn:uuid:${newest.id}`);
      expect(first?.published?.toISOString()).toBe(postDay(19).toISOString());
      expect(first?.description).toBe("How to plan a Task 2 essay in five minutes.");
      expect(first?.categories.map((category) => [category.term, category.label])).toEqual([
        ["writing-tips", "Writing tips"],
        ["q-a", "Q&A"],
      ]);
      const content = first?.content ?? "";
      expect(content).toContain(
        '<img src="https://cdn.example/plan.jpg" alt="An essay plan on a desk">',
      );
      expect(content).toContain(`<a href="${BASE_URL}/services">the course list</a>`);
      expect(content).toContain(`<a href="${BASE_URL}/about">about me</a>`);
      expect(content).toContain(`<img src="${BASE_URL}/images/share.png" alt="A plan on paper"`);
      expect(content).toContain('<a href="https://ielts.org/">IELTS</a>');
      expect(content).toContain("<h2>Planning</h2>\n<h3>In the exam room</h3>");
      // No address in any entry is left relative to a site the reader is not on.
      for (const item of items) {
        expect(item.content ?? "", item.title ?? "").not.toMatch(/(?:href|src)="\/(?!\/)/);
      }
      const article = items.at(-1);
      expect(article?.content).toContain("<p>SQL (relational) databases such as PostgreSQL");
    });
  });

  describe("/sitemap.xml", () => {
    it("lists each published post with its last change, each tag's page, and dates /blog by the newest change", async () => {
      const xml = await (await page("/sitemap.xml")).text();
      const urls = new Map(
        [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)].map(
          ([, loc, lastmod]) => [loc, lastmod],
        ),
      );
      const row = await db()
        .selectFrom("posts")
        .select("updated_at")
        .where("id", "=", newest.id)
        .executeTakeFirstOrThrow();
      const changed = new Date(row.updated_at).toISOString().replace(/\.\d{3}Z$/, "Z");
      expect(urls.get(`${BASE_URL}/blog/${newest.slug}`)).toBe(changed);
      expect(urls.get(`${BASE_URL}/blog/jwt`)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(urls.get(`${BASE_URL}/blog/tag/writing-tips`)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(urls.get(`${BASE_URL}/blog/tag/node-js`)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(urls.has(`${BASE_URL}/blog/tag/only-in-drafts`)).toBe(false);
      expect(urls.has(`${BASE_URL}/blog/still-a-draft`)).toBe(false);
      expect(urls.has(`${BASE_URL}/blog/soon-removed`)).toBe(false);
      const posts = [...urls.keys()].filter((loc) => /\/blog\/(?!tag\/)[^/]+$/.test(loc ?? ""));
      expect(posts).toHaveLength(23);
      // The blog's page changed when its own words or its latest post did.
      const latest = [...urls.entries()]
        .filter(([loc]) => posts.includes(loc))
        .map(([, lastmod]) => lastmod ?? "")
        .sort()
        .at(-1);
      expect(urls.get(`${BASE_URL}/blog`)).toBe(
        laterOf(sitePages.blog.revised, new Date(latest ?? 0)),
      );
    });
  });

  describe("the response cache", () => {
    it("keeps /blog and the feed for anonymous readers, and drops them when a post is published", async () => {
      // PostgreSQL's listener connects as the site starts; until it listens nothing is kept.
      for (let attempt = 0; attempt < 50; attempt++) {
        await page("/blog");
        if ((await page("/blog")).headers.get("x-cache") === "hit") break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await page("/blog/feed.xml");
      const keptFeed = await page("/blog/feed.xml");
      expect(keptFeed.headers.get("x-cache")).toBe("hit");
      const keptBlog = await page("/blog");
      expect(keptBlog.headers.get("x-cache")).toBe("hit");
      expect(await keptBlog.text()).not.toContain("Fresh off the press");

      await post({ title: "Fresh off the press" }, new Date(Date.now() - DAY / 24));
      const blog = await page("/blog");
      expect(blog.headers.get("x-cache")).toBeNull();
      expect(listedTitles(await blog.text())[0]).toBe("Fresh off the press");
      const feed = await page("/blog/feed.xml");
      expect(feed.headers.get("x-cache")).toBeNull();
      expect(parseFeed(await feed.text()).items[0]?.title).toBe("Fresh off the press");
    });
  });
});
