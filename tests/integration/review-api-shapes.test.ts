import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "../../db/migrate.ts";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { insertReview, insertService, insertUser } from "../support/fixtures.ts";
import { createTestApp } from "../support/test-app.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Issue 7, item 16: the original client's own review body (no stars) is accepted; public answers carry no
 * e-mail address; `img` is absolute. And the owner-only routes log why they refused.
 */
describe.each(engines)("review API shapes and privacy on %s", (engine) => {
  let database: TestDatabase;
  let app: App;
  /** The same site and database, deployed at another public address. */
  let deployed: App;
  let serviceId: string;

  const student = (name: string) => signUpWithToken(app, database.db, { name });
  type Student = Awaited<ReturnType<typeof student>>;
  let starless: Student;
  let rater: Student;
  let stranger: Student;
  let starlessReviewId: string;

  const api = (target: App, method: string, path: string, token?: string, body?: unknown) =>
    target.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
  const storedRating = async (id: string) =>
    (
      await database.db
        .selectFrom("reviews")
        .select("rating")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).rating;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp(database);
    deployed = await createTestApp(database, { BASE_URL: "https://ielts.example/" });
    serviceId = await insertService(database.db, { name: "Speaking mock test" });
    starless = await student("Starless Student");
    rater = await student("Rating Student");
    stranger = await student("Stranger");
  });
  afterAll(() => database.drop());

  it("accepts the original client's POST /reviews body without stars and leaves it out of the rating", async () => {
    // The seed client's body, word for word: no rating, identity fields it may not set.
    const created = await api(app, "POST", "/api/reviews", starless.token, {
      serviceName: "Speaking mock test",
      img: "/images/services/listening.svg",
      price: 10,
      serviceId,
      userEmail: "someone-else@example.com",
      userName: "Someone Else",
      userPhoto: "https://evil.example/me.png",
      userMessage: "Clear feedback on my speaking.",
      addTime: { date: "1/1/2000", time: "00:00:00" },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    starlessReviewId = (await json(created)).insertedId as string;
    expect(await storedRating(starlessReviewId)).toBeNull();
    const own = await json(
      await api(app, "GET", `/api/update/${starlessReviewId}`, starless.token),
    );
    expect(own).toMatchObject({
      rating: null,
      userEmail: starless.email,
      userName: "Starless Student",
      userMessage: "Clear feedback on my speaking.",
    });
    expect(await json(await api(app, "GET", `/api/services/${serviceId}`))).toMatchObject({
      rating: null,
      ratingCount: 0,
    });

    // Stars that are sent must still be 1 to 5; nothing is written otherwise.
    for (const rating of [0, 6, 2.5, "five", null]) {
      const refused = await api(app, "POST", "/api/reviews", rater.token, {
        serviceId,
        userMessage: "x",
        rating,
      });
      expect(refused.status, String(rating)).toBe(400);
      expect((await json(refused)).message).toContain("1 to 5 stars");
    }
    // The web form still asks for stars.
    const form = await postForm(
      app,
      `/services/${serviceId}`,
      { message: "No stars here" },
      { cookie: rater.cookie },
    );
    expect(form.status).toBe(400);
    expect(await form.text()).toContain("Please choose from 1 to 5 stars.");
    const rated = await api(app, "POST", "/api/reviews", rater.token, {
      serviceId,
      userMessage: "Worth it.",
      rating: 4,
    });
    expect(rated.status).toBe(201);
    expect(await json(await api(app, "GET", `/api/services/${serviceId}`))).toMatchObject({
      rating: 4,
      ratingCount: 1,
    });

    // PATCH without stars keeps what the review has; with stars it sets them.
    const patch = (body: unknown) =>
      api(app, "PATCH", `/api/reviews/${starlessReviewId}`, starless.token, body);
    expect((await patch({ text: "Still no stars" })).status).toBe(200);
    expect(await storedRating(starlessReviewId)).toBeNull();
    expect((await patch({ text: "Two stars", rating: 7 })).status).toBe(400);
    expect((await patch({ text: "Two stars", rating: 2 })).status).toBe(200);
    expect((await patch({ text: "Kept" })).status).toBe(200);
    expect(await storedRating(starlessReviewId)).toBe(2);
    expect((await patch({ text: "No stars again?" })).status).toBe(200);
    await database.db
      .updateTable("reviews")
      .set({ rating: null })
      .where("id", "=", starlessReviewId)
      .execute();

    // The page shows the review without stars and the average of the rated one only.
    const page = await (await app.request(`${ORIGIN}/services/${serviceId}`)).text();
    expect(page).toContain("No stars given");
    expect(page.replaceAll("<!-- -->", "")).toMatch(
      /4\.0<span[^>]*> out of 5 stars<\/span><\/span><span[^>]*>\(1 review\)/,
    );
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)?.[1] ?? "";
    const course = JSON.parse(jsonLd) as { review: unknown[]; aggregateRating: unknown };
    expect(course.aggregateRating).toMatchObject({ ratingValue: 4, ratingCount: 1 });
    expect(course.review).toHaveLength(1);
  });

  it("keeps every reviewer's e-mail out of public answers, and in the reviewer's own", async () => {
    const reviewers = [starless.email, rater.email];
    const publicAnswers = [
      await api(app, "GET", `/api/reviews/${serviceId}`),
      await api(deployed, "GET", `/api/reviews/${serviceId}`),
      // The details page, its loader data (serialised into the HTML and fetched as .data on
      // client navigation) and its JSON-LD, for a visitor and for another signed-in student.
      await app.request(`${ORIGIN}/services/${serviceId}`),
      await app.request(`${ORIGIN}/services/${serviceId}`, {
        headers: { cookie: stranger.cookie },
      }),
      await app.request(`${ORIGIN}/services/${serviceId}.data`),
      await app.request(`${ORIGIN}/services/${serviceId}.data`, {
        headers: { cookie: stranger.cookie },
      }),
    ];
    for (const response of publicAnswers) {
      expect(response.status, response.url).toBe(200);
      const text = await response.text();
      expect(text).toContain("Worth it.");
      for (const email of reviewers) expect(text, response.url).not.toContain(email);
      expect(text).not.toContain("userEmail");
    }
    const list = (await (await api(app, "GET", `/api/reviews/${serviceId}`)).json()) as Record<
      string,
      unknown
    >[];
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      [
        "_id",
        "serviceId",
        "serviceName",
        "img",
        "price",
        "userName",
        "userPhoto",
        "userMessage",
        "rating",
        "addTime",
        "reply",
        "verified",
        "helpful",
        "module",
        "bandBefore",
        "bandAchieved",
        "testMonth",
      ].sort(),
    );

    // A user's own answers keep their e-mail, and only theirs.
    const mine = (await (await api(app, "GET", "/api/my-reviews", rater.token)).json()) as {
      userEmail: string;
    }[];
    expect(mine.map((review) => review.userEmail)).toEqual([rater.email]);
  });

  it("answers img as an absolute URL built from BASE_URL", async () => {
    const withOwnImage = await api(app, "POST", "/api/services", rater.token, {
      serviceName: "Writing task 2",
      price: 20,
      description: "Essays marked.",
      img: "https://images.example/essay.png",
    });
    const ownImageId = (await json(withOwnImage)).insertedId as string;
    const imagesOf = async (target: App, path: string, token?: string) => {
      const body = (await (await api(target, "GET", path, token)).json()) as unknown;
      const items = Array.isArray(body)
        ? body
        : "services" in (body as object)
          ? (body as { services: unknown[] }).services
          : [body];
      return (items as { _id: string; img: string }[]).map((item) => item.img);
    };
    for (const path of [
      "/api/",
      "/api/services?page=0&size=100",
      `/api/services/${serviceId}`,
      `/api/reviews/${serviceId}`,
    ]) {
      const images = await imagesOf(deployed, path);
      expect(images.length, path).toBeGreaterThan(0);
      for (const img of images) {
        expect(img, path).toMatch(
          /^https:\/\/ielts\.example\/images\/|^https:\/\/images\.example\//,
        );
      }
    }
    expect(await imagesOf(deployed, `/api/services/${ownImageId}`)).toEqual([
      "https://images.example/essay.png",
    ]);
    // The caller's own answers too, on the default BASE_URL.
    for (const path of ["/api/my-reviews", `/api/update/${starlessReviewId}`]) {
      expect(await imagesOf(app, path, starless.token), path).toEqual([
        "http://localhost:3000/images/services/listening.svg",
      ]);
    }
  });

  it("logs why someone else's review was refused (not-owner) or a missing one (not-found), on the API and the pages", async () => {
    app.securityEvents.length = 0;
    const missing = "0".repeat(36);
    const attempts: [string, () => Response | Promise<Response>][] = [];
    for (const id of [starlessReviewId, missing]) {
      attempts.push(
        [`GET /api/update/${id}`, () => api(app, "GET", `/api/update/${id}`, stranger.token)],
        [
          `PATCH /api/reviews/${id}`,
          () => api(app, "PATCH", `/api/reviews/${id}`, stranger.token, { text: "Mine now" }),
        ],
        [
          `DELETE /api/reviews/${id}`,
          () => api(app, "DELETE", `/api/reviews/${id}`, stranger.token),
        ],
        [
          `GET /update/${id}`,
          () => app.request(`${ORIGIN}/update/${id}`, { headers: { cookie: stranger.cookie } }),
        ],
        [
          `POST /update/${id}`,
          () =>
            postForm(
              app,
              `/update/${id}`,
              { rating: "1", message: "Mine now" },
              { cookie: stranger.cookie },
            ),
        ],
        [
          "POST /my-reviews",
          () => postForm(app, "/my-reviews", { reviewId: id }, { cookie: stranger.cookie }),
        ],
      );
    }
    for (const [route, attempt] of attempts) {
      const response = await attempt();
      expect(response.status, route).toBe(404);
    }
    const refusals = app.securityEvents.filter((event) => event.event === "access-refused");
    expect(refusals.map((event) => `${event.route} ${event.reason}`)).toEqual(
      attempts.map(
        ([route], n) => `${route} ${n < attempts.length / 2 ? "not-owner" : "not-found"}`,
      ),
    );
    for (const event of refusals) {
      expect(event).toMatchObject({ outcome: "refused", userId: stranger.id, status: 404 });
      expect(event.address).toBeTruthy();
    }
    // Nothing changed.
    expect(
      await database.db
        .selectFrom("reviews")
        .select("message")
        .where("id", "=", starlessReviewId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ message: "No stars again?" });
  });
});

