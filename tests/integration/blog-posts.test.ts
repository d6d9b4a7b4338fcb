import { beforeAll, describe, expect, it } from "vitest";
import { listPublishedPosts } from "../../core/blog/blog.server.ts";
import { KEPT_REVISIONS } from "../../core/blog/post-revisions.server.ts";
import { publishDuePosts } from "../../core/blog/post-schedule.server.ts";
import {
  createPost,
  getPostForOwner,
  listPostsForOwner,
  listRevisions,
  postInputSchema,
  updatePost,
} from "../../core/blog/posts.server.ts";
import { prepareImage } from "../../core/images/images.server.ts";
import { deleteUnusedImages } from "../../core/site/housekeeping.server.ts";
import { setTimeZone } from "../../core/site/site-settings.server.ts";
import { seedPosts } from "../../db/seed/blog-posts.ts";
import { seedBlogIfEmpty } from "../../db/seed/index.ts";
import { ORIGIN, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertSubscribers } from "../support/fixtures.ts";
import { signUpOwner } from "../support/owners.ts";
import { secondServerOn } from "../support/second-server.ts";
import { type TestApp, testSiteOn } from "../support/test-app.ts";
import { picture } from "../support/uploads.ts";

type Person = Awaited<ReturnType<typeof signUpWithToken>>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON API call as an API client makes it: a bearer token (or none), a JSON body. */
function call(app: TestApp, method: string, path: string, token?: string, body?: unknown) {
  return app.request(`${ORIGIN}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

interface PostJson {
  _id: string;
  slug: string;
  title: string;
  excerpt: string;
  bodyHtml: string;
  url: string;
  tags: { slug: string; name: string }[];
  publishedAt: string | null;
  previous: { slug: string; title: string } | null;
  next: { slug: string; title: string } | null;
}

describe.each(engines)("blog posts on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const db = () => site.database.db;
  let owner: Person;
  let student: Person;
  let address = 0;
  /** Each call from an address of its own: the write limit is proved elsewhere. */
  const api = (method: string, path: string, token?: string, body?: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.1.${Math.floor(++address / 250)}.${address % 250}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  const writer = () => ({ userId: owner.id, isOwner: true, address: `owner-${++address}` });
  const draft = async (fields: Record<string, unknown>) => {
    const created = await api("POST", "/api/posts", owner.token, fields);
    expect(created.status, await created.clone().text()).toBe(201);
    return (await created.json()) as { insertedId: string; slug: string };
  };
  const published = async (fields: Record<string, unknown>) => {
    const made = await draft(fields);
    expect((await api("POST", `/api/posts/${made.insertedId}/publish`, owner.token)).status).toBe(
      200,
    );
    return made;
  };
  const read = async (slug: string) => {
    const response = await api("GET", `/api/posts/${slug}`);
    return { status: response.status, post: (await response.json()) as PostJson };
  };

  beforeAll(async () => {
    owner = await signUpOwner(site.app, db());
    student = await signUpWithToken(site.app, db(), { name: "A Student" });
  });

  it("starts a fresh site's blog with the specification's four articles, dated 2022, newest first", async () => {
    expect(await seedBlogIfEmpty(db())).toBe(4);
    expect(await seedBlogIfEmpty(db())).toBe(0);
    const list = (await (await api("GET", "/api/posts")).json()) as {
      posts: PostJson[];
      count: number;
    };
    expect(list.count).toBe(4);
    expect(list.posts.map((post) => post.slug)).toEqual(seedPosts.map((seed) => seed.slug));
    for (const post of list.posts) expect(post.publishedAt).toMatch(/^2022-/);
    const { status, post } = await read("jwt");
    expect(status).toBe(200);
    expect(post.title).toBe("What is JWT, and how does it work?");
    // The text is kept, paragraph by paragraph.
    expect(post.bodyHtml).toContain(
      "<p>A JSON Web Token (JWT, RFC 7519) is a compact string that carries claims",
    );
    expect(post.previous?.slug).toBe("javascript-vs-nodejs");
    expect(post.next?.slug).toBe("sql-vs-nosql");
    const tagged = (await (await api("GET", "/api/posts?tag=node-js")).json()) as {
      posts: PostJson[];
    };
    expect(tagged.posts.map((p) => p.slug)).toEqual(["javascript-vs-nodejs", "nodejs-concurrency"]);
  });

  it("keeps a draft from everyone but the owner, and shows a published post on the blog and the API", async () => {
    const made = await draft({
      title: "Band 7 in six weeks: a plan",
      body: "Practise every day.\n\n## Week one\n\nRead.",
      tags: "Writing, Band 7",
    });
    expect(made.slug).toBe("band-7-in-six-weeks-a-plan");
    expect((await read(made.slug)).status).toBe(404);
    expect(
      (await listPostsForOwner(db(), { actor: { isOwner: true } }))?.map((p) => p.slug),
    ).toContain(made.slug);
    expect(await listPostsForOwner(db(), { actor: { isOwner: false } })).toBeUndefined();

    expect((await api("POST", `/api/posts/${made.insertedId}/publish`, owner.token)).status).toBe(
      200,
    );
    const { status, post } = await read(made.slug);
    expect(status).toBe(200);
    expect(post.excerpt).toBe("Practise every day.");
    // The post's "## " heading is the first level under the page's h1 (the title).
    expect(post.bodyHtml).toContain("<h2>Week one</h2>");
    expect(post.url).toBe(`${ORIGIN}/blog/${made.slug}`);
    expect(post.tags).toEqual([
      { slug: "writing", name: "Writing" },
      { slug: "band-7", name: "Band 7" },
    ]);
    const first = (await listPublishedPosts(db())).posts[0];
    expect(first?.slug).toBe(made.slug);
  });

  it("keeps a revision of every save, the last 20, any one restorable", async () => {
    const made = await draft({ title: "Revised many times", body: "Version 1" });
    for (let version = 2; version <= KEPT_REVISIONS + 3; version++) {
      const input = postInputSchema.parse({
        title: "Revised many times",
        body: `Version ${version}`,
      });
      expect(
        (await updatePost(db(), { writer: writer(), postId: made.insertedId, input })).ok,
      ).toBe(true);
    }
    const revisions = (await listRevisions(db(), {
      actor: { isOwner: true },
      postId: made.insertedId,
    })) as NonNullable<Awaited<ReturnType<typeof listRevisions>>>;
    expect(revisions).toHaveLength(KEPT_REVISIONS);
    expect(revisions[0]?.content.body).toBe(`Version ${KEPT_REVISIONS + 3}`);
    expect(revisions[0]?.authorName).toBe("The Teacher");
    const oldest = revisions.at(-1);
    expect(oldest?.content.body).toBe("Version 4");

    const restored = await api(
      "POST",
      `/api/posts/${made.insertedId}/revisions/${oldest?.id}/restore`,
      owner.token,
    );
    expect(restored.status).toBe(200);
    const post = await getPostForOwner(db(), { actor: { isOwner: true }, postId: made.insertedId });
    expect(post?.body).toBe("Version 4");
    expect(post?.status).toBe("draft");
  });

  it("makes each address unique and refuses a bad one, too many tags, or a picture without its description", async () => {
    const one = await draft({ title: "Same title", body: "One" });
    const two = await draft({ title: "Same title", body: "Two" });
    expect([one.slug, two.slug]).toEqual(["same-title", "same-title-2"]);
    const taken = await api("POST", "/api/posts", owner.token, {
      title: "Other",
      slug: "same-title",
      body: "x",
    });
    expect(taken.status).toBe(409);
    for (const [fields, message] of [
      [{ title: "", body: "x" }, "Please write a title."],
      [{ title: "x".repeat(151), body: "x" }, "At most 150 characters."],
      [{ title: "Fine", slug: "Not OK!", body: "x" }, "Use only lower-case letters"],
      [{ title: "Fine", body: "x", tags: ["a", "b", "c", "d", "e", "f"] }, "At most 5 tags."],
      [
        { title: "Fine", body: "x", featureImageUrl: "https://example.com/a.jpg" },
        "Please describe the picture",
      ],
      [
        { title: "Fine", body: "x", featureImageUrl: "javascript:alert(1)", featureImageAlt: "a" },
        "http://",
      ],
      [{ title: "Fine", body: "x", excerpt: "x".repeat(301) }, "At most 300 characters"],
    ] as const) {
      const refused = await api("POST", "/api/posts", owner.token, fields);
      expect(refused.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(message);
    }
  });

  it("stores an uploaded feature picture only with its description, and housekeeping keeps it", async () => {
    const prepared = await prepareImage(await picture("png", 900, 500));
    if (!prepared.ok) throw new Error(prepared.message);
    const input = (fields: Record<string, unknown>) =>
      postInputSchema.parse({ title: "With a picture", body: "Look.", ...fields });
    expect(
      await createPost(db(), { writer: writer(), input: input({}), upload: prepared.image }),
    ).toMatchObject({ ok: false, reason: "missing-alt", field: "featureImageAlt" });
    const made = await createPost(db(), {
      writer: writer(),
      input: input({ featureImageAlt: "A blue square" }),
      upload: prepared.image,
    });
    if (!made.ok) throw new Error(made.reason);
    const post = await getPostForOwner(db(), { actor: { isOwner: true }, postId: made.id });
    expect(post?.featureImageUrl).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}-900\.webp$/);
    expect(post?.featureImageAlt).toBe("A blue square");
    await deleteUnusedImages(db(), new Date(Date.now() + 25 * 60 * 60 * 1000));
    const served = await site.app.request(`${ORIGIN}${post?.featureImageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("takes a post off the blog when unpublished, and answers 410 Gone once it is deleted", async () => {
    const made = await published({ title: "Short-lived", body: "Here today." });
    expect((await read(made.slug)).status).toBe(200);
    expect((await api("POST", `/api/posts/${made.insertedId}/unpublish`, owner.token)).status).toBe(
      200,
    );
    expect((await read(made.slug)).status).toBe(404);
    expect((await api("DELETE", `/api/posts/${made.insertedId}`, owner.token)).status).toBe(200);
    expect((await read(made.slug)).status).toBe(410);
    expect((await api("DELETE", `/api/posts/${made.insertedId}`, owner.token)).status).toBe(404);
    // A new post from the same title does not take the deleted address.
    expect((await draft({ title: "Short-lived", body: "Again." })).slug).toBe("short-lived-2");
  });

  it("renders Markdown with <script>, javascript: links and onerror attributes inert", async () => {
    const made = await published({
      title: "Hostile Markdown",
      body: [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "[click](javascript:alert(1)) and [this](JAVASCRIPT:alert(2))",
        "![x](javascript:alert(3))",
        '[ok](https://example.com "t\\" onerror=\\"alert(4)")',
      ].join("\n\n"),
    });
    const { post } = await read(made.slug);
    expect(post.bodyHtml).not.toMatch(/<script|<img/i);
    expect(post.bodyHtml).not.toMatch(/(?:href|src)="javascript:/i);
    expect(post.bodyHtml).not.toMatch(/<[a-z]+(?:\s+[a-z-]+="[^"]*")*\s+on[a-z]+=/i);
    expect(post.bodyHtml).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("refuses every owner call to a student (403) and to no one (401) before reading the body, logged, changing nothing", async () => {
    const made = await draft({ title: "Guarded", body: "Mine." });
    const before = await db().selectFrom("posts").selectAll().orderBy("id").execute();
    const routes: [string, string][] = [
      ["POST", "/api/posts"],
      ["PATCH", `/api/posts/${made.insertedId}`],
      ["DELETE", `/api/posts/${made.insertedId}`],
      ["POST", `/api/posts/${made.insertedId}/publish`],
      ["POST", `/api/posts/${made.insertedId}/schedule`],
      ["POST", `/api/posts/${made.insertedId}/unpublish`],
      ["POST", `/api/posts/${made.insertedId}/revisions/x/restore`],
    ];
    for (const [method, path] of routes) {
      site.app.securityEvents.length = 0;
      // A body that does not parse: read first, it would be a 400.
      const anonymous = await api(method, path, undefined, "{not json");
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const refused = await api(method, path, student.token, "{not json");
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(
        "Only the site's owner writes blog posts.",
      );
      expect(site.app.securityEvents).toContainEqual(
        expect.objectContaining({
          event: "access-refused",
          status: 403,
          reason: "not-owner",
          userId: student.id,
          route: `${method} ${path}`,
        }),
      );
    }
    expect(await db().selectFrom("posts").selectAll().orderBy("id").execute()).toEqual(before);
    expect(
      await getPostForOwner(db(), { actor: { isOwner: false }, postId: made.insertedId }),
    ).toBeUndefined();
    expect(
      await createPost(db(), {
        writer: { userId: student.id, isOwner: false, address: "student" },
        input: postInputSchema.parse({ title: "Sneaky", body: "x" }),
      }),
    ).toEqual({ ok: false, reason: "not-allowed" });
  });

  it("reads a schedule in the teacher's time zone and refuses a time already past", async () => {
    expect((await setTimeZone(db(), "Asia/Tokyo")).ok).toBe(true);
    const made = await draft({ title: "New year's plan", body: "Soon." });
    const scheduled = await api("POST", `/api/posts/${made.insertedId}/schedule`, owner.token, {
      publishAt: "2030-01-01T09:00",
    });
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toMatchObject({
      publishAt: "2030-01-01T00:00:00.000Z",
      timeZone: "Asia/Tokyo",
    });
    expect((await read(made.slug)).status).toBe(404);
    const past = await api("POST", `/api/posts/${made.insertedId}/schedule`, owner.token, {
      publishAt: "2020-01-01T09:00",
    });
    expect(past.status).toBe(400);
    expect(((await past.json()) as { message: string }).message).toBe(
      "Please choose a time in the future.",
    );
    expect(
      (
        await api("POST", `/api/posts/${made.insertedId}/schedule`, owner.token, {
          publishAt: "soon",
        })
      ).status,
    ).toBe(400);
    await setTimeZone(db(), "UTC");
  });

  it("publishes a post scheduled a second ahead within two seconds, with no request touching it", async () => {
    const made = await draft({ title: "Out by itself", body: "On time." });
    // The list, kept in the response cache before the post is out.
    await api("GET", "/api/posts");
    expect((await api("GET", "/api/posts")).headers.get("x-cache")).toBe("hit");
    site.app.postScheduler.start();
    try {
      const scheduled = await api("POST", `/api/posts/${made.insertedId}/schedule`, owner.token, {
        publishAt: new Date(Date.now() + 1000).toISOString(),
      });
      expect(scheduled.status).toBe(200);
      await sleep(2000);
      const row = await db()
        .selectFrom("posts")
        .select(["status", "published_at"])
        .where("id", "=", made.insertedId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe("published");
      expect((await listPublishedPosts(db())).posts[0]?.slug).toBe(made.slug);
    } finally {
      await site.app.postScheduler.stop();
    }
    expect((await read(made.slug)).status).toBe(200);
    const list = await api("GET", "/api/posts");
    expect(list.headers.get("x-cache")).toBeNull();
    expect(((await list.json()) as { posts: PostJson[] }).posts[0]?.slug).toBe(made.slug);
  });

  it("keeps a post scheduled ahead from visitors until its time, publishes nothing a millisecond early, and dates it its scheduled time", async () => {
    const made = await draft({ title: "Due tomorrow", body: "Not yet." });
    // A whole second a day ahead, as the schedule form gives it.
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 24 * 60 * 60 * 1000);
    const scheduled = await api("POST", `/api/posts/${made.insertedId}/schedule`, owner.token, {
      publishAt: at.toISOString(),
    });
    expect(scheduled.status).toBe(200);
    expect(await scheduled.json()).toMatchObject({ publishAt: at.toISOString() });
    const row = () =>
      db()
        .selectFrom("posts")
        .select(["status", "publish_at", "published_at"])
        .where("id", "=", made.insertedId)
        .executeTakeFirstOrThrow();
    const asVisitorSees = async () => ({
      page: (await site.app.request(`${ORIGIN}/blog/${made.slug}`)).status,
      api: (await read(made.slug)).status,
      listed: ((await (await api("GET", "/api/posts")).json()) as { posts: PostJson[] }).posts.some(
        (post) => post.slug === made.slug,
      ),
    });
    const ownerSees = async () =>
      (await getPostForOwner(db(), { actor: { isOwner: true }, postId: made.insertedId }))?.status;

    expect(await asVisitorSees()).toEqual({ page: 404, api: 404, listed: false });
    expect(await ownerSees()).toBe("scheduled");

    // A millisecond before its time: nothing is published, the post is still only scheduled.
    expect(await publishDuePosts(db(), new Date(at.getTime() - 1))).toEqual([]);
    expect((await row()).status).toBe("scheduled");
    expect(await ownerSees()).toBe("scheduled");
    expect(await asVisitorSees()).toEqual({ page: 404, api: 404, listed: false });

    // At its time (the scheduler a little late, as it runs once a second): out, dated its time.
    expect(await publishDuePosts(db(), new Date(at.getTime() + 700))).toEqual([
      { id: made.insertedId, slug: made.slug, emailed: false },
    ]);
    const out = await row();
    expect(out.status).toBe("published");
    expect(out.publish_at).toBeNull();
    expect(new Date(out.published_at as string).toISOString()).toBe(at.toISOString());
    expect(await asVisitorSees()).toEqual({ page: 200, api: 200, listed: true });
    expect((await read(made.slug)).post.publishedAt).toBe(at.toISOString());
    // Published once: a second run finds nothing more to do.
    expect(await publishDuePosts(db(), new Date(at.getTime() + 1700))).toEqual([]);
  });

  it("mails a post to confirmed subscribers once, even unpublished and published again or fired twice", async () => {
    await insertSubscribers(db(), [
      { email: `reader-one-${engine}@example.com`, status: "confirmed" },
      { email: `reader-two-${engine}@example.com`, status: "confirmed" },
      { email: `reader-three-${engine}@example.com`, status: "pending" },
    ]);
    const deliver = async () => {
      site.outbox.length = 0;
      await site.app.deliverMail();
      return [...site.outbox];
    };
    await deliver();
    const made = await draft({
      title: "Worth a letter",
      body: "See [the plan](/blog/band-7-in-six-weeks-a-plan).",
      sendByEmail: true,
    });
    const first = await api("POST", `/api/posts/${made.insertedId}/publish`, owner.token);
    expect(await first.json()).toMatchObject({ emailed: true });
    const mails = await deliver();
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      `reader-one-${engine}@example.com`,
      `reader-two-${engine}@example.com`,
    ]);
    const letter = mails[0];
    expect(letter?.subject).toBe("Worth a letter");
    expect(letter?.html).toContain(`href="${ORIGIN}/blog/band-7-in-six-weeks-a-plan"`);
    expect(letter?.html).toContain(`<a href="${ORIGIN}/blog/${made.slug}">Read it on the site</a>`);
    expect(letter?.text).toContain(`Read it on the site: ${ORIGIN}/blog/${made.slug}`);
    expect(letter?.headers?.["List-Unsubscribe"]).toMatch(/^<http/);

    await api("POST", `/api/posts/${made.insertedId}/unpublish`, owner.token);
    const again = await api("POST", `/api/posts/${made.insertedId}/publish`, owner.token);
    expect(await again.json()).toMatchObject({ emailed: false });
    expect(await deliver()).toEqual([]);

    // Scheduled and fired by two processes at once: one issue, one copy each.
    const scheduled = await draft({ title: "Scheduled letter", body: "Later.", sendByEmail: true });
    await db()
      .updateTable("posts")
      .set({ status: "scheduled", publish_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", scheduled.insertedId)
      .execute();
    const fired = await Promise.all([publishDuePosts(db()), publishDuePosts(db())]);
    expect(fired.flat().filter((post) => post.id === scheduled.insertedId)).toEqual([
      { id: scheduled.insertedId, slug: scheduled.slug, emailed: true },
    ]);
    expect(
      await db()
        .selectFrom("newsletter_issues")
        .select("id")
        .where("post_id", "=", scheduled.insertedId)
        .execute(),
    ).toHaveLength(1);
    expect((await deliver()).filter((mail) => mail.subject === "Scheduled letter")).toHaveLength(2);
  });
});

describe("scheduled posts across processes on one PostgreSQL", () => {
  const site = testSiteOn("postgres");
  const other = secondServerOn(site);

  it("the other process publishes a post scheduled through this one, and both show it at once", async () => {
    const owner = await signUpOwner(site.app, site.database.db);
    // This process's scheduler is not running: only the other one can publish it.
    const created = await call(site.app, "POST", "/api/posts", owner.token, {
      title: "Published next door",
      body: "By another process.",
    });
    const { insertedId, slug } = (await created.json()) as { insertedId: string; slug: string };
    const otherPost = `${other.origin}/api/posts/${slug}`;
    expect((await fetch(otherPost)).status).toBe(404);
    const scheduled = await call(
      site.app,
      "POST",
      `/api/posts/${insertedId}/schedule`,
      owner.token,
      {
        publishAt: new Date(Date.now() + 1000).toISOString(),
      },
    );
    expect(scheduled.status).toBe(200);
    await sleep(2000);
    expect(
      (
        await site.database.db
          .selectFrom("posts")
          .select("status")
          .where("id", "=", insertedId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("published");
    expect((await fetch(otherPost)).status).toBe(200);
    expect((await call(site.app, "GET", `/api/posts/${slug}`)).status).toBe(200);
    // The other process seeded the fresh database's blog as it started.
    const list = (await (await fetch(`${other.origin}/api/posts`)).json()) as { count: number };
    expect(list.count).toBe(5);
  });
});
