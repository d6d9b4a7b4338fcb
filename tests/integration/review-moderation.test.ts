import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertReview, insertService } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

type Person = Awaited<ReturnType<typeof signUpWithToken>>;

describe.each(engines)("reporting and moderating reviews on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  let author: Person;
  let reporter: Person;
  let second: Person;
  let owner: Person;
  let serviceId: string;
  let reviewId: string;
  let address = 0;

  beforeAll(async () => {
    author = await signUpWithToken(site.app, site.database.db, { name: "Rude Writer" });
    reporter = await signUpWithToken(site.app, site.database.db, { name: "First Reporter" });
    second = await signUpWithToken(site.app, site.database.db, { name: "Second Reporter" });
    owner = await signUpWithToken(site.app, site.database.db, { name: "Teacher" });
    await makeOwner(site.database.db, owner.email);
    serviceId = await insertService(site.database.db, { name: "Moderated course" });
    reviewId = await insertReview(site.database.db, {
      serviceId,
      userId: author.id,
      rating: 1,
      message: "An abusive rant.",
    });
    await insertReview(site.database.db, { serviceId, userId: reporter.id, rating: 5 });
  });

  const api = async (method: string, path: string, who?: Person, body?: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.7.0.${++address % 250}`,
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const page = async (path: string, who?: Person) =>
    (
      await site.app.request(`${ORIGIN}${path}`, {
        headers: who ? { cookie: who.cookie } : {},
      })
    ).text();
  const reports = () =>
    site.database.db.selectFrom("review_reports").selectAll().orderBy("created_at").execute();
  const hiddenReason = async () =>
    (
      await site.database.db
        .selectFrom("reviews")
        .select("hidden_reason")
        .where("id", "=", reviewId)
        .executeTakeFirstOrThrow()
    ).hidden_reason;
  const publicView = async () => {
    const reviews = (await (await api("GET", `/api/reviews/${serviceId}`)).json()) as {
      userMessage: string;
    }[];
    const service = (await (await api("GET", `/api/services/${serviceId}`)).json()) as {
      rating: number | null;
      ratingCount: number;
    };
    return {
      listed: reviews.some((review) => review.userMessage === "An abusive rant."),
      onPage: (await page(`/services/${serviceId}`)).includes("An abusive rant."),
      rating: service.rating,
      ratingCount: service.ratingCount,
    };
  };

  it("takes one report per user of someone else's review, on the API and the page", async () => {
    const path = `/api/reviews/${reviewId}/reports`;
    expect((await api("POST", path, undefined, { reason: "spam" })).status).toBe(401);
    expect((await api("POST", path, reporter, { reason: "rude" })).status).toBe(400);
    expect((await api("POST", path, author, { reason: "spam" })).status).toBe(403);
    expect(
      (await api("POST", "/api/reviews/nope/reports", reporter, { reason: "spam" })).status,
    ).toBe(404);
    expect(await reports()).toEqual([]);
    const made = await api("POST", path, reporter, { reason: "offensive", note: "Insults." });
    expect(made.status).toBe(201);
    expect((await api("POST", path, reporter, { reason: "spam" })).status).toBe(409);
    const fromPage = await postForm(
      site.app,
      `/services/${serviceId}`,
      { intent: "report", reviewId, reason: "off-topic", note: "" },
      { cookie: second.cookie, "x-forwarded-for": "10.7.1.1" },
    );
    expect(fromPage.status).toBe(200);
    expect(await fromPage.text()).toContain("the site&#x27;s owner will look at it");
    expect((await reports()).map((r) => [r.reporter_id, r.reason, r.note, r.resolved_at])).toEqual([
      [reporter.id, "offensive", "Insults.", null],
      [second.id, "off-topic", null, null],
    ]);
    // The author is offered no 'Report' on their own review; others are.
    expect(await page(`/services/${serviceId}`, author)).not.toContain("the review by Rude Writer");
    expect(await page(`/services/${serviceId}`, second)).toContain("the review by Rude Writer");
  });

  it("lets only an owner hide a review: out of every public place, shown to its author with the reason", async () => {
    expect(await publicView()).toEqual({ listed: true, onPage: true, rating: 3, ratingCount: 2 });
    expect(
      (await api("POST", `/api/reviews/${reviewId}/hide`, reporter, { reason: "offensive" }))
        .status,
    ).toBe(403);
    const notOwner = await postForm(
      site.app,
      "/admin",
      { intent: "hide-review", reviewId, reason: "offensive" },
      { cookie: reporter.cookie },
    );
    expect(notOwner.status).toBe(404);
    expect(await hiddenReason()).toBeNull();

    const admin = await page("/admin", owner);
    expect(admin).toContain("Hide the review by Rude Writer");
    // People's names are marked with their own direction (dir="auto"): the line as read.
    expect(admin.replace(/<[^>]+>/g, "")).toContain("Offensive or abusive, by First Reporter");
    expect(
      (await api("POST", `/api/reviews/${reviewId}/hide`, owner, { reason: "nope" })).status,
    ).toBe(400);
    const hidden = await api("POST", `/api/reviews/${reviewId}/hide`, owner, {
      reason: "offensive",
    });
    expect(await hidden.json()).toEqual({ modifiedCount: 1 });
    expect(await hiddenReason()).toBe("offensive");
    expect(await publicView()).toEqual({ listed: false, onPage: false, rating: 5, ratingCount: 1 });
    expect((await reports()).every((report) => report.resolved_at !== null)).toBe(true);
    expect(await page("/my-reviews", author)).toContain(
      "Hidden by the site&#x27;s owner: Offensive or abusive.",
    );
    // A hidden review takes no more reports.
    expect(
      (await api("POST", `/api/reviews/${reviewId}/reports`, owner, { reason: "spam" })).status,
    ).toBe(404);

    const restored = await postForm(
      site.app,
      "/admin",
      { intent: "restore-review", reviewId },
      { cookie: owner.cookie },
    );
    expect(restored.status).toBe(302);
    expect(await hiddenReason()).toBeNull();
    expect(await publicView()).toEqual({ listed: true, onPage: true, rating: 3, ratingCount: 2 });
  });

  it("lets an owner dismiss the reports: the review stays, the reports are settled", async () => {
    const third = await signUpWithToken(site.app, site.database.db);
    await api("POST", `/api/reviews/${reviewId}/reports`, third, { reason: "spam" });
    expect((await reports()).filter((r) => r.resolved_at === null)).toHaveLength(1);
    const dismissed = await postForm(
      site.app,
      "/admin",
      { intent: "dismiss-reports", reviewId },
      { cookie: owner.cookie },
    );
    expect(dismissed.status).toBe(302);
    expect((await reports()).filter((r) => r.resolved_at === null)).toEqual([]);
    expect(await hiddenReason()).toBeNull();
    expect(await page("/admin", owner)).toContain("No open reports.");
  });
});
