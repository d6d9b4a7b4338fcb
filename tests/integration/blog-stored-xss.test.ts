import { parseFeed } from "@rowanmanning/feed-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost, postInputSchema, publishPost } from "../../core/blog/posts.server.ts";
import { ORIGIN } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { signUpOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

// A post whose every field the owner types holds markup meant to run in a reader's browser (an
// owner's account taken over, or text pasted from somewhere): each page, the feed and the API
// carry it as text, never as markup.
const HOSTILE = {
  title: '<script>alert("title")</script> Task 2',
  body: "Plain words. <img src=x onerror=\"alert('body')\">",
  excerpt: "<img src=x onerror=\"alert('excerpt')\"> An excerpt.",
  tags: '<svg onload=alert(1)>, "><script>tag</script>',
  metaTitle: '"><script>alert("meta")</script>',
  metaDescription: "</script><script>alert('description')</script>",
  featureImageUrl: "https://cdn.example/plan.jpg",
  featureImageAlt: "\" onerror=\"alert('alt')",
};

/** Markup that would run if a page or feed carried it as markup. */
const LIVE_MARKUP = [
  /<script>alert/i,
  /<img src=x/i,
  /<svg onload/i,
  /<script>tag/i,
  /" onerror="/,
];

describe.each(engines)("stored markup in a post on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  let slug = "";

  beforeAll(async () => {
    const account = await signUpOwner(site.app, db());
    const { id } = account;
    const writer = { userId: id, isOwner: true, address: "owner" };
    const made = await createPost(db(), { writer, input: postInputSchema.parse(HOSTILE) });
    if (!made.ok) throw new Error(`not made: ${JSON.stringify(made)}`);
    expect((await publishPost(db(), { writer, postId: made.id })).ok).toBe(true);
    slug = made.slug;
  });

  const text = async (path: string) => {
    const response = await site.app.request(`${ORIGIN}${path}`);
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it("is text on the blog, the post's page and its tags' pages", async () => {
    const tagPaths = [...(await text(`/blog/${slug}`)).matchAll(/href="(\/blog\/tag\/[^"]+)"/g)]
      .map(([, path]) => path ?? "")
      .filter((path, index, all) => all.indexOf(path) === index);
    expect(tagPaths.length).toBe(2);
    for (const path of ["/blog", `/blog/${slug}`, ...tagPaths]) {
      const html = await text(path);
      for (const live of LIVE_MARKUP) expect(html, `${path} ${live}`).not.toMatch(live);
      // Shown as the characters typed.
      expect(html, path).toContain("&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt; Task 2");
    }
  });

  it("is text in the feed and the API", async () => {
    const xml = await text("/blog/feed.xml");
    for (const live of LIVE_MARKUP) expect(xml, String(live)).not.toMatch(live);
    const entry = parseFeed(xml).items.find((item) => item.url?.endsWith(`/blog/${slug}`));
    expect(entry?.title).toBe(HOSTILE.title);
    // The entry's HTML (CDATA: what a feed reader renders) holds the picture as the one <img>,
    // its description as an attribute's text, and the body's markup as text.
    const entryXml = xml.slice(xml.indexOf("<entry>"));
    expect(entryXml.match(/<img /g)).toHaveLength(1);
    expect(entryXml).toContain("alt=\"&quot; onerror=&quot;alert('alt')\"");
    expect(entryXml).toContain("Plain words. &lt;img src=x onerror=&quot;alert('body')&quot;&gt;");

    const api = await text(`/api/posts/${slug}`);
    const post = JSON.parse(api) as { title: string; excerpt: string; bodyHtml: string };
    expect(post.title).toBe(HOSTILE.title);
    expect(post.bodyHtml).not.toMatch(/<img|<script/i);
  });
});
