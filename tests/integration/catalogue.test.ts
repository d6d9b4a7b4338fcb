import { beforeAll, describe, expect, it } from "vitest";
import { fillSeededCourseDetails, seedCatalogueIfEmpty } from "../../db/seed/index.ts";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { createTestDatabase, engines } from "../support/databases.ts";
import { insertReview, insertService, insertUser } from "../support/fixtures.ts";
import { testSiteOn } from "../support/test-app.ts";

type Person = Awaited<ReturnType<typeof signUpWithToken>>;
type Listed = { _id: string; serviceName: string; price: number; rating: number | null };

/**
 * The catalogue a buyer searches (issue 11, item 2) and the details a course carries (item 3), on
 * both engines: the same data answer every search, sort and filter with the same courses.
 */
describe.each(engines)(
  "the catalogue's search, sorts, filters and course details on %s",
  (engine) => {
    const site = testSiteOn(engine, { TRUST_PROXY: "true" });
    let address = 0;
    const headers = (who?: Person) => ({
      "content-type": "application/json",
      "x-forwarded-for": `10.66.${Math.floor(++address / 250)}.${address % 250}`,
      ...(who ? { authorization: `Bearer ${who.token}` } : {}),
    });
    const api = async (method: string, path: string, who?: Person, body?: unknown) => {
      const response = await site.app.request(`${ORIGIN}${path}`, {
        method,
        headers: headers(who),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const names = async (query: string) => {
      const { status, body } = await api("GET", `/api/services?size=100&${query}`);
      expect(status, `${query}: ${JSON.stringify(body)}`).toBe(200);
      return (body.services as Listed[]).map((service) => service.serviceName);
    };
    let student: Person;

    // Oldest first: the newest comes first in the default order.
    const courses = [
      {
        name: "Writing Task 2 essays",
        price: 45,
        module: "both",
        about: "Opinion essays, band 7 and above.",
      },
      {
        name: "Academic Reading",
        price: 32,
        module: "academic",
        about: "True/False/Not Given, skimming and scanning.",
      },
      {
        name: "Letter writing",
        price: 34,
        module: "general",
        about: "Formal and informal letters for work: café, école.",
      },
      {
        name: "Speaking confidence",
        price: 35,
        module: "both",
        about: "Speak at length in Parts 1, 2 and 3 (7.0 or higher).",
      },
      {
        name: "Grammar",
        price: 25,
        module: undefined,
        about: "Conditionals, the passive and articles.",
      },
    ] as const;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      const { db } = site.database;
      const start = Date.UTC(2025, 0, 1);
      for (const [index, course] of courses.entries()) {
        ids[course.name] = await insertService(db, {
          name: course.name,
          priceCents: course.price * 100,
          description: course.about,
          createdAt: new Date(start + index * 60_000),
          ...(course.module ? { module: course.module } : {}),
        });
      }
      // Out of the catalogue: never found.
      await insertService(db, { name: "Writing, waiting for approval", status: "pending" });
      await insertService(db, { name: "Writing, unpublished", status: "unpublished" });
      // Ratings: Grammar 5.0 (1), Speaking 4.5 (2), Writing 4.0 (3 ratings, 4 reviews).
      const rate = async (course: string, ratings: (number | null)[]) => {
        for (const rating of ratings) {
          await insertReview(db, {
            serviceId: ids[course] ?? "",
            userId: await insertUser(db),
            rating,
          });
        }
      };
      await rate("Grammar", [5]);
      await rate("Speaking confidence", [4, 5]);
      await rate("Writing Task 2 essays", [3, 4, 5, null]);
      student = await signUpWithToken(site.app, db, { name: "Course Maker" });
    });

    it("finds the same courses for the same words: by prefix, in any case, accents kept, across name and description", async () => {
      expect(await names("q=writing")).toEqual(["Letter writing", "Writing Task 2 essays"]);
      expect(await names("q=WRIT")).toEqual(["Letter writing", "Writing Task 2 essays"]);
      expect(await names("q=speak")).toEqual(["Speaking confidence"]);
      // Every word must be found, each in the name or the description.
      expect(await names("q=essays%20band")).toEqual(["Writing Task 2 essays"]);
      expect(await names("q=essays%20letters")).toEqual([]);
      // Punctuation separates words on both engines: "True/False/Not Given", "7.0".
      expect(await names("q=false")).toEqual(["Academic Reading"]);
      expect(await names("q=not%20given")).toEqual(["Academic Reading"]);
      expect(await names("q=7.0")).toEqual(["Speaking confidence"]);
      expect(await names("q=7")).toEqual(["Speaking confidence", "Writing Task 2 essays"]);
      expect(await names("q=%C3%A9cole")).toEqual(["Letter writing"]);
      expect(await names("q=CAF%C3%89")).toEqual(["Letter writing"]);
      // FTS5's and PostgreSQL's query syntax is only ever words here.
      expect(await names("q=writing%20OR%20grammar")).toEqual([]);
      expect(await names('q="writing*" NEAR(x) -grammar:*')).toEqual([]);
      // A search with no word in it searches nothing.
      expect(await names("q=%21%21%21")).toHaveLength(courses.length);
    });

    it("sorts by price, rating and number of reviews, newest first among equals", async () => {
      expect(await names("")).toEqual(courses.map((course) => course.name).reverse());
      expect(await names("sort=price-low")).toEqual([
        "Grammar",
        "Academic Reading",
        "Letter writing",
        "Speaking confidence",
        "Writing Task 2 essays",
      ]);
      expect((await names("sort=price-high"))[0]).toBe("Writing Task 2 essays");
      expect(await names("sort=rating")).toEqual([
        "Grammar",
        "Speaking confidence",
        "Writing Task 2 essays",
        "Letter writing",
        "Academic Reading",
      ]);
      expect((await names("sort=most-reviewed")).slice(0, 3)).toEqual([
        "Writing Task 2 essays",
        "Speaking confidence",
        "Grammar",
      ]);
    });

    it("filters by module (a course for both counts for each) and price range, with the count and pages to match", async () => {
      expect(await names("module=academic")).toEqual([
        "Speaking confidence",
        "Academic Reading",
        "Writing Task 2 essays",
      ]);
      expect(await names("module=general")).toEqual([
        "Speaking confidence",
        "Letter writing",
        "Writing Task 2 essays",
      ]);
      expect(await names("module=both")).toEqual(["Speaking confidence", "Writing Task 2 essays"]);
      expect(await names("minPrice=33&maxPrice=35")).toEqual([
        "Speaking confidence",
        "Letter writing",
      ]);
      expect(await names("minPrice=34.5")).toEqual([
        "Speaking confidence",
        "Writing Task 2 essays",
      ]);
      const { body } = await api("GET", "/api/services?q=writing&module=general&size=1&page=1");
      expect(body.count).toBe(2);
      expect((body.services as Listed[]).map((service) => service.serviceName)).toEqual([
        "Writing Task 2 essays",
      ]);
      for (const bad of [
        "sort=cheapest",
        "module=medical",
        "minPrice=-1",
        "maxPrice=abc",
        "minPrice=50&maxPrice=10",
        `q=${"x".repeat(101)}`,
      ]) {
        const refused = await api("GET", `/api/services?${bad}`);
        expect(refused.status, bad).toBe(400);
        expect(typeof refused.body.message).toBe("string");
      }
    });

    it("shows the choices on /services: the count, the empty result explained, and page links that keep them", async () => {
      const page = async (query: string) => {
        const response = await site.app.request(`${ORIGIN}/services?${query}`);
        return { status: response.status, html: await response.text() };
      };
      const found = await page("q=writing&sort=price-low");
      expect(found.html).toContain("2 courses match your search.");
      expect(found.html).toMatch(/<input[^>]*name="q"[^>]*value="writing"/);
      const none = await page("q=zzzz");
      expect(none.html).toContain("No course matches your search.");
      expect(none.html).toContain('href="/services"');
      // A wrong choice is named beside its field, and the catalogue shows without it.
      const wrong = await page("minPrice=abc");
      expect(wrong.status).toBe(200);
      expect(wrong.html).toContain("The lowest price is an amount such as 20 or 49.50.");
      expect(wrong.html).toMatch(
        /aria-invalid="true"[^>]*name="minPrice"|name="minPrice"[^>]*aria-invalid="true"/,
      );
      // With more than a page of matches, the page links carry the search.
      for (let n = 0; n < 9; n++) {
        await insertService(site.database.db, { name: `Practice writing ${n}`, priceCents: 1000 });
      }
      const paged = await page("q=writing&maxPrice=40");
      expect(paged.html).toContain("10 courses match your search.");
      expect(paged.html).toContain('href="/services?q=writing&amp;maxPrice=40&amp;page=2"');
    });

    it("keeps a course's details from the API and the form: a field left out stays, null clears, wrong ones are named", async () => {
      const details = {
        module: "academic",
        level: { from: 5.5, to: 6.5 },
        length: { value: 6, unit: "weeks" },
        format: "live",
        learningPoints: ["Plan an essay in five minutes", "Describe a process"],
      };
      const created = await api("POST", "/api/services", student, {
        serviceName: "Detailed course",
        price: 20,
        description: "With everything a buyer weighs.",
        ...details,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.insertedId as string;
      expect((await api("GET", `/api/services/${id}`)).body).toMatchObject(details);
      // The 2022 client's PATCH sends the four fields only: the details stay.
      const core = { serviceName: "Detailed course", price: 21, description: "Still detailed." };
      expect((await api("PATCH", `/api/services/${id}`, student, core)).status).toBe(200);
      expect((await api("GET", `/api/services/${id}`)).body).toMatchObject({
        price: 21,
        ...details,
      });
      expect(
        (await api("PATCH", `/api/services/${id}`, student, { ...core, level: null, format: null }))
          .status,
      ).toBe(200);
      expect((await api("GET", `/api/services/${id}`)).body).toMatchObject({
        level: null,
        format: null,
        module: "academic",
      });
      for (const wrong of [
        { level: { from: 7, to: 6 } },
        { level: { from: 6.3, to: 7 } },
        { length: { value: 400, unit: "days" } },
        { length: { value: 2, unit: "months" } },
        { format: "podcast" },
        { module: "medical" },
        { learningPoints: Array.from({ length: 9 }, (_, n) => `Point ${n}`) },
        { learningPoints: ["two\nlines"] },
        { learningPoints: "not a list" },
      ]) {
        const refused = await api("PATCH", `/api/services/${id}`, student, { ...core, ...wrong });
        expect(refused.status, JSON.stringify(wrong)).toBe(400);
      }
      expect((await api("GET", `/api/services/${id}`)).body).toMatchObject({ module: "academic" });

      // The form sends the details flat; an empty field clears one.
      const form = await postForm(
        site.app,
        `/services/${id}/edit`,
        {
          ...{
            serviceName: "Detailed course",
            price: "22",
            description: "From the form.",
            imageUrl: "",
          },
          module: "",
          levelFrom: "6",
          levelTo: "7.5",
          lengthValue: "10",
          lengthUnit: "days",
          format: "one-to-one",
          learningPoints: "First point\n\n  Second point  \n",
        },
        { cookie: student.cookie, "x-forwarded-for": "10.66.250.1" },
      );
      expect(form.status).toBe(302);
      const page = await (await site.app.request(`${ORIGIN}/services/${id}`)).text();
      expect(page).toContain("Band 6.0–7.5");
      expect(page).toContain("10 days");
      expect(page).toContain("What you will learn");
      expect(page).toContain("Second point");
      expect((await api("GET", `/api/services/${id}`)).body).toMatchObject({
        module: null,
        level: { from: 6, to: 7.5 },
        length: { value: 10, unit: "days" },
        format: "one-to-one",
        learningPoints: ["First point", "Second point"],
      });
      const refused = await postForm(
        site.app,
        `/services/${id}/edit`,
        {
          serviceName: "Detailed course",
          price: "22",
          description: "From the form.",
          imageUrl: "",
          levelFrom: "8",
          levelTo: "6",
          lengthValue: "",
          lengthUnit: "weeks",
        },
        { cookie: student.cookie, "x-forwarded-for": "10.66.250.2" },
      );
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("The level&#x27;s first band cannot be above its second.");
      expect(html).toMatch(/id="level-error"/);
    });
  },
);

describe.each(engines)("the seeded catalogue's details on %s", (engine) => {
  it("fills the teacher's seeded courses once, and never a detail the teacher has set", async () => {
    const database = await createTestDatabase(engine);
    try {
      const { db } = database;
      await seedCatalogueIfEmpty(db);
      // A database seeded before courses had details, and one course the teacher has since edited.
      await db
        .updateTable("services")
        .set({
          ielts_module: null,
          format: null,
          level_from: null,
          level_to: null,
          length_value: null,
          length_unit: null,
          learning_points: "[]",
        })
        .execute();
      const [edited] = await db.selectFrom("services").select("id").limit(1).execute();
      await db
        .updateTable("services")
        .set({ format: "live" })
        .where("id", "=", edited?.id ?? "")
        .execute();
      const total = (await db.selectFrom("services").select("id").execute()).length;
      // Someone else's course with a seeded cover is not the teacher's course.
      const lookalike = await insertService(db, { name: "Short Test Course" });
      await db
        .updateTable("services")
        .set({ image_url: "/images/services/listening.svg" })
        .where("id", "=", lookalike)
        .execute();
      expect(await fillSeededCourseDetails(db)).toBe(total - 1);
      expect(await fillSeededCourseDetails(db)).toBe(0);
      const kept = await db
        .selectFrom("services")
        .selectAll()
        .where("id", "=", edited?.id ?? "")
        .executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ format: "live", ielts_module: null, learning_points: "[]" });
      expect(
        await db
          .selectFrom("services")
          .select("ielts_module")
          .where("id", "=", lookalike)
          .executeTakeFirst(),
      ).toEqual({ ielts_module: null });
    } finally {
      await database.drop();
    }
  });
});
