import { beforeAll, describe, expect, it } from "vitest";
import { summarizeCourseReviews } from "../../core/reviews/course-reviews.server.ts";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertReview, insertService, insertUser } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

type Person = Awaited<ReturnType<typeof signUpWithToken>>;

describe.each(engines)("a course's review summary, list and votes on %s", (engine) => {
  // Each request from an address of its own, so the write limits stay out of the way.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  let address = 0;
  let serviceId: string;
  let owner: Person;
  const students: Person[] = [];

  const api = async (method: string, path: string, who?: Person, body?: unknown) => {
    const response = await site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.77.${Math.floor(++address / 250)}.${address % 250}`,
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const post = async (who: Person, body: Record<string, unknown>) => {
    const created = await api("POST", "/api/reviews", who, { serviceId, ...body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.insertedId as string;
  };
  const summary = async () => {
    const { body } = await api("GET", `/api/services/${serviceId}`);
    const { rating, ratingCount, reviewCount, histogram, outcomes } = body;
    // The API and the page read the same summary.
    expect(await summarizeCourseReviews(site.database.db, serviceId)).toEqual({
      average: rating,
      ratingCount,
      reviewCount,
      histogram,
      outcomes,
    });
    return { rating, ratingCount, reviewCount, histogram, outcomes };
  };

  beforeAll(async () => {
    serviceId = await insertService(site.database.db, { name: "Summary course" });
    owner = await signUpWithToken(site.app, site.database.db, { name: "The Teacher" });
    await makeOwner(site.database.db, owner.email);
    for (let n = 0; n < 6; n++) {
      students.push(await signUpWithToken(site.app, site.database.db, { name: `Student ${n}` }));
    }
  });

  const student = (n: number) => () => students[n] as Person;
  const a = student(0);
  const b = student(1);
  const c = student(2);
  const d = student(3);
  const e = student(4);
  const f = student(5);
  const ids: Record<string, string> = {};

  it("counts only visible rated reviews in the average and histogram, through edits, deletes, hides and restores", async () => {
    expect(await summary()).toEqual({
      rating: null,
      ratingCount: 0,
      reviewCount: 0,
      histogram: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 },
      outcomes: null,
    });
    ids.a = await post(a(), { userMessage: "Great", rating: 5 });
    ids.b = await post(b(), { userMessage: "Good", rating: 4 });
    ids.c = await post(c(), { userMessage: "No stars from the old client" });
    ids.d = await post(d(), { userMessage: "Fine", rating: 4 });
    expect(await summary()).toMatchObject({
      rating: 4.3,
      ratingCount: 3,
      reviewCount: 4,
      histogram: { "1": 0, "2": 0, "3": 0, "4": 2, "5": 1 },
    });
    // An edit moves a review between bars.
    expect(
      (await api("PATCH", `/api/reviews/${ids.d}`, d(), { text: "Meh", rating: 1 })).status,
    ).toBe(200);
    expect(await summary()).toMatchObject({
      rating: 3.3,
      histogram: { "1": 1, "2": 0, "3": 0, "4": 1, "5": 1 },
    });
    // A hidden review leaves every number; restored, it comes back.
    expect(
      (await api("POST", `/api/reviews/${ids.a}/hide`, owner, { reason: "spam" })).status,
    ).toBe(200);
    expect(await summary()).toMatchObject({
      rating: 2.5,
      ratingCount: 2,
      reviewCount: 3,
      histogram: { "1": 1, "2": 0, "3": 0, "4": 1, "5": 0 },
    });
    expect((await api("POST", `/api/reviews/${ids.a}/restore`, owner)).status).toBe(200);
    expect((await api("DELETE", `/api/reviews/${ids.d}`, d())).status).toBe(200);
    expect(await summary()).toMatchObject({
      rating: 4.5,
      ratingCount: 2,
      reviewCount: 3,
      histogram: { "1": 0, "2": 0, "3": 0, "4": 1, "5": 1 },
    });
  });

  it("checks the IELTS outcome fields, and reports bands only once 3 students gave one", async () => {
    const refused = [
      { bandAchieved: 9.5 },
      { bandAchieved: 6.3 },
      { bandBefore: -0.5 },
      { module: "medical" },
      { testMonth: "2026-13" },
      { testMonth: "2999-01" },
      { testMonth: "March 2026" },
    ];
    for (const outcome of refused) {
      const response = await api("POST", "/api/reviews", e(), {
        serviceId,
        userMessage: "x",
        rating: 3,
        ...outcome,
      });
      expect(response.status, JSON.stringify(outcome)).toBe(400);
    }
    expect(
      (
        await site.database.db
          .selectFrom("reviews")
          .select("id")
          .where("user_id", "=", e().id)
          .execute()
      ).length,
    ).toBe(0);

    const outcome = (id: string, body: Record<string, unknown>, who: Person) =>
      api("PATCH", `/api/reviews/${id}`, who, { text: "With my band", ...body });
    expect(
      (
        await outcome(
          ids.a as string,
          { module: "academic", bandBefore: 6, bandAchieved: 7, testMonth: "2026-03" },
          a(),
        )
      ).status,
    ).toBe(200);
    expect(
      (await outcome(ids.b as string, { bandBefore: 6.5, bandAchieved: 7.5 }, b())).status,
    ).toBe(200);
    // Two reports: nothing is said, so neither student can be singled out.
    expect((await summary()).outcomes).toBeNull();
    expect(
      (await outcome(ids.c as string, { module: "general", bandAchieved: 6 }, c())).status,
    ).toBe(200);
    // Achieved 6, 7, 7.5: median 7; gains (both bands given) +1 and +1.
    expect((await summary()).outcomes).toEqual({ reported: 3, medianAchieved: 7, averageGain: 1 });
    ids.e = await post(e(), { userMessage: "Late", rating: 2, bandBefore: 5, bandAchieved: 5.5 });
    // 5.5, 6, 7, 7.5: the median falls between 6 and 7 (6.5); gains +1, +1, +0.5.
    expect((await summary()).outcomes).toEqual({
      reported: 4,
      medianAchieved: 6.5,
      averageGain: 0.8,
    });

    const { body } = await api("GET", `/api/reviews/${serviceId}?sort=newest`);
    const own = (body.reviews as Record<string, unknown>[]).find((review) => review._id === ids.a);
    expect(own).toMatchObject({
      module: "academic",
      bandBefore: 6,
      bandAchieved: 7,
      testMonth: "2026-03",
    });
    // A PATCH without the outcome keeps it; null clears a field.
    expect((await api("PATCH", `/api/reviews/${ids.a}`, a(), { text: "Edited" })).status).toBe(200);
    expect(
      (await api("PATCH", `/api/reviews/${ids.a}`, a(), { text: "Edited", testMonth: null }))
        .status,
    ).toBe(200);
    const row = await site.database.db
      .selectFrom("reviews")
      .select(["ielts_module", "band_achieved", "test_month"])
      .where("id", "=", ids.a as string)
      .executeTakeFirstOrThrow();
    expect({ ...row, band_achieved: Number(row.band_achieved) }).toEqual({
      ielts_module: "academic",
      band_achieved: 7,
      test_month: null,
    });
  });

  it("keeps one helpful vote per user per review, even racing, and none on one's own", async () => {
    const review = ids.b as string;
    const votes = await Promise.all(
      Array.from({ length: 8 }, () => api("POST", `/api/reviews/${review}/helpful`, a())),
    );
    expect(votes.map((vote) => vote.status)).toEqual(Array(8).fill(200));
    expect(
      votes
        .map((vote) => vote.body.helpful)
        .sort()
        .at(-1),
    ).toBe(1);
    expect((await api("POST", `/api/reviews/${review}/helpful`, c())).body).toEqual({ helpful: 2 });
    const own = await api("POST", `/api/reviews/${review}/helpful`, b());
    expect(own.status).toBe(403);
    expect((await api("POST", `/api/reviews/${review}/helpful`)).status).toBe(401);
    expect((await api("POST", "/api/reviews/no-such-review/helpful", a())).status).toBe(404);
    const stored = async () =>
      Number(
        (
          await site.database.db
            .selectFrom("reviews")
            .select("helpful_count")
            .where("id", "=", review)
            .executeTakeFirstOrThrow()
        ).helpful_count,
      );
    expect(await stored()).toBe(2);
    // Taking a vote back, twice, takes one.
    expect((await api("DELETE", `/api/reviews/${review}/helpful`, a())).body).toEqual({
      helpful: 1,
    });
    expect((await api("DELETE", `/api/reviews/${review}/helpful`, a())).body).toEqual({
      helpful: 1,
    });
    expect(await stored()).toBe(1);
    // The course page's button does the same through the page's action.
    const onPage = (who: Person | undefined, vote: "add" | "remove", reviewId = review) =>
      postForm(
        site.app,
        `/services/${serviceId}`,
        { intent: "helpful", reviewId, vote },
        {
          "x-forwarded-for": `10.78.0.${++address % 250}`,
          ...(who ? { cookie: who.cookie } : {}),
        },
      );
    expect((await onPage(undefined, "add")).status).toBe(401);
    expect((await onPage(b(), "add")).status).toBe(403);
    expect(await stored()).toBe(1);
    expect((await onPage(d(), "add")).status).toBe(200);
    expect(await stored()).toBe(2);
    expect((await onPage(d(), "remove")).status).toBe(200);
    expect(await stored()).toBe(1);
    // A hidden review takes no votes, on the API or the page.
    await api("POST", `/api/reviews/${review}/hide`, owner, { reason: "spam" });
    expect((await api("POST", `/api/reviews/${review}/helpful`, f())).status).toBe(404);
    expect((await onPage(f(), "add")).status).toBe(404);
    await api("POST", `/api/reviews/${review}/restore`, owner);
    expect(await stored()).toBe(1);
  });

  it("lists a page at a time, sorted and filtered, and keeps SPEC's plain array without parameters", async () => {
    const plain = await site.app.request(`${ORIGIN}/api/reviews/${serviceId}`);
    const all = (await plain.json()) as { _id: string }[];
    expect(Array.isArray(all)).toBe(true);
    expect(all).toHaveLength(4);

    const list = async (query: string) => {
      const { status, body } = await api("GET", `/api/reviews/${serviceId}?${query}`);
      expect(status, query).toBe(200);
      const reviews = body.reviews as { _id: string; rating: number | null; helpful: number }[];
      return { ids: reviews.map((review) => review._id), count: body.count, reviews };
    };
    // a: 5★ academic, b: 4★ (1 helpful), c: no stars, general, e: 2★ (newest)
    expect((await list("sort=newest")).ids).toEqual([ids.e, ids.c, ids.b, ids.a]);
    expect((await list("sort=highest")).ids).toEqual([ids.a, ids.b, ids.e, ids.c]);
    expect((await list("sort=lowest")).ids).toEqual([ids.e, ids.b, ids.a, ids.c]);
    expect((await list("sort=helpful")).ids[0]).toBe(ids.b);
    expect(await list("stars=4")).toMatchObject({ ids: [ids.b], count: 1 });
    expect(await list("module=general")).toMatchObject({ ids: [ids.c], count: 1 });
    expect(await list("size=2&page=2&sort=newest")).toMatchObject({
      ids: [ids.b, ids.a],
      count: 4,
    });
    expect(await list("size=2&page=3&sort=newest")).toMatchObject({ ids: [], count: 4 });
    // Page and size alone page through the plain array (decision 0049).
    const second = await site.app.request(`${ORIGIN}/api/reviews/${serviceId}?size=2&page=2`);
    expect(((await second.json()) as { _id: string }[]).map((review) => review._id)).toEqual([
      ids.b,
      ids.a,
    ]);
    // The course page's structured data says what its summary says; a review without stars
    // carries no rating there.
    const page = await (await site.app.request(`${ORIGIN}/services/${serviceId}`)).text();
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)?.[1] ?? "";
    const course = JSON.parse(jsonLd) as {
      aggregateRating: { ratingValue: number; ratingCount: number };
      review: { reviewRating?: unknown }[];
    };
    const { rating, ratingCount } = await summary();
    expect(course.aggregateRating).toMatchObject({ ratingValue: rating, ratingCount });
    expect(course.review.every((review) => review.reviewRating !== undefined)).toBe(true);
    expect(course.review).toHaveLength(3);
    for (const bad of ["sort=best", "stars=6", "stars=x", "page=0", "size=500", "module=x"]) {
      const response = await api("GET", `/api/reviews/${serviceId}?${bad}`);
      expect(response.status, bad).toBe(400);
      expect(typeof response.body.message).toBe("string");
    }
  });

  it("keeps the tallies equal to a count of the reviews themselves, whatever removes a review", async () => {
    const { db } = site.database;
    // What review_tallies must say, counted the slow way from the visible reviews.
    const recount = async () =>
      [
        ...(
          await db
            .selectFrom("reviews")
            .select(["service_id", "rating", "ielts_module", "band_achieved", "band_before"])
            .where("hidden_at", "is", null)
            .execute()
        ).reduce((tallies, review) => {
          const key = [
            review.service_id,
            review.rating ?? 0,
            review.ielts_module ?? "",
            review.band_achieved ?? -1,
          ].join("|");
          const tally = tallies.get(key) ?? { reviews: 0, gainSum: 0, gainCount: 0 };
          tally.reviews += 1;
          if (review.band_achieved !== null && review.band_before !== null) {
            tally.gainSum += review.band_achieved - review.band_before;
            tally.gainCount += 1;
          }
          return tallies.set(key, tally);
        }, new Map<string, { reviews: number; gainSum: number; gainCount: number }>()),
      ].sort(([a], [b]) => a.localeCompare(b));
    const tallied = async () =>
      (await db.selectFrom("review_tallies").selectAll().where("review_count", ">", 0).execute())
        .map(
          (row) =>
            [
              [row.service_id, row.stars, row.ielts_module, Number(row.band_achieved)].join("|"),
              {
                reviews: row.review_count,
                gainSum: Number(row.gain_sum),
                gainCount: row.gain_count,
              },
            ] as const,
        )
        .sort(([a], [b]) => a.localeCompare(b));

    expect(await tallied()).toEqual(await recount());
    // A second course whose students come and go outside the API: a user's rows go with the
    // user (as account deletion will), a course's with the course.
    const other = await insertService(db, { name: "Tally course" });
    const leaving = await insertUser(db);
    const staying = await insertUser(db);
    await insertReview(db, { serviceId: other, userId: leaving, rating: 3 });
    const kept = await insertReview(db, { serviceId: other, userId: staying, rating: null });
    await insertReview(db, { serviceId, userId: leaving, rating: 1 });
    await db
      .updateTable("reviews")
      .set({ ielts_module: "academic", band_before: 5.5, band_achieved: 7 })
      .where("id", "=", kept)
      .execute();
    expect(await tallied()).toEqual(await recount());
    await db.deleteFrom("users").where("id", "=", leaving).execute();
    expect(await tallied()).toEqual(await recount());
    await db.updateTable("reviews").set({ service_id: serviceId }).where("id", "=", kept).execute();
    expect(await tallied()).toEqual(await recount());
    await db.deleteFrom("services").where("id", "=", other).execute();
    expect(await tallied()).toEqual(await recount());
    expect(
      await db
        .selectFrom("review_tallies")
        .select("service_id")
        .where("service_id", "=", other)
        .execute(),
    ).toEqual([]);
  });

  it("'Show more' reaches every review of a long list, holding at most 200 on the page", async () => {
    const { db } = site.database;
    const long = await insertService(db, { name: "Long course" });
    const start = Date.UTC(2025, 0, 1);
    for (let n = 0; n < 215; n++) {
      const userId = await insertUser(db, { name: `Reader ${n}` });
      await insertReview(db, {
        serviceId: long,
        userId,
        rating: 1 + (n % 5),
        message: `Review number ${n + 1}`,
        createdAt: new Date(start - n * 60_000),
      });
    }
    const shown = async (query: string) => {
      const html = await (await site.app.request(`${ORIGIN}/services/${long}${query}`)).text();
      // Each review's text is in the list, and again in the page's data and structured data.
      const numbers = [
        ...new Set([...html.matchAll(/Review number (\d+)/g)].map((match) => Number(match[1]))),
      ];
      return {
        first: numbers[0],
        last: numbers.at(-1),
        count: numbers.length,
        more: /Show more \((\d+) more\)/.exec(html)?.[1],
        moreHref: /href="([^"]*)"[^>]*>Show more/.exec(html)?.[1]?.replaceAll("&amp;", "&"),
        window: /Showing reviews ([\d–]+ of \d+)/.exec(html)?.[1],
      };
    };
    expect(await shown("")).toMatchObject({ first: 1, last: 10, more: "205", window: undefined });
    expect(await shown("?page=20")).toMatchObject({ first: 1, last: 200, more: "15" });
    // Past 20 pages the earliest drop off the top, and the link still leads on.
    expect(await shown("?page=21")).toMatchObject({
      first: 11,
      last: 210,
      count: 200,
      more: "5",
      moreHref: `/services/${long}?page=22#reviews-heading`,
      window: "11–210 of 215",
    });
    expect(await shown("?page=22")).toMatchObject({
      first: 21,
      last: 215,
      more: undefined,
      window: "21–215 of 215",
    });
    const beyond = await (await site.app.request(`${ORIGIN}/services/${long}?page=90`)).text();
    expect(beyond).toContain("This list has 215 reviews.");
    expect(beyond).toContain("Back to the first reviews");
  });
});
