import { beforeAll, describe, expect, it } from "vitest";
import { sitePages } from "../../app/content/site-pages.ts";
import { createPost, postInputSchema, publishPost } from "../../core/blog/posts.server.ts";
import { setTimeZone } from "../../core/site/site-settings.server.ts";
import { ORIGIN, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertReview, insertService } from "../support/fixtures.ts";
import { signUpOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

/**
 * Every date a visitor reads is the day in the site's time zone (decision 0055), on both sides
 * of UTC: 22:30 UTC is already the next day in Sydney (UTC+11 in November), 03:00 UTC still the
 * day before in Los Angeles (UTC-8). The instants are written straight into the rows.
 */
const LATE_EVENING = "2026-11-20T22:30:00.000Z";
const EARLY_MORNING = "2026-11-21T03:00:00.000Z";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Every `<time dateTime="…">text</time>` of a page, as the instant it names → the text shown. */
function timesOn(html: string): Map<string, string[]> {
  const times = new Map<string, string[]>();
  for (const [, instant, text] of html.matchAll(/<time dateTime="([^"]*)">([^<]*)<\/time>/g)) {
    times.set(instant ?? "", [...(times.get(instant ?? "") ?? []), text ?? ""]);
  }
  return times;
}

describe.each(engines)("dates in the site's time zone on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let student: Awaited<ReturnType<typeof signUpWithToken>>;
  let serviceId: string;
  const lateSlug = "written-late-in-london";
  const earlySlug = "written-early-in-london";

  const page = async (path: string, cookie?: string) => {
    const response = await site.app.request(`${ORIGIN}${path}`, {
      headers: cookie ? { cookie } : {},
    });
    expect(response.status).toBe(200);
    return { html: await response.text(), cache: response.headers.get("x-cache") };
  };

  /** A published post whose `published_at` is exactly `instant`. */
  async function postAt(title: string, slug: string, instant: string) {
    const writer = { userId: owner.id, isOwner: true, address: `owner-${slug}` };
    const made = await createPost(db(), {
      writer,
      input: postInputSchema.parse({ title, slug, body: "Some words.", tags: "Midnight" }),
    });
    if (!made.ok) throw new Error(`not made: ${JSON.stringify(made)}`);
    expect((await publishPost(db(), { writer, postId: made.id })).ok).toBe(true);
    await db()
      .updateTable("posts")
      .set({ published_at: instant, updated_at: instant })
      .where("id", "=", made.id)
      .execute();
  }

  beforeAll(async () => {
    owner = await signUpOwner(site.app, db());
    student = await signUpWithToken(site.app, db(), { name: "Night Owl" });
    serviceId = await insertService(db(), { name: "Midnight Writing" });
    await postAt("Written late in London", lateSlug, LATE_EVENING);
    await postAt("Written early in London", earlySlug, EARLY_MORNING);
    // The review at 22:30 UTC, the teacher's answer at 03:00 UTC the next morning.
    const reviewId = await insertReview(db(), {
      serviceId,
      userId: student.id,
      rating: 4,
      message: "Clear feedback on every essay.",
      createdAt: new Date(LATE_EVENING),
    });
    await db()
      .insertInto("review_replies")
      .values({
        review_id: reviewId,
        text: "Thank you, keep writing.",
        author_id: owner.id,
        created_at: EARLY_MORNING,
        updated_at: EARLY_MORNING,
      })
      .execute();
    await db()
      .insertInto("enrollments")
      .values({
        id: crypto.randomUUID(),
        service_id: serviceId,
        user_id: student.id,
        start_date: null,
        message: null,
        status: "requested",
        owner_note: null,
        created_at: EARLY_MORNING,
        updated_at: EARLY_MORNING,
      })
      .execute();
    await db()
      .insertInto("contact_messages")
      .values({
        id: crypto.randomUUID(),
        name: "Late Writer",
        email: "late.writer@example.com",
        message: "Do you teach on Sundays?",
        created_at: LATE_EVENING,
        handled_at: null,
      })
      .execute();
    await db()
      .updateTable("owners")
      .set({ granted_at: EARLY_MORNING })
      .where("user_id", "=", owner.id)
      .execute();
  });

  it("shows 22:30 UTC as the next day in Australia/Sydney on the blog, a post, its tag and the course's review", async () => {
    await setTimeZone(db(), "Australia/Sydney");
    for (const path of ["/blog", "/blog/tag/midnight", `/blog/${lateSlug}`]) {
      const times = timesOn((await page(path)).html);
      expect(times.get(LATE_EVENING), path).toEqual(["21 November 2026"]);
    }
    expect(timesOn((await page("/blog")).html).get(EARLY_MORNING)).toEqual(["21 November 2026"]);
    const course = timesOn((await page(`/services/${serviceId}`)).html);
    expect(course.get(LATE_EVENING)).toEqual(["21 November 2026"]);
    expect(course.get(EARLY_MORNING)).toEqual(["21 November 2026"]);
  });

  it("shows 03:00 UTC as the day before in America/Los_Angeles on the same pages", async () => {
    await setTimeZone(db(), "America/Los_Angeles");
    for (const path of ["/blog", "/blog/tag/midnight", `/blog/${earlySlug}`]) {
      const times = timesOn((await page(path)).html);
      expect(times.get(EARLY_MORNING), path).toEqual(["20 November 2026"]);
    }
    expect(timesOn((await page("/blog")).html).get(LATE_EVENING)).toEqual(["20 November 2026"]);
    const course = timesOn((await page(`/services/${serviceId}`)).html);
    expect(course.get(LATE_EVENING)).toEqual(["20 November 2026"]);
    expect(course.get(EARLY_MORNING)).toEqual(["20 November 2026"]);
  });

  it("shows the UTC day where the site's zone is UTC", async () => {
    await setTimeZone(db(), "UTC");
    const blog = timesOn((await page("/blog")).html);
    expect(blog.get(LATE_EVENING)).toEqual(["20 November 2026"]);
    expect(blog.get(EARLY_MORNING)).toEqual(["21 November 2026"]);
  });

  it("dates the student's own reviews and requests, and the owner's lists of requests, messages and owners, in the zone", async () => {
    await setTimeZone(db(), "Australia/Sydney");
    const sydneyReviews = (await page("/my-reviews", student.cookie)).html;
    expect(sydneyReviews).toContain(">21 November 2026</p>");
    expect(sydneyReviews).not.toContain("20 November 2026");
    expect((await page("/my-courses", student.cookie)).html).toContain("Asked on 21 November 2026");
    const sydneyAdmin = (await page("/admin", owner.cookie)).html.replaceAll("<!-- -->", "");
    // The course's name is marked with its own direction (dir="auto"): the line as read.
    expect(sydneyAdmin.replace(/<[^>]+>/g, "")).toContain(
      "Midnight Writing · asked 21 November 2026 ·",
    );
    expect(sydneyAdmin).toMatch(/>21 November 2026<\/p>[\s\S]*Do you teach on Sundays\?/);
    expect(sydneyAdmin).toContain(">since 21 November 2026</span>");

    await setTimeZone(db(), "America/Los_Angeles");
    const angelesReviews = (await page("/my-reviews", student.cookie)).html;
    expect(angelesReviews).toContain(">20 November 2026</p>");
    expect(angelesReviews).not.toContain("21 November 2026");
    expect((await page("/my-courses", student.cookie)).html).toContain("Asked on 20 November 2026");
    const angelesAdmin = (await page("/admin", owner.cookie)).html.replaceAll("<!-- -->", "");
    // The course's name is marked with its own direction (dir="auto"): the line as read.
    expect(angelesAdmin.replace(/<[^>]+>/g, "")).toContain(
      "Midnight Writing · asked 20 November 2026 ·",
    );
    expect(angelesAdmin).toMatch(/>20 November 2026<\/p>[\s\S]*Do you teach on Sundays\?/);
    expect(angelesAdmin).toContain(">since 20 November 2026</span>");
  });

  it("shows a device's sign-in time in the zone, and names the zone", async () => {
    await db()
      .updateTable("sessions")
      .set({ created_at: LATE_EVENING })
      .where("user_id", "=", student.id)
      .execute();
    // React writes `<!-- -->` between neighbouring pieces of text, and `&#x27;` for `'`: read
    // the text as shown.
    const devices = async () =>
      (await page("/account/sessions", student.cookie)).html
        .replaceAll("<!-- -->", "")
        .replaceAll("&#x27;", "'");
    await setTimeZone(db(), "Australia/Sydney");
    const sydney = await devices();
    expect(sydney).toContain("Times are in the site's time zone, Australia/Sydney;");
    expect(sydney).toContain("signed in 21 November 2026 at 09:30");
    await setTimeZone(db(), "America/Los_Angeles");
    const angeles = await devices();
    expect(angeles).toContain("Times are in the site's time zone, America/Los_Angeles;");
    expect(angeles).toContain("signed in 20 November 2026 at 14:30");
  });

  it("writes a page's revision day as that very day west of UTC too: a day is no instant", async () => {
    await setTimeZone(db(), "America/Los_Angeles");
    for (const { path, revised } of [sitePages.privacy, sitePages.terms]) {
      const [year, month, day] = revised.split("-").map(Number);
      const written = `${day} ${MONTHS[(month ?? 0) - 1]} ${year}`;
      expect(timesOn((await page(path)).html).get(revised), path).toEqual([written]);
    }
  });

  it("keeps the exact instant in the page's machine-read dates", async () => {
    await setTimeZone(db(), "Australia/Sydney");
    const { html } = await page(`/services/${serviceId}`);
    const course = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map(([, json]) => JSON.parse(json ?? "null") as { review?: { datePublished: string }[] })
      .find((data) => data.review);
    expect(course?.review?.map((review) => review.datePublished)).toEqual([LATE_EVENING]);
  });

  it("changes the pages the response cache keeps when the site's time zone changes", async () => {
    await setTimeZone(db(), "Australia/Sydney");
    const paths = ["/blog", `/blog/${lateSlug}`, `/services/${serviceId}`];
    // PostgreSQL's listener connects as the site starts; until it listens nothing is kept.
    for (let attempt = 0; attempt < 50; attempt++) {
      await page("/blog");
      if ((await page("/blog")).cache === "hit") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const path of paths) {
      await page(path);
      const kept = await page(path);
      expect(kept.cache, path).toBe("hit");
      expect(timesOn(kept.html).get(LATE_EVENING), path).toEqual(["21 November 2026"]);
    }

    await setTimeZone(db(), "America/Los_Angeles");
    for (const path of paths) {
      const fresh = await page(path);
      expect(fresh.cache, path).toBeNull();
      expect(timesOn(fresh.html).get(LATE_EVENING), path).toEqual(["20 November 2026"]);
    }
  });
});
