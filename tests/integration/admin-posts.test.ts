import { beforeAll, describe, expect, it } from "vitest";
import { instantToLocalDateTime } from "../../core/site/time-zones.ts";
import { ORIGIN, postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertSubscribers } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";
import { picture, postMultipart } from "../support/uploads.ts";

type Person = Awaited<ReturnType<typeof signUp>>;

/** A post's fields as the New and Edit forms send them. */
const postFields = (overrides: Record<string, string> = {}) => ({
  intent: "save",
  title: "Task 2: planning in five minutes",
  slug: "",
  body: "Plan **before** you write.\n\n## The steps\n\n- Read the question\n- Pick a side",
  excerpt: "",
  featureImageAlt: "",
  tags: "Writing, Task 2",
  metaTitle: "",
  metaDescription: "",
  status: "draft",
  publishAt: "",
  ...overrides,
});

describe.each(engines)("the owner's post pages on %s", (engine) => {
  // Each request from an address of its own, so the write limits stay out of these tests.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const db = () => site.database.db;
  let owner: Person;
  let student: Person;
  let address = 0;
  const from = () => ({
    "x-forwarded-for": `10.26.${Math.floor(++address / 250)}.${address % 250}`,
  });

  /** Someone signed in, or null for anyone anonymous. */
  type Caller = Person | null;
  const page = (path: string, who: Caller = owner) =>
    site.app.request(`${ORIGIN}${path}`, { headers: who ? { cookie: who.cookie } : {} });
  const send = (path: string, fields: Record<string, string>, who: Caller = owner) =>
    postForm(site.app, path, fields, { ...from(), ...(who ? { cookie: who.cookie } : {}) });
  const postRow = (id: string) =>
    db().selectFrom("posts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const revisionsOf = (id: string) =>
    db()
      .selectFrom("post_revisions")
      .select(["id", "number", "title"])
      .where("post_id", "=", id)
      .orderBy("number", "desc")
      .execute();
  /** Writes a post through New post; returns its id. */
  const writePost = async (overrides: Record<string, string> = {}) => {
    const created = await send("/admin/posts/new", postFields(overrides));
    expect(created.status).toBe(302);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/posts\/[^/]+\/edit$/);
    return location.split("/")[3] as string;
  };
  const setTimeZone = async (timeZone: string) =>
    expect((await send("/admin", { intent: "time-zone", timeZone })).status).toBe(302);

  beforeAll(async () => {
    owner = await signUp(site.app, { name: "The Teacher" });
    await makeOwner(db(), owner.email);
    student = await signUp(site.app);
  });

  it("writes a draft, lists it, and keeps every save as a revision that can be restored", async () => {
    const refused = await send("/admin/posts/new", postFields({ title: "", tags: "a,b,c,d,e,f" }));
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Please write a title.");
    expect(refusedPage).toContain("At most 5 tags.");
    expect(refusedPage).toContain("Plan **before** you write.");

    const id = await writePost();
    expect(await postRow(id)).toMatchObject({
      status: "draft",
      slug: "task-2-planning-in-five-minutes",
      title: "Task 2: planning in five minutes",
    });
    const list = await (await page("/admin/posts")).text();
    expect(list).toContain("Task 2: planning in five minutes");
    expect(list).toContain("Draft, last saved");
    const searched = await (await page("/admin/posts?q=PLANNING")).text();
    expect(searched).toContain("Task 2: planning in five minutes");
    expect(await (await page("/admin/posts?q=listening")).text()).toContain(
      "No post&#x27;s title holds &quot;listening&quot;.",
    );

    const edited = await send(
      `/admin/posts/${id}/edit`,
      postFields({ title: "Task 2: a plan in five minutes", slug: "task-2-plan" }),
    );
    expect(edited.status).toBe(302);
    expect(await postRow(id)).toMatchObject({ slug: "task-2-plan", status: "draft" });
    const revisions = await revisionsOf(id);
    expect(revisions.map((revision) => revision.title)).toEqual([
      "Task 2: a plan in five minutes",
      "Task 2: planning in five minutes",
    ]);
    const editPage = await (await page(`/admin/posts/${id}/edit`)).text();
    expect(editPage).toContain("Earlier saves");
    expect(editPage).toContain("by The Teacher");
    expect(editPage).toContain('value="task-2-plan"');
    // The saved text's preview, as the blog renders it.
    expect(editPage).toContain("<h2>The steps</h2>");

    const restored = await send(`/admin/posts/${id}/edit`, {
      intent: "restore",
      revisionId: revisions[1]?.id ?? "",
    });
    expect(restored.status).toBe(302);
    expect(await postRow(id)).toMatchObject({
      title: "Task 2: planning in five minutes",
      slug: "task-2-planning-in-five-minutes",
      status: "draft",
    });
    expect(await revisionsOf(id)).toHaveLength(3);
    const unknown = await send(`/admin/posts/${id}/edit`, {
      intent: "restore",
      revisionId: "no-such-revision",
    });
    expect(unknown.status).toBe(404);
  });

  it("previews without JavaScript, keeping the form as typed and saving nothing; stored script stays inert", async () => {
    const before = await db().selectFrom("posts").select("id").execute();
    const hostile = [
      "Hello <script>alert(1)</script>",
      "",
      '<img src=x onerror="alert(2)">',
      "",
      "[click](javascript:alert(3)) and ![pic](data:image/svg+xml,<svg onload=alert(4)>)",
      "",
      "| a | b |\n|---|---|\n| 1 | 2 |",
    ].join("\n");
    const preview = await send(
      "/admin/posts/new",
      postFields({ intent: "preview", title: "Draft as typed", body: hostile }),
    );
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain('value="Draft as typed"');
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain('href="javascript:');
    expect(html).not.toContain('src="data:');
    expect(html).toContain("<table>");
    expect(await db().selectFrom("posts").select("id").execute()).toEqual(before);

    // Saved, the same text is as inert on the Edit page's preview.
    const id = await writePost({ title: "Hostile text", body: hostile });
    const editPage = await (await page(`/admin/posts/${id}/edit`)).text();
    expect(editPage).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(editPage).not.toContain("<script>alert(1)");
    expect(editPage).not.toContain('href="javascript:');
    // The live preview asks the same action with the text alone, as a fetcher sends it.
    const live = await postMultipart(
      site.app,
      `/admin/posts/${id}/edit.data`,
      { intent: "preview", body: "## Live\n\n<b>bold?</b>" },
      {},
      owner.cookie,
    );
    expect(live.status).toBe(200);
    const liveText = await live.text();
    expect(liveText).toContain("<h2>Live</h2>");
    expect(liveText).toContain("&lt;b&gt;bold?&lt;/b&gt;");
  });

  it("schedules in the teacher's time zone, refusing a time already past with nothing written", async () => {
    await setTimeZone("Asia/Kolkata");
    const id = await writePost({ title: "Scheduled in Kolkata" });
    const revisionsBefore = await revisionsOf(id);
    const past = await send(
      `/admin/posts/${id}/edit`,
      postFields({
        title: "Changed, but too late",
        status: "scheduled",
        publishAt: instantToLocalDateTime(new Date(Date.now() - 3600_000), "Asia/Kolkata"),
      }),
    );
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Please choose a time in the future.");
    expect(await postRow(id)).toMatchObject({ title: "Scheduled in Kolkata", status: "draft" });
    expect(await revisionsOf(id)).toEqual(revisionsBefore);

    const at = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
    const wallClock = instantToLocalDateTime(at, "Asia/Kolkata");
    const scheduled = await send(
      `/admin/posts/${id}/edit`,
      postFields({ title: "Scheduled in Kolkata", status: "scheduled", publishAt: wallClock }),
    );
    expect(scheduled.status).toBe(302);
    const row = await postRow(id);
    expect(row.status).toBe("scheduled");
    expect(new Date(row.publish_at as string).toISOString()).toBe(at.toISOString());
    const editPage = await (await page(`/admin/posts/${id}/edit`)).text();
    expect(editPage).toContain("Scheduled for");
    expect(editPage).toContain("(Asia/Kolkata)");
    expect(editPage).toContain(`value="${wallClock}"`);
    expect(await (await page("/admin")).text()).toMatch(
      /<option value="Asia\/Kolkata" selected="">/,
    );

    const unscheduled = await send(`/admin/posts/${id}/edit`, { intent: "unpublish" });
    expect(unscheduled.status).toBe(302);
    expect(await postRow(id)).toMatchObject({ status: "draft", publish_at: null });
    const badZone = await send("/admin", { intent: "time-zone", timeZone: "Mars/Olympus" });
    expect(badZone.status).toBe(400);
    await setTimeZone("UTC");
  });

  it("publishes, e-mails once when asked and says so, unpublishes, and deletes after asking", async () => {
    await insertSubscribers(db(), [{ email: "reader@example.com", status: "confirmed" }]);
    const id = await writePost({ title: "Published and mailed", sendByEmail: "on" });
    const published = await send(
      `/admin/posts/${id}/edit`,
      postFields({ title: "Published and mailed", sendByEmail: "on", status: "published" }),
    );
    expect(published.status).toBe(302);
    const row = await postRow(id);
    expect(row.status).toBe("published");
    expect(row.emailed_at).not.toBeNull();
    const issues = await db()
      .selectFrom("newsletter_issues")
      .select("id")
      .where("post_id", "=", id)
      .execute();
    expect(issues).toHaveLength(1);
    const editPage = await (await page(`/admin/posts/${id}/edit`)).text();
    expect(editPage).toContain("E-mailed to the newsletter&#x27;s subscribers on");
    expect(editPage).toContain("See it on the blog");
    expect((await site.app.request(`${ORIGIN}/api/posts/published-and-mailed`)).status).toBe(200);

    // Unpublished and published again: never a second mail.
    expect((await send(`/admin/posts/${id}/edit`, { intent: "unpublish" })).status).toBe(302);
    expect(await postRow(id)).toMatchObject({ status: "draft" });
    expect((await site.app.request(`${ORIGIN}/api/posts/published-and-mailed`)).status).toBe(404);
    await send(
      `/admin/posts/${id}/edit`,
      postFields({ title: "Published and mailed", sendByEmail: "on", status: "published" }),
    );
    expect(
      await db().selectFrom("newsletter_issues").select("id").where("post_id", "=", id).execute(),
    ).toHaveLength(1);

    const confirm = await page(`/admin/posts/${id}/delete`);
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain("Delete Published and mailed?");
    expect(await postRow(id)).toBeDefined();
    const deleted = await send(`/admin/posts/${id}/delete`, {});
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin/posts");
    expect(
      await db().selectFrom("posts").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect((await site.app.request(`${ORIGIN}/api/posts/published-and-mailed`)).status).toBe(410);
    expect((await page(`/admin/posts/${id}/edit`)).status).toBe(404);
  });

  it("takes a feature picture only with its description, keeps it on later saves, and removes it when asked", async () => {
    const file = { bytes: await picture("jpeg"), name: "cover.jpg", type: "image/jpeg" };
    const variants = async () =>
      (await db().selectFrom("image_variants").select("image_id").execute()).length;
    const before = await variants();
    const withoutAlt = await postMultipart(
      site.app,
      "/admin/posts/new",
      postFields({ title: "Pictured post" }),
      { featureImage: file },
      owner.cookie,
    );
    expect(withoutAlt.status).toBe(400);
    const refusedPage = await withoutAlt.text();
    expect(refusedPage).toContain("Please describe the picture for readers who cannot see it.");
    expect(refusedPage).toContain("Please choose the picture again before saving.");
    expect(await variants()).toBe(before);

    const withAlt = await postMultipart(
      site.app,
      "/admin/posts/new",
      postFields({ title: "Pictured post", featureImageAlt: "A desk with an IELTS answer sheet" }),
      { featureImage: file },
      owner.cookie,
    );
    expect(withAlt.status).toBe(302);
    const id = (withAlt.headers.get("location") ?? "").split("/")[3] as string;
    const stored = await postRow(id);
    expect(stored.feature_image_url).toMatch(/^\/images\/uploads\/[^/]+-\d+\.webp$/);
    expect(stored.feature_image_alt).toBe("A desk with an IELTS answer sheet");

    // The Edit form sends the kept picture back; a save without a new file keeps it.
    const editPage = await (await page(`/admin/posts/${id}/edit`)).text();
    expect(editPage).toContain(`name="featureImageUrl" value="${stored.feature_image_url}"`);
    const kept = await postMultipart(
      site.app,
      `/admin/posts/${id}/edit`,
      postFields({
        title: "Pictured post, changed",
        featureImageUrl: stored.feature_image_url ?? "",
        featureImageAlt: "A desk with an IELTS answer sheet",
      }),
      {},
      owner.cookie,
    );
    expect(kept.status).toBe(302);
    expect(await postRow(id)).toMatchObject({ feature_image_url: stored.feature_image_url });
    const emptiedAlt = await postMultipart(
      site.app,
      `/admin/posts/${id}/edit`,
      postFields({ featureImageUrl: stored.feature_image_url ?? "" }),
      {},
      owner.cookie,
    );
    expect(emptiedAlt.status).toBe(400);
    const removed = await postMultipart(
      site.app,
      `/admin/posts/${id}/edit`,
      postFields({ featureImageUrl: stored.feature_image_url ?? "", removeFeatureImage: "on" }),
      {},
      owner.cookie,
    );
    expect(removed.status).toBe(302);
    expect(await postRow(id)).toMatchObject({ feature_image_url: null, feature_image_alt: null });
  });

  it("is no one's but the owners': every page and action answers 404 and changes nothing", async () => {
    const id = await writePost({ title: "Owner's eyes only" });
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          db().selectFrom("posts").selectAll().orderBy("id").execute(),
          db().selectFrom("post_revisions").select("id").orderBy("id").execute(),
          db().selectFrom("image_variants").select("image_id").orderBy("image_id").execute(),
        ]),
      );
    const before = await snapshot();
    const pages = [
      "/admin/posts",
      "/admin/posts?q=owner",
      "/admin/posts/new",
      `/admin/posts/${id}/edit`,
      `/admin/posts/${id}/delete`,
      "/admin/posts/no-such-post/edit",
    ];
    const garbage = { bytes: new Uint8Array([1, 2, 3]), name: "a.jpg", type: "image/jpeg" };
    for (const who of [null, student]) {
      for (const path of pages) expect((await page(path, who)).status, path).toBe(404);
      for (const [path, fields] of [
        ["/admin/posts/new", postFields()],
        ["/admin/posts/new", { intent: "preview", body: "x" }],
        [`/admin/posts/${id}/edit`, postFields({ status: "published" })],
        [`/admin/posts/${id}/edit`, { intent: "unpublish" }],
        [`/admin/posts/${id}/edit`, { intent: "restore", revisionId: "x" }],
        [`/admin/posts/${id}/delete`, {}],
        ["/admin", { intent: "time-zone", timeZone: "Europe/London" }],
      ] as const) {
        expect((await send(path, fields, who)).status, path).toBe(404);
      }
      const upload = await postMultipart(
        site.app,
        `/admin/posts/${id}/edit`,
        postFields({ featureImageAlt: "x" }),
        { featureImage: garbage },
        who?.cookie,
      );
      expect(upload.status).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });
});
