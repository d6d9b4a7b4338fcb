import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPost, postInputSchema } from "../../core/blog/posts.server.ts";
import { findService } from "../../core/catalogue/services.server.ts";
import {
  createReview,
  deleteOwnReview,
  updateOwnReview,
} from "../../core/reviews/reviews.server.ts";
import { ORIGIN, postForm, postJson, signUp, signUpWithToken } from "../support/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { insertReview, insertService, insertUser, insertWritingTask } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { createTestApp, testSiteOn } from "../support/test-app.ts";
import { photo, postMultipart, sendMultipart } from "../support/uploads.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

describe.each(engines)("ratings and the one-review rule on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  // Each student writes from an address of their own: the limits are proved further down.
  const writer = (userId: string) => ({ userId, isOwner: false, address: `address-of-${userId}` });

  it("keeps the service's rating the true average after every post, edit and delete", async () => {
    const { db } = database;
    const serviceId = await insertService(db);
    const [a, b, c, d] = [
      await insertUser(db),
      await insertUser(db),
      await insertUser(db),
      await insertUser(db),
    ];
    const rating = async () => (await findService(db, serviceId))?.rating;
    const post = (userId: string, input: { rating?: number; message: string }) =>
      createReview(db, { writer: writer(userId), serviceId, input });
    expect(await rating()).toBeNull();
    // A review without stars (the original client's API body) is neither an average of zero nor a count.
    const starless = await post(d, { message: "No stars from me" });
    expect(starless.ok).toBe(true);
    expect(await rating()).toBeNull();
    const first = await post(a, { rating: 5, message: "Great" });
    expect(await rating()).toEqual({ average: 5, count: 1 });
    await post(b, { rating: 2, message: "Meh" });
    const third = await post(c, { rating: 4, message: "Good" });
    expect(await rating()).toEqual({ average: 3.7, count: 3 });
    if (!third.ok || !first.ok || !starless.ok) throw new Error("reviews were not created");
    const update = (
      userId: string,
      reviewId: string,
      input: { rating?: number; message: string },
    ) => updateOwnReview(db, { writer: writer(userId), reviewId, input });
    expect(await update(c, third.id, { rating: 1, message: "Changed my mind" })).toEqual({
      ok: true,
    });
    expect(await rating()).toEqual({ average: 2.7, count: 3 });
    // Edited without stars, a review keeps the ones it had.
    expect(await update(c, third.id, { message: "Still one star" })).toEqual({ ok: true });
    expect(await update(d, starless.id, { message: "Still no stars" })).toEqual({ ok: true });
    expect(await rating()).toEqual({ average: 2.7, count: 3 });
    expect(await update(a, third.id, { rating: 5, message: "Not mine" })).toEqual({
      ok: false,
      reason: "not-owner",
    });
    expect(await update(a, "no-such-review", { rating: 5, message: "Gone" })).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await deleteOwnReview(db, { writer: writer(b), reviewId: first.id })).toEqual({
      ok: false,
      reason: "not-owner",
    });
    expect(await deleteOwnReview(db, { writer: writer(a), reviewId: first.id })).toEqual({
      ok: true,
    });
    expect(await rating()).toEqual({ average: 1.5, count: 2 });
    expect(await deleteOwnReview(db, { writer: writer(a), reviewId: first.id })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("allows one review per student per course, even when two arrive at once", async () => {
    const { db } = database;
    const serviceId = await insertService(db);
    const userId = await insertUser(db);
    const attempts = await Promise.all(
      [1, 2, 3].map((n) =>
        createReview(db, {
          writer: writer(userId),
          serviceId,
          input: { rating: n, message: `try ${n}` },
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
    expect(
      attempts.filter((attempt) => !attempt.ok && attempt.reason === "already-reviewed"),
    ).toHaveLength(2);
    expect(
      await createReview(db, {
        writer: writer(userId),
        serviceId: "missing",
        input: { rating: 3, message: "x" },
      }),
    ).toEqual({
      ok: false,
      reason: "no-such-service",
    });
  });
});

/**
 * Every write and owner-only read, as the web pages and the JSON API offer them, for an
 * anonymous visitor, the author, and another student: the status, and that a refusal changed
 * nothing.
 */
describe.each(engines)("authorization matrix on %s", (engine) => {
  let database: TestDatabase;
  let app: App;
  let serviceId: string;
  let author: Awaited<ReturnType<typeof signUp>> & { token: string };
  let other: Awaited<ReturnType<typeof signUp>> & { token: string };
  let reviewId: string;

  const tokenFor = async (user: Awaited<ReturnType<typeof signUp>>) =>
    (
      (await (
        await postJson(app, "/api/jwt", { email: user.email }, { cookie: user.cookie })
      ).json()) as { token: string }
    ).token;
  const reviewRow = () =>
    database.db.selectFrom("reviews").selectAll().where("id", "=", reviewId).executeTakeFirst();
  const api = (method: string, path: string, token?: string, body?: unknown) =>
    app.request(`http://localhost:3000${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // Each request comes from its own address (behind a trusted proxy), so the write limit,
    // proved on its own below, does not interfere with the many writes of this matrix.
    app = await createTestApp(database, { TRUST_PROXY: "true" });
    const request = app.request.bind(app);
    let address = 0;
    app.request = ((input: string, init: RequestInit = {}) => {
      address++;
      const headers = new Headers(init.headers);
      headers.set("x-forwarded-for", `10.0.${Math.floor(address / 250)}.${address % 250}`);
      return request(input, { ...init, headers });
    }) as typeof app.request;
    serviceId = await insertService(database.db, { name: "Matrix course" });
    const a = await signUp(app, { name: "Author" });
    const o = await signUp(app, { name: "Other" });
    author = { ...a, token: await tokenFor(a) };
    other = { ...o, token: await tokenFor(o) };
  });
  afterAll(() => database.drop());

  beforeEach(async () => {
    await database.db.deleteFrom("reviews").execute();
    // The author posts a review before every test: fresh counters keep the per-account limits,
    // proved on their own below, out of this matrix.
    await database.db.deleteFrom("rate_limits").execute();
    const created = await api("POST", "/api/reviews", author.token, {
      serviceId,
      userMessage: "Original words",
      rating: 4,
    });
    expect(created.status).toBe(201);
    reviewId = ((await created.json()) as { insertedId: string }).insertedId;
  });

  describe("web pages", () => {
    it("posting a review: anonymous gets 'Please Login' and nothing is stored", async () => {
      const response = await postForm(app, `/services/${serviceId}`, {
        rating: "5",
        message: "Sneaky",
      });
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("Please Login");
      expect(await database.db.selectFrom("reviews").select("id").execute()).toHaveLength(1);
    });

    it("posting a review: the author's second review is refused; another student's is stored as theirs", async () => {
      const twice = await postForm(
        app,
        `/services/${serviceId}`,
        { rating: "5", message: "Again" },
        { cookie: author.cookie },
      );
      expect(twice.status).toBe(409);
      const theirs = await postForm(
        app,
        `/services/${serviceId}`,
        { rating: "3", message: "Mine", user_id: "someone-else", userEmail: author.email },
        { cookie: other.cookie },
      );
      expect(theirs.status).toBe(302);
      const row = await database.db
        .selectFrom("reviews")
        .innerJoin("users", "users.id", "reviews.user_id")
        .select(["users.email", "reviews.rating"])
        .where("message", "=", "Mine")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: other.email, rating: 3 });
    });

    it("editing: anonymous is sent to login, another student gets 404, only the author changes it", async () => {
      const anonymous = await postForm(app, `/update/${reviewId}`, {
        rating: "1",
        message: "Hacked",
      });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      const stranger = await postForm(
        app,
        `/update/${reviewId}`,
        { rating: "1", message: "Hacked" },
        { cookie: other.cookie },
      );
      expect(stranger.status).toBe(404);
      expect((await reviewRow())?.message).toBe("Original words");
      const page = await app.request(`http://localhost:3000/update/${reviewId}`, {
        headers: { cookie: other.cookie },
      });
      expect(page.status).toBe(404);
      expect(await page.text()).not.toContain("Original words");

      const own = await postForm(
        app,
        `/update/${reviewId}`,
        { rating: "2", message: "Edited words", user_id: await insertUser(database.db) },
        { cookie: author.cookie },
      );
      expect(own.status).toBe(302);
      expect(own.headers.get("location")).toBe("/my-reviews");
      expect(await reviewRow()).toMatchObject({ message: "Edited words", rating: 2 });
      const authorId = (await reviewRow())?.user_id;
      expect(authorId).toBe(
        (
          await database.db
            .selectFrom("users")
            .select("id")
            .where("email", "=", author.email)
            .executeTakeFirstOrThrow()
        ).id,
      );
    });

    it("deleting: anonymous is sent to login, another student gets 404, only the author deletes it", async () => {
      const anonymous = await postForm(app, "/my-reviews", { reviewId });
      expect(anonymous.status).toBe(302);
      const stranger = await postForm(app, "/my-reviews", { reviewId }, { cookie: other.cookie });
      expect(stranger.status).toBe(404);
      expect(await reviewRow()).toBeDefined();
      const own = await postForm(app, "/my-reviews", { reviewId }, { cookie: author.cookie });
      expect(own.status).toBe(302);
      expect(await reviewRow()).toBeUndefined();
    });

    it("adding a service: anonymous is sent to login; a student's service records them as creator", async () => {
      const before = await database.db.selectFrom("services").select("id").execute();
      const anonymous = await postForm(app, "/add-service", {
        serviceName: "X",
        price: "1",
        description: "Y",
      });
      expect(anonymous.status).toBe(302);
      expect(await database.db.selectFrom("services").select("id").execute()).toHaveLength(
        before.length,
      );
      const own = await postForm(
        app,
        "/add-service",
        {
          serviceName: "Essay feedback",
          price: "12.5",
          description: "Two essays marked.",
          created_by: "someone",
          id: "chosen-id",
        },
        { cookie: other.cookie },
      );
      expect(own.status).toBe(302);
      const row = await database.db
        .selectFrom("services")
        .selectAll()
        .where("name", "=", "Essay feedback")
        .executeTakeFirstOrThrow();
      expect(row.id).not.toBe("chosen-id");
      expect(row.price_cents).toBe(1250);
      const creator = await database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", other.email)
        .executeTakeFirstOrThrow();
      expect(row.created_by).toBe(creator.id);
    });

    it("refuses a cookie-carrying review post from another site and stores nothing", async () => {
      const response = await postForm(
        app,
        `/services/${serviceId}`,
        { rating: "5", message: "Forged" },
        { cookie: other.cookie, origin: "https://evil.example" },
      );
      expect(response.status).toBe(403);
      expect(
        await database.db
          .selectFrom("reviews")
          .select("id")
          .where("message", "=", "Forged")
          .execute(),
      ).toEqual([]);
    });
  });

  describe("JSON API", () => {
    it("POST /api/reviews: 401 anonymous, 409 twice, and identity fields in the body are ignored", async () => {
      expect(
        (await api("POST", "/api/reviews", undefined, { serviceId, userMessage: "x", rating: 5 }))
          .status,
      ).toBe(401);
      expect(
        (
          await api("POST", "/api/reviews", author.token, {
            serviceId,
            userMessage: "again",
            rating: 5,
          })
        ).status,
      ).toBe(409);
      const smuggled = await api("POST", "/api/reviews", other.token, {
        serviceId,
        userMessage: "Honest words",
        rating: 5,
        userEmail: author.email,
        userName: "Author",
        userPhoto: "https://evil.example/x.png",
        _id: "chosen-id",
        addTime: { date: "1/1/2000", time: "00:00:00" },
      });
      expect(smuggled.status).toBe(201);
      const { insertedId } = (await smuggled.json()) as { insertedId: string };
      expect(insertedId).not.toBe("chosen-id");
      const [stored] = (await (
        await api("GET", `/api/update/${insertedId}`, other.token)
      )
        .json()
        .then((r) => [r])) as {
        userEmail: string;
        userName: string;
        userPhoto: string | null;
        addTime: { date: string };
      }[];
      expect(stored).toMatchObject({ userEmail: other.email, userName: "Other", userPhoto: null });
      expect(stored?.addTime.date).not.toBe("1/1/2000");
    });

    it("POST /api/reviews and /api/services validate ids, types and lengths with 4xx", async () => {
      const cases: [string, unknown, number, string][] = [
        ["/api/reviews", { serviceId: "missing", userMessage: "x", rating: 3 }, 404, "No service"],
        ["/api/reviews", { serviceId, userMessage: "x", rating: 6 }, 400, "1 to 5 stars"],
        ["/api/reviews", { serviceId, userMessage: "x", rating: "five" }, 400, "1 to 5 stars"],
        ["/api/reviews", { serviceId, userMessage: "", rating: 3 }, 400, "write your review"],
        [
          "/api/reviews",
          { serviceId, userMessage: "x".repeat(2001), rating: 3 },
          400,
          "under 2000",
        ],
        [
          "/api/reviews",
          { serviceId: { $ne: null }, userMessage: "x", rating: 3 },
          400,
          "serviceId",
        ],
        ["/api/reviews", [1, 2, 3], 400, "serviceId"],
        ["/api/services", { serviceName: "A", price: -1, description: "B" }, 400, "not negative"],
        [
          "/api/services",
          { serviceName: "A", price: 1.234, description: "B" },
          400,
          "two decimals",
        ],
        [
          "/api/services",
          { serviceName: "A", price: "abc", description: "B" },
          400,
          "price such as",
        ],
        [
          "/api/services",
          { serviceName: "A", price: 5, description: "B", img: "javascript:alert(1)" },
          400,
          "http://",
        ],
        ["/api/services", { price: 5, description: "B" }, 400, "service name"],
        ["/api/services", { serviceName: "A", price: 5 }, 400, "description"],
      ];
      for (const [path, body, status, message] of cases) {
        const response = await api("POST", path, other.token, body);
        expect(response.status, JSON.stringify(body)).toBe(status);
        expect(
          ((await response.json()) as { message: string }).message,
          JSON.stringify(body),
        ).toContain(message);
      }
      const broken = await app.request("http://localhost:3000/api/reviews", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${other.token}` },
        body: "{not json",
      });
      expect(broken.status).toBe(400);
    });

    it("POST /api/services: 401 anonymous; mass assignment is ignored; the rating starts empty", async () => {
      expect(
        (
          await api("POST", "/api/services", undefined, {
            serviceName: "A",
            price: 5,
            description: "B",
          })
        ).status,
      ).toBe(401);
      const response = await api("POST", "/api/services", author.token, {
        serviceName: "Listening drills",
        price: 15,
        description: "Forty short recordings.",
        rating: 5,
        _id: "chosen",
        created_by: "someone",
        addTime: { date: "1/1/2000", time: "00:00:00" },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const { insertedId } = (await response.json()) as { insertedId: string };
      expect(insertedId).not.toBe("chosen");
      const service = (await (await api("GET", `/api/services/${insertedId}`)).json()) as Record<
        string,
        unknown
      >;
      expect(service).toMatchObject({
        serviceName: "Listening drills",
        price: 15,
        rating: null,
        img: "http://localhost:3000/images/services/course.svg",
      });
    });

    it("POST /api/services with a picture (multipart): 401 anonymous; mass assignment is ignored", async () => {
      const count = async () =>
        (await database.db.selectFrom("image_variants").select("image_id").execute()).length;
      const before = await count();
      const fields = {
        serviceName: "Pictured drills",
        price: "15",
        description: "Forty short recordings, with a picture.",
        _id: "chosen",
        created_by: "someone",
        rating: "5",
      };
      const image = { bytes: await photo("jpeg"), name: "a.jpg", type: "image/jpeg" };
      const anonymous = await sendMultipart(app, "POST", "/api/services", fields, { image });
      expect(anonymous.status).toBe(401);
      expect(await count()).toBe(before);
      const response = await sendMultipart(
        app,
        "POST",
        "/api/services",
        fields,
        { image },
        { authorization: `Bearer ${author.token}` },
      );
      expect(response.status, await response.clone().text()).toBe(201);
      const { insertedId } = (await response.json()) as { insertedId: string };
      expect(insertedId).not.toBe("chosen");
      const row = await database.db
        .selectFrom("services")
        .innerJoin("users", "users.id", "services.created_by")
        .select(["users.email", "services.rating_count", "services.image_url"])
        .where("services.id", "=", insertedId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: author.email, rating_count: 0 });
      expect(row.image_url).toMatch(/^\/images\/uploads\//);
      expect(await count()).toBeGreaterThan(before);
    });

    it("GET /api/update/{id}: 401 anonymous, 404 for another student, the review for its author", async () => {
      expect((await api("GET", `/api/update/${reviewId}`)).status).toBe(401);
      const stranger = await api("GET", `/api/update/${reviewId}`, other.token);
      expect(stranger.status).toBe(404);
      expect(await stranger.text()).not.toContain("Original words");
      const own = await api("GET", `/api/update/${reviewId}`, author.token);
      expect(own.status).toBe(200);
      expect(await own.json()).toMatchObject({
        _id: reviewId,
        serviceName: "Matrix course",
        userMessage: "Original words",
        userEmail: author.email,
        img: expect.any(String),
        rating: 4,
      });
    });

    it("PATCH /api/reviews/{id}: 401 anonymous, 404 another student, {modifiedCount} for the author", async () => {
      expect(
        (await api("PATCH", `/api/reviews/${reviewId}`, undefined, { text: "x" })).status,
      ).toBe(401);
      expect(
        (await api("PATCH", `/api/reviews/${reviewId}`, other.token, { text: "Hacked" })).status,
      ).toBe(404);
      expect((await reviewRow())?.message).toBe("Original words");
      expect(
        (await api("PATCH", `/api/reviews/${reviewId}`, author.token, { text: "" })).status,
      ).toBe(400);
      const own = await api("PATCH", `/api/reviews/${reviewId}`, author.token, {
        text: "Better words",
        userId: "x",
      });
      expect(await own.json()).toEqual({ modifiedCount: 1 });
      expect(await reviewRow()).toMatchObject({ message: "Better words", rating: 4 });
    });

    it("DELETE /api/reviews/{id}: 401 anonymous, 404 another student, {deletedCount} for the author", async () => {
      expect((await api("DELETE", `/api/reviews/${reviewId}`)).status).toBe(401);
      expect((await api("DELETE", `/api/reviews/${reviewId}`, other.token)).status).toBe(404);
      expect(await reviewRow()).toBeDefined();
      expect(await (await api("DELETE", `/api/reviews/${reviewId}`, author.token)).json()).toEqual({
        deletedCount: 1,
      });
      expect(await reviewRow()).toBeUndefined();
      expect((await api("DELETE", `/api/reviews/${reviewId}`, author.token)).status).toBe(404);
    });

    it("GET /api/my-reviews: 401 anonymous, 403 for another's e-mail, only ever the caller's own", async () => {
      expect((await api("GET", "/api/my-reviews")).status).toBe(401);
      const leak = await api(
        "GET",
        `/api/my-reviews?email=${encodeURIComponent(author.email)}`,
        other.token,
      );
      expect(leak.status).toBe(403);
      expect(await leak.text()).not.toContain("Original words");
      for (const path of [
        "/api/my-reviews",
        `/api/my-reviews?email=${encodeURIComponent(other.email)}`,
      ]) {
        const response = await api("GET", path, other.token);
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual([]);
      }
      const own = (await (await api("GET", "/api/my-reviews", author.token)).json()) as {
        userMessage: string;
      }[];
      expect(own.map((review) => review.userMessage)).toEqual(["Original words"]);
    });

    it("refuses a body over the limit with 413 and stores nothing", async () => {
      const response = await api("POST", "/api/reviews", other.token, {
        serviceId,
        userMessage: "x".repeat(40_000),
        rating: 5,
      });
      expect(response.status).toBe(413);
      expect(await database.db.selectFrom("reviews").select("id").execute()).toHaveLength(1);
    });
  });

  describe("blog posts (owners only)", () => {
    it("every owner call: 401 anonymous, 403 for the author and another student, nothing changed", async () => {
      const postId = crypto.randomUUID();
      const now = new Date().toISOString();
      await database.db
        .insertInto("posts")
        .values({
          id: postId,
          slug: `matrix-post-${engine}`,
          title: "Matrix post",
          body: "Words.",
          excerpt: null,
          feature_image_url: null,
          feature_image_alt: null,
          meta_title: null,
          meta_description: null,
          status: "draft",
          publish_at: null,
          published_at: null,
          emailed_at: null,
          emailed_issue_id: null,
          created_at: now,
          updated_at: now,
          created_by: null,
          updated_by: null,
        })
        .execute();
      const rows = () => database.db.selectFrom("posts").selectAll().orderBy("id").execute();
      const before = await rows();
      const body = { title: "Taken over", body: "Mine now.", publishAt: "2099-01-01T00:00Z" };
      for (const [method, path] of [
        ["POST", "/api/posts"],
        ["PATCH", `/api/posts/${postId}`],
        ["DELETE", `/api/posts/${postId}`],
        ["POST", `/api/posts/${postId}/publish`],
        ["POST", `/api/posts/${postId}/schedule`],
        ["POST", `/api/posts/${postId}/unpublish`],
        ["POST", `/api/posts/${postId}/revisions/none/restore`],
      ] as const) {
        expect((await api(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
        for (const student of [author, other]) {
          expect((await api(method, path, student.token, body)).status, `${method} ${path}`).toBe(
            403,
          );
        }
      }
      expect(await rows()).toEqual(before);
      expect((await api("GET", `/api/posts/matrix-post-${engine}`)).status).toBe(404);
    });
  });

  describe("Writing marking (issue 39)", () => {
    it("only an owner marks: 401 anonymous, 403 for the answer's author and another student; a student sends only their own answer", async () => {
      const taskId = await insertWritingTask(database.db, { title: "Matrix task" });
      const submitted = await api("POST", "/api/writing/submissions", author.token, {
        taskId,
        text: "An answer the author may not mark.",
      });
      expect(submitted.status).toBe(201);
      const answerId = ((await submitted.json()) as { submission: { _id: string } }).submission._id;
      const rows = async () =>
        JSON.stringify(
          await Promise.all([
            database.db.selectFrom("writing_markings").selectAll().execute(),
            database.db.selectFrom("writing_comments").selectAll().execute(),
          ]),
        );
      const before = await rows();
      const bands = {
        task: 9,
        coherenceCohesion: 9,
        lexicalResource: 9,
        grammaticalRangeAccuracy: 9,
      };
      for (const [method, path, body] of [
        ["GET", "/api/writing/queue", undefined],
        [
          "POST",
          `/api/writing/submissions/${answerId}/comments`,
          { criterion: "general", text: "x", quote: "answer" },
        ],
        ["PATCH", "/api/writing/comments/any-comment", { text: "x" }],
        ["DELETE", "/api/writing/comments/any-comment", undefined],
        ["PUT", `/api/writing/submissions/${answerId}/marks`, { bands, summary: "x" }],
        ["POST", `/api/writing/submissions/${answerId}/return`, undefined],
      ] as const) {
        expect((await api(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
        for (const student of [author, other]) {
          expect((await api(method, path, student.token, body)).status, `${method} ${path}`).toBe(
            403,
          );
        }
      }
      const request = `/api/writing/submissions/${answerId}/marking-request`;
      expect((await api("POST", request)).status).toBe(401);
      expect((await api("POST", request, other.token)).status).toBe(404);
      // The author's own, refused only for want of an allowance.
      expect((await api("POST", request, author.token)).status).toBe(403);
      expect((await api("GET", "/api/writing/progress")).status).toBe(401);
      expect((await api("GET", "/api/writing/progress", other.token)).status).toBe(200);
      expect(await rows()).toBe(before);
    });
  });

  it("shows review text with HTML or script as text: page, JSON-LD and meta tags", async () => {
    const attack = `</script><script>alert("x")</script><img src=x onerror=alert(1)>`;
    await api("PATCH", `/api/reviews/${reviewId}`, author.token, { text: attack });
    const serviceAttack = await api("POST", "/api/services", author.token, {
      serviceName: `<script>alert("name")</script>`,
      price: 1,
      description: `"><script>alert("description")</script>`,
    });
    expect(serviceAttack.status).toBe(201);
    const { insertedId } = (await serviceAttack.json()) as { insertedId: string };
    for (const path of [
      `/services/${serviceId}`,
      `/services/${insertedId}`,
      "/services",
      "/my-reviews",
    ]) {
      const html = await (
        await app.request(`http://localhost:3000${path}`, { headers: { cookie: author.cookie } })
      ).text();
      expect(html, path).not.toContain("<script>alert(");
      expect(html, path).not.toContain("<img src=x");
      expect(html, path).not.toMatch(/content="[^"]*"><script>/);
    }
    const details = await (await app.request(`http://localhost:3000/services/${serviceId}`)).text();
    expect(details).toContain("&lt;/script&gt;&lt;script&gt;alert(");
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(details)?.[1] ?? "";
    expect(
      JSON.parse(
        jsonLd.replaceAll("\\u003c", "<").replaceAll("\\u003e", ">").replaceAll("\\u0026", "&"),
      ).review[0].reviewBody,
    ).toBe(attack);
  });
});

/**
 * The same matrix for every call that only some callers may make (issue 25, "who before what"):
 * the caller is known and judged before the body is read, so the wrong caller gets the same 401,
 * 403 or 404 whatever they send — a well-formed body, an empty one, wrongly typed fields, or no
 * JSON at all — and nothing changes. A form body that cannot be read at all is refused at the door
 * (server/request-bodies.ts) for everyone alike, before any page, so the pages' malformed bodies
 * here are forms with fields missing or wrong.
 */
describe.each(engines)("authorization matrix, who before what, on %s", (engine) => {
  type Person = Awaited<ReturnType<typeof signUpWithToken>>;
  // Each request from an address of its own, so the write limits stay out of this matrix.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  let author: Person;
  let student: Person;
  let owner: Person;
  let serviceId: string;
  let pendingId: string;
  let reviewId: string;
  let enrollmentId: string;
  let postId: string;
  let endpointId: string;
  let deliveryId: string;
  let taskId: string;
  let draftTaskId: string;
  let task1Id: string;
  let answerId: string;
  /** The author's answer sent for marking, with a comment of the teacher's (issue 39). */
  let markedAnswerId: string;
  let commentId: string;
  let address = 0;
  const nextAddress = () => `10.25.${Math.floor(++address / 250)}.${address % 250}`;

  beforeAll(async () => {
    author = await signUpWithToken(site.app, site.database.db, { name: "Course Author" });
    student = await signUpWithToken(site.app, site.database.db, { name: "Other Student" });
    owner = await signUpWithToken(site.app, site.database.db, { name: "The Teacher" });
    await makeOwner(site.database.db, owner.email);
    serviceId = await insertService(site.database.db, {
      name: "Author's course",
      createdBy: author.id,
    });
    pendingId = await insertService(site.database.db, {
      name: "Author's pending course",
      createdBy: author.id,
      status: "pending",
    });
    reviewId = await insertReview(site.database.db, {
      serviceId,
      userId: author.id,
      rating: 4,
      message: "Original words",
    });
    const enrolled = await api("POST", "/api/enrollments", author, { serviceId });
    expect(enrolled.status).toBe(201);
    enrollmentId = ((await enrolled.json()) as { insertedId: string }).insertedId;
    const post = await createPost(site.database.db, {
      writer: { userId: owner.id, isOwner: true, address: nextAddress() },
      input: postInputSchema.parse({ title: "The teacher's draft", body: "Not yet." }),
    });
    if (!post.ok) throw new Error("The matrix's post was not written.");
    postId = post.id;
    // A published Writing task and a draft (issue 38).
    taskId = await insertWritingTask(site.database.db, { title: "The teacher's task" });
    draftTaskId = await insertWritingTask(site.database.db, {
      title: "The teacher's draft",
      status: "draft",
    });
    task1Id = await insertWritingTask(site.database.db, {
      kind: "general-task-1",
      title: "The teacher's letter",
    });
    // The author's Writing answer to it, and their draft of it (decision 0059).
    await site.app.prepareWritingMeasures();
    const answered = await api("POST", "/api/writing/submissions", author, {
      taskId,
      text: "The author's own answer, for their eyes and the teacher's.",
    });
    expect(answered.status).toBe(201);
    answerId = ((await answered.json()) as { submission: { _id: string } }).submission._id;
    // A course that includes marking, the author's approved enrollment in it, and a second answer
    // of theirs sent for marking, which the teacher has begun to comment on (issue 39).
    const markingCourseId = await insertService(site.database.db, { name: "Marked essays" });
    await site.database.db
      .updateTable("services")
      .set({ writing_answers_marked: 1 })
      .where("id", "=", markingCourseId)
      .execute();
    const approvedAt = new Date().toISOString();
    await site.database.db
      .insertInto("enrollments")
      .values({
        id: crypto.randomUUID(),
        service_id: markingCourseId,
        user_id: author.id,
        start_date: null,
        message: null,
        status: "confirmed",
        owner_note: null,
        created_at: approvedAt,
        updated_at: approvedAt,
      })
      .execute();
    const marked = await api("POST", "/api/writing/submissions", author, {
      taskId,
      text: "The author's own answer sent for marking, for their eyes and the teacher's.",
    });
    expect(marked.status).toBe(201);
    markedAnswerId = ((await marked.json()) as { submission: { _id: string } }).submission._id;
    expect(
      (await api("POST", `/api/writing/submissions/${markedAnswerId}/marking-request`, author))
        .status,
    ).toBe(201);
    const commented = await api(
      "POST",
      `/api/writing/submissions/${markedAnswerId}/comments`,
      owner,
      {
        criterion: "general",
        text: "The teacher's first comment.",
        quote: "sent for marking",
      },
    );
    expect(commented.status).toBe(201);
    commentId = ((await commented.json()) as { comment: { id: string } }).comment.id;
    // The draft last: submitting an answer to the task removes its draft.
    const drafted = await api("PUT", `/api/writing/drafts/${taskId}`, author, {
      text: "The author's own draft",
    });
    expect(drafted.status).toBe(200);
    // A webhook endpoint with a failed delivery, as the owner's page lists them.
    endpointId = crypto.randomUUID();
    deliveryId = crypto.randomUUID();
    const now = new Date().toISOString();
    await site.database.db
      .insertInto("webhook_endpoints")
      .values({
        id: endpointId,
        url: "https://hooks.example/ielts",
        events: JSON.stringify(["review.created"]),
        secret: "v1.sealed.never.opened",
        state: "on",
        state_changed_at: null,
        failing_since: null,
        created_by: owner.id,
        created_at: now,
      })
      .execute();
    await site.database.db
      .insertInto("webhook_deliveries")
      .values({
        id: deliveryId,
        endpoint_id: endpointId,
        event_type: "review.created",
        payload: "{}",
        status: "failed",
        retry_until: now,
        last_error: "HTTP 500",
        created_at: now,
      })
      .execute();
  });

  function api(method: string, path: string, who: Person | undefined, body?: unknown) {
    return rawApi(method, path, who, body === undefined ? undefined : JSON.stringify(body));
  }
  function rawApi(method: string, path: string, who: Person | undefined, body?: string) {
    return site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": nextAddress(),
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body,
    });
  }
  const form = (path: string, fields: Record<string, string>, who: Person | undefined) =>
    postForm(site.app, path, fields, {
      "x-forwarded-for": nextAddress(),
      ...(who ? { cookie: who.cookie } : {}),
    });
  /** A page's answer as the test compares it: the status, and where a redirect leads. */
  const outcome = (response: Response) => {
    const location = response.headers.get("location");
    return location ? `${response.status} ${location.split("?")[0]}` : String(response.status);
  };

  /** Every row a refused call must leave as it was. */
  const snapshot = async () => {
    const { db } = site.database;
    return JSON.stringify(
      await Promise.all([
        db.selectFrom("services").selectAll().orderBy("id").execute(),
        db.selectFrom("reviews").selectAll().orderBy("id").execute(),
        db.selectFrom("review_replies").selectAll().orderBy("review_id").execute(),
        db.selectFrom("review_reports").selectAll().orderBy("id").execute(),
        db.selectFrom("enrollments").selectAll().orderBy("id").execute(),
        db.selectFrom("newsletter_issues").selectAll().orderBy("id").execute(),
        db.selectFrom("image_variants").select("image_id").orderBy("image_id").execute(),
        db.selectFrom("posts").selectAll().orderBy("id").execute(),
        db.selectFrom("post_revisions").select("id").orderBy("id").execute(),
        db.selectFrom("site_settings").selectAll().orderBy("key").execute(),
        db.selectFrom("site_word_changes").selectAll().orderBy("id").execute(),
        db.selectFrom("webhook_endpoints").selectAll().orderBy("id").execute(),
        db.selectFrom("webhook_deliveries").selectAll().orderBy("id").execute(),
        db.selectFrom("writing_tasks").selectAll().orderBy("id").execute(),
        db.selectFrom("writing_submissions").selectAll().orderBy("id").execute(),
        db
          .selectFrom("writing_drafts")
          .selectAll()
          .orderBy("author_id")
          .orderBy("task_id")
          .execute(),
        db.selectFrom("writing_markings").selectAll().orderBy("submission_id").execute(),
        db.selectFrom("writing_comments").selectAll().orderBy("id").execute(),
      ]),
    );
  };

  /** Bodies no call accepts: after a well-formed one, each must get the very same refusal. */
  const malformedJson: [string, string | undefined][] = [
    ["an empty object", "{}"],
    [
      "wrongly typed fields",
      JSON.stringify({
        serviceName: 5,
        price: "free",
        description: [],
        img: {},
        text: 7,
        rating: "five",
        reason: "rude",
        password: 1,
        email: false,
      }),
    ],
    ["a list", "[1, 2]"],
    ["broken JSON", "{not json"],
    ["no body", undefined],
  ];

  const serviceEdit = { serviceName: "Renamed course", price: 12.5, description: "New words." };
  const taskWrite = { kind: "task-2", title: "Taken over", prompt: "Mine now.", status: "draft" };
  const commentWrite = { criterion: "general", text: "Not the teacher's.", quote: "answer" };
  const marks = {
    bands: { task: 9, coherenceCohesion: 9, lexicalResource: 9, grammaticalRangeAccuracy: 9 },
    summary: "Perfect, says I.",
  };
  const who = {
    anonymous: () => undefined,
    author: () => author,
    student: () => student,
    owner: () => owner,
  };

  // [method, path, caller, a well-formed body, the refusal]
  const apiCalls: [string, () => string, keyof typeof who, unknown, number][] = [
    ["PATCH", () => `/api/services/${serviceId}`, "anonymous", serviceEdit, 401],
    ["PATCH", () => `/api/services/${serviceId}`, "student", serviceEdit, 403],
    ["PATCH", () => `/api/services/${pendingId}`, "student", serviceEdit, 404],
    ["PATCH", () => "/api/services/no-such-course", "student", serviceEdit, 404],
    ["DELETE", () => `/api/services/${serviceId}`, "student", undefined, 403],
    ["PATCH", () => `/api/reviews/${reviewId}`, "anonymous", { text: "Hacked" }, 401],
    ["PATCH", () => `/api/reviews/${reviewId}`, "student", { text: "Hacked" }, 404],
    ["PATCH", () => "/api/reviews/no-such-review", "student", { text: "Hacked" }, 404],
    ["DELETE", () => `/api/reviews/${reviewId}`, "student", undefined, 404],
    ["POST", () => `/api/reviews/${reviewId}/hide`, "anonymous", { reason: "spam" }, 401],
    ["POST", () => `/api/reviews/${reviewId}/hide`, "student", { reason: "spam" }, 403],
    ["POST", () => `/api/reviews/${reviewId}/hide`, "author", { reason: "spam" }, 403],
    ["POST", () => "/api/reviews/no-such-review/hide", "student", { reason: "spam" }, 404],
    ["POST", () => "/api/reviews/no-such-review/hide", "owner", { reason: "spam" }, 404],
    ["POST", () => `/api/reviews/${reviewId}/restore`, "anonymous", undefined, 401],
    ["POST", () => `/api/reviews/${reviewId}/restore`, "student", undefined, 403],
    ["PUT", () => `/api/reviews/${reviewId}/reply`, "anonymous", { text: "Hi" }, 401],
    ["PUT", () => `/api/reviews/${reviewId}/reply`, "student", { text: "Fake teacher" }, 403],
    ["PUT", () => `/api/reviews/${reviewId}/reply`, "author", { text: "Myself" }, 403],
    ["PUT", () => "/api/reviews/no-such-review/reply", "owner", { text: "Hi" }, 404],
    ["DELETE", () => `/api/reviews/${reviewId}/reply`, "student", undefined, 403],
    ["POST", () => `/api/reviews/${reviewId}/reports`, "anonymous", { reason: "spam" }, 401],
    ["POST", () => `/api/reviews/${reviewId}/reports`, "author", { reason: "spam" }, 403],
    ["POST", () => "/api/reviews/no-such-review/reports", "student", { reason: "spam" }, 404],
    ["DELETE", () => `/api/enrollments/${enrollmentId}`, "student", undefined, 404],
    ["POST", () => "/api/jwt", "anonymous", { email: "someone@example.com" }, 401],
    ["DELETE", () => "/api/me", "anonymous", { password: "a long password" }, 401],
    ["POST", () => "/api/tokens/renew", "anonymous", undefined, 401],
    ["DELETE", () => "/api/tokens/current", "anonymous", undefined, 401],
    // The owner's Writing tasks (issue 38).
    ["POST", () => "/api/writing/tasks", "anonymous", taskWrite, 401],
    ["POST", () => "/api/writing/tasks", "student", taskWrite, 403],
    ["POST", () => "/api/writing/tasks", "author", taskWrite, 403],
    ["PATCH", () => `/api/writing/tasks/${taskId}`, "anonymous", taskWrite, 401],
    ["PATCH", () => `/api/writing/tasks/${taskId}`, "student", taskWrite, 403],
    ["PATCH", () => `/api/writing/tasks/${taskId}`, "author", taskWrite, 403],
    ["PATCH", () => "/api/writing/tasks/no-such-task", "owner", taskWrite, 404],
    ["DELETE", () => `/api/writing/tasks/${taskId}`, "anonymous", undefined, 401],
    ["DELETE", () => `/api/writing/tasks/${taskId}`, "student", undefined, 403],
    ["DELETE", () => "/api/writing/tasks/no-such-task", "owner", undefined, 404],
    // Writing answers and drafts (decision 0059): anyone signed in writes their own, so only
    // nobody is refused whatever the body.
    [
      "POST",
      () => "/api/writing/submissions",
      "anonymous",
      { taskId: "a-task", text: "Mine." },
      401,
    ],
    ["PUT", () => `/api/writing/drafts/${taskId}`, "anonymous", { text: "Mine." }, 401],
    // The teacher's marking (issue 39): a student sends only their own answer; only an owner
    // marks, and an owner's call about an answer or comment that is not there is a 404.
    [
      "POST",
      () => `/api/writing/submissions/${answerId}/marking-request`,
      "anonymous",
      undefined,
      401,
    ],
    [
      "POST",
      () => `/api/writing/submissions/${answerId}/marking-request`,
      "student",
      undefined,
      404,
    ],
    ["POST", () => `/api/writing/submissions/${answerId}/marking-request`, "owner", undefined, 404],
    ...(["anonymous", "student", "author"] as const).flatMap(
      (caller): [string, () => string, keyof typeof who, unknown, number][] => {
        const refusal = caller === "anonymous" ? 401 : 403;
        return [
          [
            "POST",
            () => `/api/writing/submissions/${markedAnswerId}/comments`,
            caller,
            commentWrite,
            refusal,
          ],
          ["PATCH", () => `/api/writing/comments/${commentId}`, caller, { text: "Mine" }, refusal],
          ["DELETE", () => `/api/writing/comments/${commentId}`, caller, undefined, refusal],
          ["PUT", () => `/api/writing/submissions/${markedAnswerId}/marks`, caller, marks, refusal],
          [
            "POST",
            () => `/api/writing/submissions/${markedAnswerId}/return`,
            caller,
            undefined,
            refusal,
          ],
        ];
      },
    ),
    ["POST", () => `/api/writing/submissions/${answerId}/comments`, "owner", commentWrite, 404],
    ["POST", () => "/api/writing/submissions/no-such-answer/comments", "owner", commentWrite, 404],
    ["PATCH", () => "/api/writing/comments/no-such-comment", "owner", { text: "x" }, 404],
    ["DELETE", () => "/api/writing/comments/no-such-comment", "owner", undefined, 404],
    ["PUT", () => `/api/writing/submissions/${answerId}/marks`, "owner", marks, 404],
    ["PUT", () => "/api/writing/submissions/no-such-answer/marks", "owner", marks, 404],
    ["POST", () => "/api/writing/submissions/no-such-answer/return", "owner", undefined, 404],
  ];

  it("gives each Writing marking call to whom it belongs: nobody, another student, the author, the owner", async () => {
    const before = await snapshot();
    // [method, path, caller, status]: only what changes nothing, the refusals and the reads.
    const calls: [string, () => string, keyof typeof who, number][] = [
      ["GET", () => "/api/writing/progress", "anonymous", 401],
      ["GET", () => "/api/writing/progress", "student", 200],
      ["GET", () => "/api/writing/progress", "author", 200],
      ["GET", () => "/api/writing/progress", "owner", 200],
      ["GET", () => "/api/writing/queue", "anonymous", 401],
      ["GET", () => "/api/writing/queue", "student", 403],
      ["GET", () => "/api/writing/queue", "author", 403],
      ["GET", () => "/api/writing/queue", "owner", 200],
      ["GET", () => `/api/writing/submissions/${markedAnswerId}`, "anonymous", 401],
      ["GET", () => `/api/writing/submissions/${markedAnswerId}`, "student", 404],
      ["GET", () => `/api/writing/submissions/${markedAnswerId}`, "author", 200],
      ["GET", () => `/api/writing/submissions/${markedAnswerId}`, "owner", 200],
      [
        "POST",
        () => `/api/writing/submissions/${markedAnswerId}/marking-request`,
        "anonymous",
        401,
      ],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/marking-request`, "student", 404],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/marking-request`, "author", 409],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/marking-request`, "owner", 404],
      // The author's allowance (one answer) is used.
      ["POST", () => `/api/writing/submissions/${answerId}/marking-request`, "author", 403],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/comments`, "anonymous", 401],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/comments`, "student", 403],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/comments`, "author", 403],
      ["PATCH", () => `/api/writing/comments/${commentId}`, "anonymous", 401],
      ["PATCH", () => `/api/writing/comments/${commentId}`, "student", 403],
      ["PATCH", () => `/api/writing/comments/${commentId}`, "author", 403],
      ["DELETE", () => `/api/writing/comments/${commentId}`, "anonymous", 401],
      ["DELETE", () => `/api/writing/comments/${commentId}`, "student", 403],
      ["DELETE", () => `/api/writing/comments/${commentId}`, "author", 403],
      ["PUT", () => `/api/writing/submissions/${markedAnswerId}/marks`, "anonymous", 401],
      ["PUT", () => `/api/writing/submissions/${markedAnswerId}/marks`, "student", 403],
      ["PUT", () => `/api/writing/submissions/${markedAnswerId}/marks`, "author", 403],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/return`, "anonymous", 401],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/return`, "student", 403],
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/return`, "author", 403],
      // The owner's: not ready to return (no bands yet); a student's unsent answer is not marked.
      ["POST", () => `/api/writing/submissions/${markedAnswerId}/return`, "owner", 409],
      ["PUT", () => `/api/writing/submissions/${answerId}/marks`, "owner", 404],
    ];
    const bodies: Record<string, unknown> = { PATCH: { text: "Changed" }, PUT: marks };
    const wrong: string[] = [];
    for (const [method, path, caller, expected] of calls) {
      const body =
        method === "POST" && path().endsWith("/comments") ? commentWrite : bodies[method];
      const response = await api(method, path(), who[caller](), body);
      const text = await response.text();
      if (response.status !== expected)
        wrong.push(`${method} ${path()} as ${caller}: ${response.status}, not ${expected}`);
      // Nobody but the author and the owners reads the answer or the teacher's words on it.
      if (
        caller !== "author" &&
        caller !== "owner" &&
        /The author's own|The teacher's first/.test(text)
      )
        wrong.push(`${method} ${path()} as ${caller} shows the author's answer or its marking`);
    }
    expect(wrong).toEqual([]);
    // The queue is the owner's: the answer waits there, with its comment counted.
    const queue = (await (await api("GET", "/api/writing/queue", owner)).json()) as {
      answers: { _id: string; comments: number }[];
    };
    expect(queue.answers).toEqual([expect.objectContaining({ _id: markedAnswerId, comments: 1 })]);
    // A student's progress is their own; the marking, not yet returned, is nobody's to read.
    const progress = (await (await api("GET", "/api/writing/progress", author)).json()) as {
      allowance: { used: number; left: number };
      markings: unknown[];
    };
    expect(progress).toMatchObject({ allowance: { used: 1, left: 0 }, markings: [] });
    for (const caller of ["author", "owner"] as const) {
      const read = (await (
        await api("GET", `/api/writing/submissions/${markedAnswerId}`, who[caller]())
      ).json()) as { submission: { status: string; marking: unknown } };
      expect(read.submission, caller).toMatchObject({
        status: "waiting-for-marking",
        marking: null,
      });
    }
    expect(await snapshot()).toBe(before);
  });

  it("keeps a Writing answer to its author and the owners, and a draft to its author: 401 to nobody, 404 to anyone else", async () => {
    const before = await snapshot();
    // [path, caller, status]
    const reads: [() => string, keyof typeof who, number][] = [
      [() => `/api/writing/submissions/${answerId}`, "anonymous", 401],
      [() => `/api/writing/submissions/${answerId}`, "student", 404],
      [() => `/api/writing/submissions/${answerId}`, "author", 200],
      [() => `/api/writing/submissions/${answerId}`, "owner", 200],
      [() => "/api/writing/submissions/no-such-answer", "owner", 404],
      [() => `/api/writing/drafts/${taskId}`, "anonymous", 401],
      [() => `/api/writing/drafts/${taskId}`, "student", 404],
      [() => `/api/writing/drafts/${taskId}`, "owner", 404],
      [() => `/api/writing/drafts/${taskId}`, "author", 200],
      [() => "/api/writing/submissions", "anonymous", 401],
    ];
    const wrong: string[] = [];
    for (const [path, caller, expected] of reads) {
      const person = who[caller]();
      // By token, and by the session cookie as the site's pages send it.
      const ways: Record<string, string>[] = person
        ? [{ authorization: `Bearer ${person.token}` }, { cookie: person.cookie }]
        : [{}];
      for (const credentials of ways) {
        const response = await site.app.request(`${ORIGIN}${path()}`, {
          headers: { ...credentials, "x-forwarded-for": nextAddress() },
        });
        const text = await response.text();
        if (response.status !== expected)
          wrong.push(`GET ${path()} as ${caller}: ${response.status}, not ${expected}`);
        if (expected !== 200 && text.includes("The author's own"))
          wrong.push(`GET ${path()} as ${caller} shows the author's words`);
      }
    }
    expect(wrong).toEqual([]);
    // Each lists only their own answers.
    for (const caller of ["student", "owner"] as const) {
      const list = (await (await api("GET", "/api/writing/submissions", who[caller]())).json()) as {
        submissions: { _id: string }[];
      };
      expect(
        list.submissions.map((answer) => answer._id),
        caller,
      ).not.toContain(answerId);
    }
    const own = (await (await api("GET", "/api/writing/submissions", author)).json()) as {
      submissions: { _id: string }[];
    };
    expect(own.submissions.map((answer) => answer._id)).toContain(answerId);
    expect(await snapshot()).toBe(before);
  });

  it("shows a Writing answer's page to its author and the owners, and a draft on the screen to its author: a visitor signs in, anyone else gets 404", async () => {
    const before = await snapshot();
    // [path, caller, outcome, whether the author's words are there]
    const pages: [() => string, keyof typeof who, string, boolean][] = [
      [() => `/writing/submissions/${answerId}`, "anonymous", "302 /login", false],
      [() => `/writing/submissions/${answerId}`, "student", "404", false],
      [() => `/writing/submissions/${answerId}?test=${answerId}`, "student", "404", false],
      [() => `/writing/submissions/${answerId}`, "author", "200", true],
      [() => `/writing/submissions/${answerId}`, "owner", "200", true],
      [() => "/writing/submissions/no-such-answer", "owner", "404", false],
      [() => `/writing/tasks/${taskId}/write?continue=1`, "anonymous", "302 /login", false],
      [() => `/writing/tasks/${taskId}/write?continue=1`, "student", "200", false],
      [() => `/writing/tasks/${taskId}/write?continue=1`, "owner", "200", false],
      [() => `/writing/tasks/${taskId}/write?continue=1`, "author", "200", true],
      [() => `/writing/test?task1=${task1Id}&task2=${taskId}&continue=1`, "student", "200", false],
      [() => `/writing/test?task1=${task1Id}&task2=${taskId}&continue=1`, "author", "200", true],
      [() => "/writing", "student", "200", false],
      [() => "/writing", "owner", "200", false],
      // The teacher's marking (issue 39): owners only; an answer never sent has no marking page.
      [() => "/admin/writing", "anonymous", "404", false],
      [() => "/admin/writing", "student", "404", false],
      [() => "/admin/writing", "author", "404", false],
      [() => "/admin/writing", "owner", "200", false],
      [() => `/admin/writing/submissions/${answerId}`, "anonymous", "404", false],
      [() => `/admin/writing/submissions/${answerId}`, "student", "404", false],
      [() => `/admin/writing/submissions/${answerId}`, "author", "404", false],
      [() => `/admin/writing/submissions/${answerId}`, "owner", "404", false],
    ];
    const wrong: string[] = [];
    for (const [path, caller, expected, shown] of pages) {
      const person = who[caller]();
      const response = await site.app.request(`${ORIGIN}${path()}`, {
        headers: { ...(person ? { cookie: person.cookie } : {}), "x-forwarded-for": nextAddress() },
        redirect: "manual",
      });
      const text = await response.text();
      if (outcome(response) !== expected)
        wrong.push(`GET ${path()} as ${caller}: ${outcome(response)}, not ${expected}`);
      if (text.includes("The author&#x27;s own") !== shown)
        wrong.push(`GET ${path()} as ${caller} ${shown ? "lacks" : "shows"} the author's words`);
      // (A refused address may name itself, the banner's way back for instance.)
      if (!shown && !path().includes(answerId) && text.includes(answerId))
        wrong.push(`GET ${path()} as ${caller} links the author's answer`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it("gives the API's document and its reference page to anyone alike, and takes no write there", async () => {
    const answers = new Set<string>();
    for (const caller of Object.keys(who) as (keyof typeof who)[]) {
      const document = await rawApi("GET", "/api/openapi.json", who[caller]());
      expect(document.status, caller).toBe(200);
      answers.add(`${document.headers.get("etag")} ${document.headers.get("cache-control")}`);
      const person = who[caller]();
      const page = await site.app.request(`${ORIGIN}/api/docs`, {
        headers: person ? { cookie: person.cookie } : {},
      });
      expect(page.status, caller).toBe(200);
      expect(await page.text()).toContain("API reference");
      expect((await rawApi("POST", "/api/openapi.json", who[caller](), "{}")).status).toBe(405);
    }
    // One document for everyone, cacheable by anyone.
    expect([...answers]).toEqual([expect.stringMatching(/^"[\w-]+" public, no-cache$/)]);
  });

  it("answers the wrong caller of the JSON API the same, whatever the body", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [method, path, caller, wellFormed, refusal] of apiCalls) {
      const bodies: [string, string | undefined][] = [
        ["a well-formed body", wellFormed === undefined ? undefined : JSON.stringify(wellFormed)],
        ...malformedJson,
      ];
      for (const [label, body] of bodies) {
        const status = (await rawApi(method, path(), who[caller](), body)).status;
        if (status !== refusal)
          wrong.push(`${method} ${path()} as ${caller} with ${label}: ${status}, not ${refusal}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it("answers the wrong caller of a picture upload the same, and never reads the picture", async () => {
    const before = await snapshot();
    const garbage = { bytes: new Uint8Array([1, 2, 3, 4]), name: "a.jpg", type: "image/jpeg" };
    const good = { bytes: await photo("jpeg"), name: "a.jpg", type: "image/jpeg" };
    const fields = { serviceName: "Pictured", price: "20", description: "With a picture." };
    const cases: [Record<string, string>, typeof good, keyof typeof who, number][] = [
      [fields, good, "student", 403],
      [{}, good, "student", 403],
      [{ ...fields, price: "free", level: "{not json" }, garbage, "student", 403],
      [{}, garbage, "anonymous", 401],
    ];
    for (const [sent, image, caller, refusal] of cases) {
      const response = await sendMultipart(
        site.app,
        "PATCH",
        `/api/services/${serviceId}`,
        sent,
        { image },
        {
          "x-forwarded-for": nextAddress(),
          ...(who[caller]() ? { authorization: `Bearer ${who[caller]()?.token}` } : {}),
        },
      );
      expect(response.status, `${caller} ${JSON.stringify(sent)}`).toBe(refusal);
    }
    expect(await snapshot()).toBe(before);
  });

  // [path, caller, a well-formed form, forms with fields missing or wrong, the refusal]
  type Fields = Record<string, string>;
  const forms = (...sent: Fields[]) => sent;
  /** The answer screens' forms, each kind of step, and some that no screen sends. */
  const answerForms = () =>
    forms(
      {},
      { intent: "submit", text: "Mine" },
      { intent: "save-draft", text: "x".repeat(20_000) },
      { intent: "discard-draft" },
      { intent: "nothing", text: "Mine" },
      { intent: "submit-confirmed", text: "", timed: "1", timeRanOut: "1", secondsTaken: "-5" },
    );
  const pageCalls: [() => string, keyof typeof who, () => Fields, () => Fields[], string][] = [
    [
      () => `/services/${serviceId}/edit`,
      "anonymous",
      () => ({ serviceName: "Renamed", price: "12.5", description: "New words.", imageUrl: "" }),
      () => forms({}, { serviceName: "", price: "free", imageUrl: "javascript:alert(1)" }),
      "302 /login",
    ],
    [
      () => `/services/${serviceId}/edit`,
      "student",
      () => ({ serviceName: "Renamed", price: "12.5", description: "New words.", imageUrl: "" }),
      () => forms({}, { serviceName: "", price: "free", imageUrl: "javascript:alert(1)" }),
      "404",
    ],
    [
      () => `/services/${pendingId}/edit`,
      "student",
      () => ({ serviceName: "Renamed", price: "12.5", description: "New words.", imageUrl: "" }),
      () => forms({}, { price: "-1" }),
      "404",
    ],
    [() => `/services/${serviceId}/delete`, "student", () => ({}), () => forms({ x: "y" }), "404"],
    [
      () => `/update/${reviewId}`,
      "anonymous",
      () => ({ rating: "1", message: "Hacked" }),
      () => forms({}, { rating: "nine", message: "" }),
      "302 /login",
    ],
    [
      () => `/update/${reviewId}`,
      "student",
      () => ({ rating: "1", message: "Hacked" }),
      () => forms({}, { rating: "nine", message: "" }),
      "404",
    ],
    [
      () => `/update/no-such-review`,
      "student",
      () => ({ rating: "1", message: "Hacked" }),
      () => forms({}, { rating: "nine", message: "" }),
      "404",
    ],
    [
      () => "/my-reviews",
      "student",
      () => ({ reviewId }),
      () => forms({}, { reviewId: "" }),
      "404",
    ],
    [
      () => `/services/${serviceId}`,
      "anonymous",
      () => ({ intent: "reply", reviewId, text: "Fake teacher" }),
      () => forms({ intent: "reply", reviewId }, { intent: "reply" }),
      "401",
    ],
    [
      () => `/services/${serviceId}`,
      "student",
      () => ({ intent: "reply", reviewId, text: "Fake teacher" }),
      () => forms({ intent: "reply", reviewId }, { intent: "reply", reviewId, text: "" }),
      "404",
    ],
    [
      () => `/services/${serviceId}`,
      "student",
      () => ({ intent: "delete-reply", reviewId }),
      () => forms({ intent: "delete-reply", reviewId, text: "" }),
      "404",
    ],
    [
      () => `/services/${serviceId}`,
      "author",
      () => ({ intent: "report", reviewId, reason: "spam" }),
      () =>
        forms(
          { intent: "report", reviewId },
          { intent: "report", reviewId, reason: "rude", note: "x".repeat(5000) },
        ),
      "404",
    ],
    [
      () => "/admin",
      "student",
      () => ({ intent: "hide-review", reviewId, reason: "spam" }),
      () => forms({ intent: "hide-review", reviewId }, { intent: "hide-review" }),
      "404",
    ],
    [
      () => "/admin",
      "owner",
      () => ({ intent: "hide-review", reviewId: "no-such-review", reason: "spam" }),
      () =>
        forms(
          { intent: "hide-review", reviewId: "no-such-review" },
          { intent: "hide-review", reviewId: "no-such-review", reason: "rude" },
        ),
      "404",
    ],
    [
      () => "/admin",
      "student",
      () => ({ intent: "decide-enrollment", enrollmentId, decision: "confirmed" }),
      () => forms({ intent: "decide-enrollment", enrollmentId }, { intent: "decide-enrollment" }),
      "404",
    ],
    [
      () => "/admin",
      "owner",
      () => ({
        intent: "decide-enrollment",
        enrollmentId: "no-such-request",
        decision: "confirmed",
      }),
      () =>
        forms(
          { intent: "decide-enrollment", enrollmentId: "no-such-request" },
          { intent: "decide-enrollment", enrollmentId: "no-such-request", decision: "maybe" },
        ),
      "404",
    ],
    [
      () => "/admin",
      "student",
      () => ({ intent: "publish", serviceId: pendingId }),
      () => forms({ intent: "publish" }, {}),
      "404",
    ],
    [
      () => "/admin/site",
      "student",
      () => ({ intent: "hero", title: "Taken over", text: "By a student." }),
      () => forms({ intent: "hero", title: "x".repeat(500) }, { intent: "nothing" }),
      "404",
    ],
    [
      () => "/admin/site",
      "anonymous",
      () => ({ intent: "contact", phone: "+1 555 0100" }),
      () => forms({ intent: "contact", email: "not an address" }, {}),
      "404",
    ],
    [
      () => "/admin/site",
      "student",
      () => ({ intent: "faq-add", question: "Who wrote this?", answer: "A student." }),
      () =>
        forms(
          { intent: "faq-add", question: "" },
          { intent: "faq-remove", itemId: "practice-tests" },
          { intent: "faq-move-down", itemId: "practice-tests" },
        ),
      "404",
    ],
    [
      () => "/admin/site",
      "student",
      () => ({ intent: "social-links", "network-1": "x", "url-1": "https://example.com/me" }),
      () => forms({ intent: "social-links", "url-1": "javascript:alert(1)" }),
      "404",
    ],
    [
      () => "/my-courses",
      "student",
      () => ({ enrollmentId }),
      () => forms({}, { enrollmentId: "" }),
      "404",
    ],
    [
      () => "/admin/newsletter/new",
      "student",
      () => ({ subject: "Hello", body: "Words." }),
      () => forms({}, { subject: "" }),
      "404",
    ],
    [
      () => "/admin/newsletter/some-issue",
      "student",
      () => ({ intent: "save", subject: "Hello", body: "Words." }),
      () => forms({ intent: "save" }, { intent: "send" }),
      "404",
    ],
    [
      () => "/admin",
      "student",
      () => ({ intent: "time-zone", timeZone: "Europe/London" }),
      () => forms({ intent: "time-zone" }, { intent: "time-zone", timeZone: "Mars/Olympus" }),
      "404",
    ],
    ...(["anonymous", "student", "author"] as const).flatMap(
      (caller): (typeof pageCalls)[number][] => [
        [
          () => "/admin/posts/new",
          caller,
          () => ({ intent: "save", title: "Spam", body: "Spam", status: "published" }),
          () => forms({}, { intent: "preview", body: "x" }, { intent: "save", title: "" }),
          "404",
        ],
        [
          () => `/admin/posts/${postId}/edit`,
          caller,
          () => ({ intent: "save", title: "Hacked", body: "Hacked", status: "published" }),
          () =>
            forms(
              {},
              { intent: "unpublish" },
              { intent: "restore", revisionId: "x" },
              { intent: "preview" },
              { intent: "save", status: "scheduled", publishAt: "yesterday" },
            ),
          "404",
        ],
        [() => `/admin/posts/${postId}/delete`, caller, () => ({}), () => forms({ x: "y" }), "404"],
      ],
    ),
    [
      () => "/admin/posts/no-such-post/edit",
      "owner",
      () => ({ intent: "save", title: "Ghost", body: "Ghost" }),
      () => forms({}, { intent: "restore", revisionId: "x" }),
      "404",
    ],
    [() => "/admin/posts/no-such-post/delete", "owner", () => ({}), () => forms({ x: "y" }), "404"],
    // The owner's webhooks (issue 28): every form, for everyone but an owner.
    ...(["anonymous", "student", "author"] as const).flatMap(
      (caller): (typeof pageCalls)[number][] => [
        [
          () => "/admin/webhooks",
          caller,
          () => ({
            intent: "add-endpoint",
            url: "https://hooks.example/taken-over",
            events: "review.created",
          }),
          () =>
            forms(
              {},
              { intent: "add-endpoint", url: "http://169.254.169.254/" },
              { intent: "add-endpoint", url: "", events: "no.such.event" },
            ),
          "404",
        ],
        ...["test-endpoint", "endpoint-off", "endpoint-on", "delete-endpoint"].map(
          (intent): (typeof pageCalls)[number] => [
            () => "/admin/webhooks",
            caller,
            () => ({ intent, endpointId }),
            () => forms({ intent }, { intent, endpointId: "x".repeat(500) }),
            "404",
          ],
        ),
        [
          () => "/admin/webhooks",
          caller,
          () => ({ intent: "resend-delivery", deliveryId }),
          () => forms({ intent: "resend-delivery" }, { intent: "nothing", deliveryId }),
          "404",
        ],
      ],
    ),
    ...["test-endpoint", "endpoint-off", "delete-endpoint"].map(
      (intent): (typeof pageCalls)[number] => [
        () => "/admin/webhooks",
        "owner",
        () => ({ intent, endpointId: "no-such-endpoint" }),
        () => forms({ intent }, { intent, endpointId: "" }),
        "404",
      ],
    ),
    [
      () => "/admin/webhooks",
      "owner",
      () => ({ intent: "resend-delivery", deliveryId: "no-such-delivery" }),
      () => forms({ intent: "resend-delivery" }),
      "404",
    ],
    // The owner's Writing task pages (issue 38): every form, for everyone but an owner.
    ...(["anonymous", "student", "author"] as const).flatMap(
      (caller): (typeof pageCalls)[number][] => [
        [
          () => "/admin/writing/tasks/new",
          caller,
          () => ({ intent: "save", ...taskWrite, status: "published" }),
          () =>
            forms(
              {},
              { intent: "preview", prompt: "x" },
              { intent: "save", kind: "task-9", title: "", minutes: "-1" },
            ),
          "404",
        ],
        [
          () => `/admin/writing/tasks/${taskId}/edit`,
          caller,
          () => ({ intent: "save", ...taskWrite }),
          () => forms({}, { intent: "preview" }, { intent: "save", status: "gone" }),
          "404",
        ],
        [
          () => `/admin/writing/tasks/${taskId}/delete`,
          caller,
          () => ({}),
          () => forms({ x: "y" }),
          "404",
        ],
      ],
    ),
    [
      () => "/admin/writing/tasks/no-such-task/edit",
      "owner",
      () => ({ intent: "save", ...taskWrite }),
      () => forms({}, { intent: "preview", prompt: "x" }),
      "404",
    ],
    [
      () => "/admin/writing/tasks/no-such-task/delete",
      "owner",
      () => ({}),
      () => forms({ x: "y" }),
      "404",
    ],
    // The marking page's forms (issue 39), for everyone but an owner; for an owner, an answer
    // that was never sent for marking.
    ...(["anonymous", "student", "author", "owner"] as const).map(
      (caller): (typeof pageCalls)[number] => [
        () => `/admin/writing/submissions/${answerId}`,
        caller,
        () => ({ intent: "add-comment", quote: "own", criterion: "general", text: "Mine" }),
        () =>
          forms(
            { intent: "save-marks", "bands.task": "7", summary: "x" },
            { intent: "return" },
            { intent: "remove-comment", commentId: "x" },
          ),
        "404",
      ],
    ),
    // The answer screens (issue 38): a visitor is sent to sign in whatever the form says; a
    // task that is not published (a draft, an unknown id, the wrong kind in a full test) is 404
    // to a student before the form is read.
    ...[
      () => `/writing/tasks/${taskId}/write`,
      () => `/writing/tasks/${taskId}/write?timed=1`,
      () => `/writing/test?task1=${task1Id}&task2=${taskId}`,
      () => `/writing/test?task1=${task1Id}&task2=${draftTaskId}`,
    ].map((path): (typeof pageCalls)[number] => [
      path,
      "anonymous",
      () => ({ intent: "submit-confirmed", text: "Taken over", text1: "Mine", text2: "Mine" }),
      () => answerForms(),
      "302 /login",
    ]),
    ...[
      () => `/writing/tasks/${draftTaskId}/write`,
      () => "/writing/tasks/no-such-task/write",
      () => `/writing/test?task1=${taskId}&task2=${taskId}`,
      () => `/writing/test?task1=${task1Id}&task2=${draftTaskId}`,
      () => "/writing/test?task1=random-task-1&task2=random-task-2",
    ].map((path): (typeof pageCalls)[number] => [
      path,
      "student",
      () => ({ intent: "submit-confirmed", text: "Taken over", text1: "Mine", text2: "Mine" }),
      () => answerForms(),
      "404",
    ]),
  ];

  it("answers the wrong caller of a page's form the same, whatever fields it sends", async () => {
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [path, caller, wellFormed, malformed, refusal] of pageCalls) {
      for (const fields of [wellFormed(), ...malformed()]) {
        const answer = outcome(await form(path(), fields, who[caller]()));
        if (answer !== refusal)
          wrong.push(
            `${path()} as ${caller} with ${JSON.stringify(fields).slice(0, 120)}: ${answer}`,
          );
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it("answers the wrong caller of a page's picture upload the same, and never reads the picture", async () => {
    const before = await snapshot();
    const garbage = { bytes: new Uint8Array([1, 2, 3, 4]), name: "a.jpg", type: "image/jpeg" };
    for (const path of ["/admin/posts/new", `/admin/posts/${postId}/edit`]) {
      const sent: Record<string, string>[] = [{ intent: "save", title: "Pictured", body: "x" }, {}];
      for (const fields of sent) {
        const response = await postMultipart(
          site.app,
          path,
          { ...fields, featureImageAlt: "x" },
          { featureImage: garbage },
          student.cookie,
        );
        expect(response.status, `${path} ${JSON.stringify(fields)}`).toBe(404);
      }
    }
    // A Writing task's picture (issue 38), on the pages and the API alike.
    for (const path of ["/admin/writing/tasks/new", `/admin/writing/tasks/${taskId}/edit`]) {
      for (const fields of [{ intent: "save", ...taskWrite, kind: "academic-task-1" }, {}]) {
        const response = await postMultipart(
          site.app,
          path,
          { ...fields, pictureAlt: "x" },
          { picture: garbage },
          student.cookie,
        );
        expect(response.status, `${path} ${JSON.stringify(fields)}`).toBe(404);
      }
    }
    for (const [method, path] of [
      ["POST", "/api/writing/tasks"],
      ["PATCH", `/api/writing/tasks/${taskId}`],
    ] as const) {
      const response = await sendMultipart(
        site.app,
        method,
        path,
        { ...taskWrite, kind: "academic-task-1", pictureAlt: "x" },
        { picture: garbage },
        { "x-forwarded-for": nextAddress(), authorization: `Bearer ${student.token}` },
      );
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const edits: Record<string, string>[] = [
      { serviceName: "Renamed", price: "12.5", description: "New words.", imageUrl: "" },
      {},
    ];
    for (const fields of edits) {
      const response = await postMultipart(
        site.app,
        `/services/${serviceId}/edit`,
        fields,
        { imageFile: garbage },
        student.cookie,
      );
      expect(response.status, JSON.stringify(fields)).toBe(404);
    }
    // The teacher's photo on /admin/site: a student's is never read either.
    const aboutPhoto = await postMultipart(
      site.app,
      "/admin/site",
      { intent: "about-teacher", bio: "Not the teacher's words." },
      { photo: garbage },
      student.cookie,
    );
    expect(aboutPhoto.status).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});
