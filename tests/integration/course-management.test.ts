import { beforeAll, describe, expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "../../db/migrate.ts";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { createTestDatabase, engines } from "../support/databases.ts";
import { insertReview, insertService } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";
import { photo, sendMultipart } from "../support/uploads.ts";

type Person = Awaited<ReturnType<typeof signUpWithToken>>;

describe.each(engines)("managing courses on %s", (engine) => {
  // Each request from an address of its own, so the write limits stay out of this matrix.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  let creator: Person;
  let student: Person;
  let owner: Person;
  let address = 0;
  const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

  beforeAll(async () => {
    creator = await signUpWithToken(site.app, site.database.db, { name: "Course Creator" });
    student = await signUpWithToken(site.app, site.database.db, { name: "Other Student" });
    owner = await signUpWithToken(site.app, site.database.db, { name: "The Teacher" });
    await makeOwner(site.database.db, owner.email);
  });

  const api = async (method: string, path: string, who?: Person, body?: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": nextAddress(),
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const page = async (path: string, who?: Person) =>
    site.app.request(`${ORIGIN}${path}`, {
      headers: { "x-forwarded-for": nextAddress(), ...(who ? { cookie: who.cookie } : {}) },
    });
  const form = (path: string, fields: Record<string, string>, who?: Person) =>
    postForm(site.app, path, fields, {
      "x-forwarded-for": nextAddress(),
      ...(who ? { cookie: who.cookie } : {}),
    });
  const row = (id: string) =>
    site.database.db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirst();
  const edit = {
    serviceName: "Renamed course",
    price: "12.5",
    description: "A new description.",
    imageUrl: "",
  };
  const apiEdit = { serviceName: "Renamed course", price: 12.5, description: "A new description." };
  const creatorsCourse = () =>
    insertService(site.database.db, { name: "Creator's course", createdBy: creator.id });
  /** Whether the course shows anywhere the public looks: lists, home, its page, the API. */
  const visibleToPublic = async (id: string, name: string) => {
    const places = await Promise.all([
      page("/services").then((r) => r.text()),
      page("/").then((r) => r.text()),
      api("GET", "/api/services?size=100").then((r) => r.text()),
      api("GET", "/api/").then((r) => r.text()),
    ]);
    const own = await page(`/services/${id}`);
    const viaApi = await api("GET", `/api/services/${id}`);
    const reviews = await api("GET", `/api/reviews/${id}`);
    const listed = places.map((text) => text.includes(name));
    return { listed, page: own.status, api: viaApi.status, reviews: reviews.status };
  };

  it("lets the creator and an owner edit a course, on the page and the API; nobody else", async () => {
    const id = await creatorsCourse();
    // Anyone else: the page does not exist for them, the API says 403; nothing changes.
    expect((await page(`/services/${id}/edit`, student)).status).toBe(404);
    expect((await form(`/services/${id}/edit`, edit, student)).status).toBe(404);
    expect((await api("PATCH", `/api/services/${id}`, student, apiEdit)).status).toBe(403);
    expect((await api("PATCH", `/api/services/${id}`, undefined, apiEdit)).status).toBe(401);
    const anonymous = await form(`/services/${id}/edit`, edit);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    expect((await row(id))?.name).toBe("Creator's course");
    // The Edit and Delete links show only to those who may use them.
    expect(await (await page(`/services/${id}`, student)).text()).not.toContain(
      `/services/${id}/edit`,
    );
    expect(await (await page(`/services/${id}`, creator)).text()).toContain(`/services/${id}/edit`);
    expect(await (await page(`/services/${id}`, owner)).text()).toContain(`/services/${id}/delete`);

    const editPage = await page(`/services/${id}/edit`, creator);
    expect(editPage.status).toBe(200);
    expect(await editPage.text()).toContain('value="Creator&#x27;s course"');
    const bad = await form(`/services/${id}/edit`, { ...edit, price: "-1" }, creator);
    expect(bad.status).toBe(400);
    expect((await row(id))?.name).toBe("Creator's course");
    const saved = await form(`/services/${id}/edit`, edit, creator);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/services/${id}`);
    expect(await row(id)).toMatchObject({ name: "Renamed course", price_cents: 1250 });

    const byOwner = await api("PATCH", `/api/services/${id}`, owner, {
      ...apiEdit,
      serviceName: "Owner's name",
      created_by: owner.id,
    });
    expect(byOwner.status).toBe(200);
    expect(await byOwner.json()).toEqual({ modifiedCount: 1 });
    expect(await row(id)).toMatchObject({ name: "Owner's name", created_by: creator.id });
    expect((await api("PATCH", `/api/services/${id}`, owner, { price: "free" })).status).toBe(400);
    expect((await api("PATCH", "/api/services/no-such-id", owner, apiEdit)).status).toBe(404);
  });

  it("lets only an owner set a course's Writing answers marked, on the add and edit forms; the course page says it", async () => {
    const field = 'name="writingAnswersMarked"';
    const ownersForm = await (await page("/add-service", owner)).text();
    expect(ownersForm).toContain(field);
    expect(ownersForm).toContain(">Writing answers marked<");
    expect(ownersForm).toContain("How many of each student&#x27;s Writing answers you mark");
    expect(await (await page("/add-service", student)).text()).not.toContain(field);
    const added = { serviceName: "Marked essays", price: "60", description: "Essays marked." };
    // A student's course gives no marking, whatever the form says.
    expect(
      (await form("/add-service", { ...added, writingAnswersMarked: "50" }, student)).status,
    ).toBe(302);
    const marked = (name: string) =>
      site.database.db
        .selectFrom("services")
        .select(["id", "writing_answers_marked"])
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
    const studentsCourse = await marked("Marked essays");
    expect(studentsCourse.writing_answers_marked).toBe(0);
    expect(await (await page(`/services/${studentsCourse.id}`)).text()).not.toContain(
      "marked by the teacher",
    );
    // An owner's: the number is kept and shown on the course's page.
    expect(
      (
        await form(
          "/add-service",
          { ...added, serviceName: "Teacher's essays", writingAnswersMarked: "4" },
          owner,
        )
      ).status,
    ).toBe(302);
    const { id } = await marked("Teacher's essays");
    expect((await row(id))?.writing_answers_marked).toBe(4);
    expect(await (await page(`/services/${id}`)).text()).toContain(
      "4 Writing answers marked by the teacher",
    );
    // The owner's edit form holds it; a student's edit of their own course neither shows it nor
    // changes what an owner set.
    expect(await (await page(`/services/${id}/edit`, owner)).text()).toMatch(
      /name="writingAnswersMarked"[^>]*value="4"|value="4"[^>]*name="writingAnswersMarked"/,
    );
    expect(
      (
        await form(
          `/services/${studentsCourse.id}/edit`,
          { ...edit, writingAnswersMarked: "9" },
          student,
        )
      ).status,
    ).toBe(302);
    expect((await row(studentsCourse.id))?.writing_answers_marked).toBe(0);
    expect(await (await page(`/services/${studentsCourse.id}/edit`, student)).text()).not.toContain(
      field,
    );
    const refused = await form(
      `/services/${id}/edit`,
      { ...edit, writingAnswersMarked: "101" },
      owner,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Writing answers marked is a whole number from 0 to 100.",
    );
    expect((await row(id))?.writing_answers_marked).toBe(4);
    expect(
      (await form(`/services/${id}/edit`, { ...edit, writingAnswersMarked: "1" }, owner)).status,
    ).toBe(302);
    expect(await (await page(`/services/${id}`)).text()).toContain(
      "1 Writing answer marked by the teacher",
    );
    // Emptied, none.
    expect(
      (await form(`/services/${id}/edit`, { ...edit, writingAnswersMarked: "" }, owner)).status,
    ).toBe(302);
    expect((await row(id))?.writing_answers_marked).toBe(0);
    // The API says the same number.
    expect(
      ((await (await api("GET", `/api/services/${id}`)).json()) as { writingAnswersMarked: number })
        .writingAnswersMarked,
    ).toBe(0);
  });

  it("lets the creator and an owner change a course's picture through the API (multipart); nobody else", async () => {
    const id = await creatorsCourse();
    const picture = async (who?: Person) =>
      sendMultipart(
        site.app,
        "PATCH",
        `/api/services/${id}`,
        { serviceName: "Pictured course", price: "20", description: "With a new picture." },
        { image: { bytes: await photo("png"), name: "a.png", type: "image/png" } },
        {
          "x-forwarded-for": nextAddress(),
          ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        },
      );
    const variants = async () =>
      (await site.database.db.selectFrom("image_variants").select("image_id").execute()).length;
    const before = await variants();
    expect((await picture()).status).toBe(401);
    expect((await picture(student)).status).toBe(403);
    expect(await row(id)).toMatchObject({ name: "Creator's course" });
    expect((await row(id))?.image_url).not.toMatch(/^\/images\/uploads\//);
    expect(await variants()).toBe(before);
    for (const who of [creator, owner]) {
      const previous = (await row(id))?.image_url;
      const changed = await picture(who);
      expect(changed.status, await changed.clone().text()).toBe(200);
      expect(await changed.json()).toEqual({ modifiedCount: 1 });
      const now = await row(id);
      expect(now).toMatchObject({ name: "Pictured course", created_by: creator.id });
      expect(now?.image_url).toMatch(/^\/images\/uploads\/[0-9a-f-]{36}-1200\.webp$/);
      expect(now?.image_url).not.toBe(previous);
    }
    const missing = await sendMultipart(
      site.app,
      "PATCH",
      "/api/services/no-such-id",
      { serviceName: "X", price: "1", description: "Y" },
      {},
      { "x-forwarded-for": nextAddress(), authorization: `Bearer ${owner.token}` },
    );
    expect(missing.status).toBe(404);
  });

  it("deletes a course without reviews; unpublishes one with reviews, out of every public place, until an owner restores it", async () => {
    const bare = await creatorsCourse();
    expect((await api("DELETE", `/api/services/${bare}`, student)).status).toBe(403);
    expect((await form(`/services/${bare}/delete`, {}, student)).status).toBe(404);
    expect(await row(bare)).toBeDefined();
    const confirm = await page(`/services/${bare}/delete`, creator);
    expect(await confirm.text()).toContain("This cannot be undone.");
    const deleted = await form(`/services/${bare}/delete`, {}, creator);
    expect(deleted.status).toBe(302);
    expect(await row(bare)).toBeUndefined();

    // A review the owner hid still keeps the course from being lost: the page says so.
    const quietlyReviewed = await creatorsCourse();
    const hiddenReview = await insertReview(site.database.db, {
      serviceId: quietlyReviewed,
      userId: student.id,
      rating: 1,
    });
    await site.database.db
      .updateTable("reviews")
      .set({ hidden_reason: "spam", hidden_at: new Date().toISOString() })
      .where("id", "=", hiddenReview)
      .execute();
    expect(await (await page(`/services/${quietlyReviewed}/delete`, creator)).text()).toContain(
      "It has 1 review, so it will be unpublished",
    );

    const reviewed = await insertService(site.database.db, {
      name: "Reviewed teacher course",
      createdAt: new Date(Date.now() + 60_000),
    });
    await insertReview(site.database.db, { serviceId: reviewed, userId: student.id, rating: 5 });
    expect(await visibleToPublic(reviewed, "Reviewed teacher course")).toEqual({
      listed: [true, true, true, true],
      page: 200,
      api: 200,
      reviews: 200,
    });
    // The seeded catalogue has no creator: only an owner may remove its courses.
    expect((await api("DELETE", `/api/services/${reviewed}`, creator)).status).toBe(403);
    const unpublished = await api("DELETE", `/api/services/${reviewed}`, owner);
    expect(await unpublished.json()).toEqual({ deletedCount: 1 });
    expect((await row(reviewed))?.status).toBe("unpublished");
    expect(
      await site.database.db
        .selectFrom("reviews")
        .select("id")
        .where("service_id", "=", reviewed)
        .execute(),
    ).toHaveLength(1);
    expect(await visibleToPublic(reviewed, "Reviewed teacher course")).toEqual({
      listed: [false, false, false, false],
      page: 404,
      api: 404,
      reviews: 404,
    });
    expect((await page(`/services/${reviewed}`, student)).status).toBe(404);
    const ownersView = await page(`/services/${reviewed}`, owner);
    expect(ownersView.status).toBe(200);
    expect(await ownersView.text()).toContain("Unpublished: this course is out of the catalogue.");

    // Restoring is the owner's alone.
    const notOwner = await form("/admin", { intent: "publish", serviceId: reviewed }, creator);
    expect(notOwner.status).toBe(404);
    expect((await row(reviewed))?.status).toBe("unpublished");
    expect(await (await page("/admin", owner)).text()).toContain("Restore Reviewed teacher course");
    const restored = await form("/admin", { intent: "publish", serviceId: reviewed }, owner);
    expect(restored.status).toBe(302);
    expect((await visibleToPublic(reviewed, "Reviewed teacher course")).page).toBe(200);
  });

  it("holds students' new courses for approval when the owner chooses, and publishes the owner's own", async () => {
    const refused = await form(
      "/admin",
      { intent: "course-approval", studentCourses: "hold" },
      creator,
    );
    expect(refused.status).toBe(404);
    const hold = await form("/admin", { intent: "course-approval", studentCourses: "hold" }, owner);
    expect(hold.status).toBe(302);
    try {
      const added = await api("POST", "/api/services", creator, {
        serviceName: "Pending course",
        price: 20,
        description: "Waiting.",
      });
      const { insertedId } = (await added.json()) as { insertedId: string };
      expect((await row(insertedId))?.status).toBe("pending");
      const ownView = await page(`/services/${insertedId}`, creator);
      expect(ownView.status).toBe(200);
      expect(await ownView.text()).toContain("Waiting for approval");
      expect((await page(`/services/${insertedId}`, student)).status).toBe(404);
      expect((await visibleToPublic(insertedId, "Pending course")).listed).toEqual([
        false,
        false,
        false,
        false,
      ]);
      // No reviews on a course out of the catalogue.
      const review = await api("POST", "/api/reviews", student, {
        serviceId: insertedId,
        userMessage: "Early",
        rating: 5,
      });
      expect(review.status).toBe(404);

      const byOwner = await api("POST", "/api/services", owner, {
        serviceName: "Owner course",
        price: 20,
        description: "Mine.",
      });
      const ownerCourse = ((await byOwner.json()) as { insertedId: string }).insertedId;
      expect((await row(ownerCourse))?.status).toBe("published");

      expect(await (await page("/admin", owner)).text()).toContain("Approve Pending course");
      await form("/admin", { intent: "publish", serviceId: insertedId }, owner);
      expect((await visibleToPublic(insertedId, "Pending course")).page).toBe(200);
    } finally {
      await form("/admin", { intent: "course-approval", studentCourses: "publish" }, owner);
    }
  });
});

describe.each(engines)("the service-publication migration on %s", (engine) => {
  it("goes back only when every course is published", async () => {
    const database = await createTestDatabase(engine);
    try {
      const { db } = database;
      const hidden = await insertService(db, { status: "unpublished" });
      const before = "2026-11-22T12-00_owners";
      await expect(migrateTo(db, before)).rejects.toThrow(
        /1 course\(s\) are pending or unpublished/,
      );
      await db
        .updateTable("services")
        .set({ status: "published" })
        .where("id", "=", hidden)
        .execute();
      await migrateTo(db, before);
      expect(await db.selectFrom("services").select("id").execute()).toEqual([{ id: hidden }]);
      await migrateToLatest(db);
      expect(
        (await db.selectFrom("services").select("status").executeTakeFirstOrThrow()).status,
      ).toBe("published");
    } finally {
      await database.drop();
    }
  });
});
