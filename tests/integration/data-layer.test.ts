import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { listReviewsForService } from "../../core/reviews.ts";
import { findService, latestServices, listServices } from "../../core/services.ts";
import { migrateDown, migrateToLatest } from "../../db/migrate.ts";
import { catalogue } from "../../db/seed/catalogue.ts";
import { seedCatalogueIfEmpty } from "../../db/seed/index.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { insertReview, insertService, insertUser } from "../support/fixtures.ts";

describe.each(engines)("data layer on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });
  const open = async (options?: { migrate?: boolean }) => {
    database = await createTestDatabase(engine, options);
    return database.db;
  };

  it("migrates up, down and up again", async () => {
    const db = await open({ migrate: false });
    const first = await migrateToLatest(db);
    const applied = first.results?.length ?? 0;
    expect(applied).toBeGreaterThanOrEqual(2);
    expect(first.results?.every((r) => r.status === "Success")).toBe(true);
    expect((await migrateToLatest(db)).results).toEqual([]);
    for (let i = 0; i < applied; i++) await migrateDown(db);
    await expect(db.selectFrom("services").selectAll().execute()).rejects.toThrow();
    await expect(db.selectFrom("sessions").selectAll().execute()).rejects.toThrow();
    await migrateToLatest(db);
    expect(await db.selectFrom("services").selectAll().execute()).toEqual([]);
  });

  it("seeds the catalogue once, newest first, enough for two pages", async () => {
    const db = await open();
    expect(await seedCatalogueIfEmpty(db)).toBe(catalogue.length);
    expect(await seedCatalogueIfEmpty(db)).toBe(0);
    const { services, count } = await listServices(db, { page: 0, size: 9 });
    expect(count).toBe(catalogue.length);
    expect(count).toBeGreaterThanOrEqual(12);
    expect(services).toHaveLength(9);
    expect(services[0]?.name).toBe(catalogue.at(-1)?.name);
    const second = await listServices(db, { page: 1, size: 9 });
    expect(second.services).toHaveLength(count - 9);
    expect(second.services.at(-1)?.name).toBe(catalogue[0]?.name);
  });

  it("keeps prices exact to the cent", async () => {
    const db = await open();
    const id = await insertService(db, { priceCents: 5950 });
    expect((await findService(db, id))?.price).toBe(59.5);
  });

  it("lists the newest services first and pages without overlap", async () => {
    const db = await open();
    const base = Date.UTC(2026, 0, 1);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        await insertService(db, { name: `Course ${i}`, createdAt: new Date(base + i * 60_000) }),
      );
    }
    expect((await latestServices(db)).map((s) => s.name)).toEqual([
      "Course 4",
      "Course 3",
      "Course 2",
    ]);
    const pages = await Promise.all([0, 1, 2].map((page) => listServices(db, { page, size: 2 })));
    expect(pages.flatMap((p) => p.services.map((s) => s.id))).toEqual([...ids].reverse());
    expect(pages.map((p) => p.count)).toEqual([5, 5, 5]);
    expect((await listServices(db, { page: 9, size: 2 })).services).toEqual([]);
  });

  it("finds nothing for an unknown or odd id instead of failing", async () => {
    const db = await open();
    for (const id of ["nope", "' or 1=1 --", "%", "😀", "0".repeat(64)]) {
      expect(await findService(db, id)).toBeUndefined();
    }
  });

  it("rates a service with the average of its reviews, to one decimal, or not at all", async () => {
    const db = await open();
    const serviceId = await insertService(db);
    const unrated = await insertService(db);
    for (const rating of [5, 4, 4]) {
      await insertReview(db, { serviceId, userId: await insertUser(db), rating });
    }
    expect((await findService(db, serviceId))?.rating).toEqual({ average: 4.3, count: 3 });
    expect((await findService(db, unrated))?.rating).toBeNull();
    const listed = await listServices(db, { page: 0, size: 9 });
    expect(listed.services.find((s) => s.id === serviceId)?.rating).toEqual({
      average: 4.3,
      count: 3,
    });
  });

  it("lists a service's reviews newest first with their authors", async () => {
    const db = await open();
    const serviceId = await insertService(db, { name: "Speaking" });
    const ana = await insertUser(db, { name: "Ana", image: "https://example.com/ana.png" });
    const ben = await insertUser(db, { name: "Ben" });
    await insertReview(db, {
      serviceId,
      userId: ana,
      rating: 5,
      message: "First",
      createdAt: new Date(Date.UTC(2026, 0, 1)),
    });
    await insertReview(db, {
      serviceId,
      userId: ben,
      rating: 3,
      message: "Second",
      createdAt: new Date(Date.UTC(2026, 0, 2)),
    });
    const reviews = await listReviewsForService(db, serviceId);
    expect(reviews.map((r) => [r.userName, r.message, r.rating, r.userPhoto])).toEqual([
      ["Ben", "Second", 3, null],
      ["Ana", "First", 5, "https://example.com/ana.png"],
    ]);
    expect(reviews[0]?.serviceName).toBe("Speaking");
    expect(reviews[0]?.createdAt.toISOString()).toBe("2026-01-02T00:00:00.000Z");
  });

  it("allows one review per student per course, stars from 1 to 5, and only real services and users", async () => {
    const db = await open();
    const serviceId = await insertService(db);
    const userId = await insertUser(db);
    await insertReview(db, { serviceId, userId, rating: 4 });
    await expect(insertReview(db, { serviceId, userId, rating: 5 })).rejects.toThrow();
    const other = await insertUser(db);
    await expect(insertReview(db, { serviceId, userId: other, rating: 6 })).rejects.toThrow();
    await expect(insertReview(db, { serviceId, userId: other, rating: 0 })).rejects.toThrow();
    await expect(
      insertReview(db, { serviceId: "missing", userId: other, rating: 3 }),
    ).rejects.toThrow();
    const count = await db
      .selectFrom("reviews")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});