describe.each(engines)("the reviews-without-rating migration on %s", (engine) => {
  it("allows a missing rating, still checks a given one, and goes back only when it can", async () => {
    const database = await createTestDatabase(engine);
    try {
      const { db } = database;
      const serviceId = await insertService(db);
      const [a, b] = [await insertUser(db), await insertUser(db)];
      const review = (id: string, userId: string, rating: number | null) =>
        insertReview(db, { id, serviceId, userId, rating });
      await review("rated", a, 5);
      await review("starless", b, null);
      await expect(review("zero", await insertUser(db), 0)).rejects.toThrow();
      await expect(review("six", await insertUser(db), 6)).rejects.toThrow();
      await expect(review("twice", a, 3)).rejects.toThrow();
      // Deleting a course still deletes its reviews (the rebuilt table keeps its foreign keys).
      const other = await insertService(db);
      await insertReview(db, { id: "cascade", serviceId: other, userId: a, rating: 2 });
      await db.deleteFrom("services").where("id", "=", other).execute();
      expect(await db.selectFrom("reviews").select("id").orderBy("id").execute()).toEqual([
        { id: "rated" },
        { id: "starless" },
      ]);

      // Back to the schema before this migration, whatever came after it.
      const before = "2026-11-21T11-00_accounts";
      await expect(migrateTo(db, before)).rejects.toThrow(/1 review\(s\) have no rating/);
      await db.deleteFrom("reviews").where("id", "=", "starless").execute();
      await migrateTo(db, before);
      await expect(review("starless", b, null)).rejects.toThrow();
      expect(await db.selectFrom("reviews").select(["id", "rating"]).execute()).toEqual([
        { id: "rated", rating: 5 },
      ]);
      await migrateToLatest(db);
      await review("starless", b, null);
      await expect(review("twice", a, 3)).rejects.toThrow();
      if (engine === "sqlite") {
        const indexes = await sql<{ name: string }>`
          select name from sqlite_master where type = 'index' and tbl_name = 'reviews' order by name`.execute(
          db,
        );
        expect(indexes.rows.map((row) => row.name)).toEqual(
          expect.arrayContaining([
            "reviews_by_service_newest_first",
            "reviews_by_user_newest_first",
          ]),
        );
      }
    } finally {
      await database.drop();
    }
  });
});
