import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { trustEmailProvenByGoogle } from "../../core/accounts/accounts.server.ts";
import {
  endSessionIfOverAge,
  SESSION_ABSOLUTE_SECONDS,
} from "../../core/accounts/sessions.server.ts";
import { listServices } from "../../core/catalogue/catalogue.server.ts";
import { findService, latestServices } from "../../core/catalogue/services.server.ts";
import { listCourseReviews } from "../../core/reviews/course-reviews.server.ts";
import { deleteExpiredRows } from "../../core/site/housekeeping.server.ts";
import { migrateDown, migrateTo, migrateToLatest } from "../../db/migrate.ts";
import type { ServiceStatus } from "../../db/schema.ts";
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

  it("counts the published catalogue through every kind of write, from a tally", async () => {
    const db = await open({ migrate: false });
    await migrateTo(db, "2026-11-24T12-00_content-changes");
    // Courses from before the tally existed are counted when it is made.
    await insertService(db);
    await insertService(db, { status: "pending" });
    await migrateToLatest(db);
    const published = async () =>
      Number(
        (
          await db
            .selectFrom("services")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("status", "=", "published")
            .executeTakeFirstOrThrow()
        ).n,
      );
    const listed = async () => (await listServices(db, { page: 0, size: 9 })).count;
    const setStatus = (status: ServiceStatus, where: { id: string } | { status: ServiceStatus }) =>
      db
        .updateTable("services")
        .set({ status })
        .where("id" in where ? "id" : "status", "=", "id" in where ? where.id : where.status)
        .execute();
    expect(await listed()).toBe(1);

    const added = await insertService(db);
    const pending = await insertService(db, { status: "pending" });
    expect(await listed()).toBe(2);
    await setStatus("published", { id: pending });
    expect(await listed()).toBe(3);
    // Set to what it was: no change.
    await setStatus("published", { status: "published" });
    expect(await listed()).toBe(3);
    await setStatus("unpublished", { id: added });
    expect(await listed()).toBe(2);
    // A write outside the app (a script, an SQL console), then the same one again, which its
    // conflict clause makes do nothing.
    for (let time = 0; time < 2; time++) {
      await sql`insert into services (id, name, price_cents, description, image_url, created_at, status)
        values ('by-hand', 'By hand', 100, 'Added by hand.', '/x.svg', ${new Date().toISOString()}, 'published')
        on conflict (id) do nothing`.execute(db);
    }
    expect(await listed()).toBe(3);
    await db.deleteFrom("services").where("id", "=", "by-hand").execute();
    await db.deleteFrom("services").where("status", "=", "unpublished").execute();
    expect(await listed()).toBe(2);
    expect(await listed()).toBe(await published());
    // A search still counts what it finds.
    expect((await listServices(db, { page: 0, size: 9, q: "nothing like this" })).count).toBe(0);
  });

  it("forgets the per-account counters an earlier version keyed by a plain address, and only those", async () => {
    const db = await open({ migrate: false });
    await migrateTo(db, "2026-11-25T10-00_catalogue-tallies");
    const keys = {
      byAddress: ["password:account:ann@example.com", "verification-mail:account:Bo@Example.org"],
      kept: [
        "password:account:3f2a9c0d5e7b8a1f4c6d2e9b0a7f5c3d1e8b6a4f2c0d9e7b5a3f1c8d6e4b2a0f",
        "reviews:account:0b6c2f6e-3d2a-4a1e-9f0e-1c2d3e4f5a6b",
        "sign-in:203.0.113.7",
        "write:2001:db8::1",
      ],
    };
    for (const key of [...keys.byAddress, ...keys.kept])
      await db.insertInto("rate_limits").values({ key, window_started_at: 1, hits: 1 }).execute();
    await migrateToLatest(db);
    const left = await db.selectFrom("rate_limits").select("key").execute();
    expect(left.map((row) => row.key).sort()).toEqual([...keys.kept].sort());
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

  it.runIf(engine === "postgres")(
    "carries on when the server ends an idle connection of the pool (a restart, a failover)",
    async () => {
      const db = await open();
      // Two connections in the pool, both idle afterwards.
      await Promise.all([
        sql`select pg_sleep(0.05)`.execute(db),
        sql`select pg_sleep(0.05)`.execute(db),
      ]);
      // The server ends every other connection to this database, as a restart would.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
    },
  );

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
    const written = [
      [ana, 5, "First", 1],
      [ben, 3, "Second", 2],
    ] as const;
    for (const [userId, rating, message, day] of written) {
      await insertReview(db, {
        serviceId,
        userId,
        rating,
        message,
        createdAt: new Date(Date.UTC(2026, 0, day)),
      });
    }
    const { reviews } = await listCourseReviews(
      db,
      serviceId,
      { sort: "newest" },
      { offset: 0, limit: 10 },
    );
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
    // Each refusal comes from the constraint meant for it (SQLite's words, then PostgreSQL's).
    await expect(insertReview(db, { serviceId, userId, rating: 5 })).rejects.toThrow(
      /UNIQUE constraint failed|duplicate key value/,
    );
    const other = await insertUser(db);
    await expect(insertReview(db, { serviceId, userId: other, rating: 6 })).rejects.toThrow(
      /CHECK constraint failed|violates check constraint/,
    );
    await expect(insertReview(db, { serviceId, userId: other, rating: 0 })).rejects.toThrow(
      /CHECK constraint failed|violates check constraint/,
    );
    await expect(
      insertReview(db, { serviceId: "missing", userId: other, rating: 3 }),
    ).rejects.toThrow(/FOREIGN KEY constraint failed|violates foreign key constraint/);
    const count = await db
      .selectFrom("reviews")
      .select(sql<number>`count(*)`.as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe.each(engines)("housekeeping on %s", (engine) => {
  it("deletes expired tokens, sessions and verifications and old rate-limit windows, and nothing else", async () => {
    const database = await createTestDatabase(engine);
    const { db } = database;
    try {
      const now = new Date("2026-06-01T12:00:00Z");
      const past = new Date(now.getTime() - 60_000).toISOString();
      const future = new Date(now.getTime() + 60_000).toISOString();
      const userId = await insertUser(db);
      const rows = [
        ["old", past],
        ["live", future],
      ] as const;
      for (const [id, expires] of rows) {
        await db
          .insertInto("sessions")
          .values({
            id,
            user_id: userId,
            token: `t-${id}`,
            expires_at: expires,
            ip_address: null,
            user_agent: null,
            created_at: past,
            updated_at: past,
          })
          .execute();
      }
      for (const [id, expires] of rows) {
        await db
          .insertInto("api_tokens")
          .values({
            token_hash: `h-${id}`,
            session_id: "live",
            user_id: userId,
            expires_at: expires,
            created_at: past,
          })
          .execute();
        await db
          .insertInto("verifications")
          .values({
            id,
            identifier: "reset",
            value: id,
            expires_at: expires,
            created_at: past,
            updated_at: past,
          })
          .execute();
      }
      await db
        .insertInto("rate_limits")
        .values([
          { key: "old", window_started_at: now.getTime() - 2 * 24 * 60 * 60 * 1000, hits: 3 },
          { key: "recent", window_started_at: now.getTime() - 60_000, hits: 3 },
        ])
        .execute();

      await deleteExpiredRows(db, now);

      expect((await db.selectFrom("sessions").select("id").execute()).map((r) => r.id)).toEqual([
        "live",
      ]);
      expect(
        (await db.selectFrom("api_tokens").select("token_hash").execute()).map((r) => r.token_hash),
      ).toEqual(["h-live"]);
      expect(
        (await db.selectFrom("verifications").select("id").execute()).map((r) => r.id),
      ).toEqual(["live"]);
      expect(
        (await db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key),
      ).toEqual(["recent"]);
    } finally {
      await database.drop();
    }
  });
});

describe.each(engines)("accounts and sessions on %s", (engine) => {
  let database: TestDatabase;
  afterEach(() => database.drop());

  async function sessionFor(db: TestDatabase["db"], userId: string, startedAt: Date) {
    const id = crypto.randomUUID();
    const at = startedAt.toISOString();
    await db
      .insertInto("sessions")
      .values({
        id,
        user_id: userId,
        token: `token-${id}`,
        expires_at: new Date(Date.now() + 60_000).toISOString(),
        ip_address: null,
        user_agent: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return `token-${id}`;
  }

  async function passwordAccount(db: TestDatabase["db"], userId: string) {
    const now = new Date().toISOString();
    await db
      .insertInto("accounts")
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        account_id: userId,
        provider_id: "credential",
        access_token: null,
        refresh_token: null,
        id_token: null,
        access_token_expires_at: null,
        refresh_token_expires_at: null,
        scope: null,
        password: "hash",
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  it("when Google proves an unproven e-mail, drops its password and sessions and marks it proven", async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const claimed = await insertUser(db);
    const other = await insertUser(db);
    for (const userId of [claimed, other]) {
      await passwordAccount(db, userId);
      await sessionFor(db, userId, new Date());
    }

    await trustEmailProvenByGoogle(db, claimed);

    const left = (table: "accounts" | "sessions") =>
      db.selectFrom(table).select("user_id").execute();
    expect((await left("accounts")).map((row) => row.user_id)).toEqual([other]);
    expect((await left("sessions")).map((row) => row.user_id)).toEqual([other]);
    const users = await db.selectFrom("users").select(["id", "email_verified"]).execute();
    expect(Object.fromEntries(users.map((u) => [u.id, Boolean(u.email_verified)]))).toEqual({
      [claimed]: true,
      [other]: false,
    });

    // An address already proven keeps its password and sessions.
    await passwordAccount(db, claimed);
    await sessionFor(db, claimed, new Date());
    await trustEmailProvenByGoogle(db, claimed);
    expect(await left("accounts")).toHaveLength(2);
    expect(await left("sessions")).toHaveLength(2);
  });

  it("ends a session only once it is past its absolute lifetime", async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    const userId = await insertUser(db);
    const startedAt = new Date("2026-01-01T00:00:00Z");
    const token = await sessionFor(db, userId, startedAt);
    const lifetime = SESSION_ABSOLUTE_SECONDS * 1000;

    expect(await endSessionIfOverAge(db, token, new Date(startedAt.getTime() + lifetime))).toBe(
      false,
    );
    expect(await endSessionIfOverAge(db, "no-such-token")).toBe(false);
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(1);
    expect(
      await endSessionIfOverAge(db, token, new Date(startedAt.getTime() + lifetime + 1000)),
    ).toBe(true);
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);
  });
});
