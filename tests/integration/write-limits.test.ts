import { beforeEach, describe, expect, it } from "vitest";
import { rateLimits } from "../../core/limits/rate-limit.server.ts";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertService } from "../support/fixtures.ts";
import { testSiteOn } from "../support/test-app.ts";

/**
 * Issue 7, item 7: every write counts once against its address, on the form and the API alike,
 * and new courses and reviews count against the account too, from however many addresses.
 */
describe.each(engines)("write limits on %s", (engine) => {
  // Behind a trusted proxy, X-Forwarded-For names the address each request comes from.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  beforeEach(async () => {
    await site.database.db.deleteFrom("rate_limits").execute();
    site.app.securityEvents.length = 0;
  });

  const student = () => signUpWithToken(site.app, site.database.db);
  type Student = Awaited<ReturnType<typeof student>>;

  const apiPost = (path: string, who: Student, address: string, body: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${who.token}`,
        "x-forwarded-for": address,
      },
      body: JSON.stringify(body),
    });
  const formPost = (path: string, who: Student, address: string, fields: Record<string, string>) =>
    postForm(site.app, path, fields, { cookie: who.cookie, "x-forwarded-for": address });

  /** A review posted through the API (even n) or the form (odd n). */
  const postReview = (n: number, who: Student, address: string, serviceId: string) =>
    n % 2 === 0
      ? apiPost("/api/reviews", who, address, { serviceId, userMessage: `Review ${n}`, rating: 4 })
      : formPost(`/services/${serviceId}`, who, address, { rating: "4", message: `Review ${n}` });
  /** A course added through the API (even n) or the form (odd n). */
  const postCourse = (n: number, who: Student, address: string) =>
    n % 2 === 0
      ? apiPost("/api/services", who, address, {
          serviceName: `Course ${n}`,
          price: 10,
          description: "Spam?",
        })
      : formPost("/add-service", who, address, {
          serviceName: `Course ${n}`,
          price: "10",
          description: "Spam?",
        });
  const succeeded = (response: Response) => response.status === 201 || response.status === 302;

  const expectLimited = async (response: Response, message: string) => {
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const text = await response.text();
    if (response.headers.get("content-type")?.includes("application/json")) {
      expect((JSON.parse(text) as { message: string }).message).toContain(message);
    } else {
      expect(text).toContain(message);
    }
  };
  const limitHits = (reason: string) =>
    site.app.securityEvents.filter(
      (event) => event.event === "rate-limited" && event.reason === reason,
    );

  it("counts each write once per address: 30 reviews pass and the 31st is refused, on the API and the form", async () => {
    const address = "203.0.113.7";
    const services = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        insertService(site.database.db, { name: `Course ${n}` }),
      ),
    );
    // Three students, ten reviews each (the per-account limit), all from one address.
    const writers = [await student(), await student(), await student()];
    for (const [s, who] of writers.entries()) {
      for (const [k, serviceId] of services.entries()) {
        const n = s * 10 + k;
        const response = await postReview(n, who, address, serviceId);
        expect(succeeded(response), `write ${n + 1}: ${response.status}`).toBe(true);
      }
    }
    expect(rateLimits.write.limit).toBe(30);
    const fourth = await student();
    await expectLimited(
      await postReview(0, fourth, address, services[0] as string),
      "Too many changes",
    );
    await expectLimited(
      await postReview(1, fourth, address, services[1] as string),
      "Too many changes",
    );
    expect(await site.database.db.selectFrom("reviews").select("id").execute()).toHaveLength(30);
    expect(limitHits("write:address")).toHaveLength(2);
    expect(limitHits("write:address")[0]).toMatchObject({
      outcome: "refused",
      address,
      userId: fourth.id,
      route: "POST /api/reviews",
      status: 429,
    });
    // Another address is not held back by this one.
    const elsewhere = await postReview(0, fourth, "203.0.113.8", services[0] as string);
    expect(elsewhere.status).toBe(201);
  });

  it("binds new courses to the account: 60 addresses get no more than the daily number", async () => {
    const spammer = await student();
    const { limit } = rateLimits.servicesPerAccount;
    const statuses: number[] = [];
    for (let n = 0; n < 60; n++) {
      const response = await postCourse(n, spammer, `198.51.100.${n + 1}`);
      statuses.push(response.status);
      if (n >= limit) await expectLimited(response, "courses today");
    }
    expect(statuses.slice(0, limit).every((status) => status === 201 || status === 302)).toBe(true);
    const stored = await site.database.db
      .selectFrom("services")
      .select("id")
      .where("created_by", "=", spammer.id)
      .execute();
    expect(stored).toHaveLength(limit);
    expect(limitHits("services:account")).toHaveLength(60 - limit);
    expect(limitHits("services:account").map((event) => event.route)).toContain(
      "POST /add-service",
    );
    // Someone else still adds a course.
    expect((await postCourse(0, await student(), "198.51.100.200")).status).toBe(201);
  });

  it("binds new reviews to the account: many addresses get no more than the hourly number", async () => {
    const spammer = await student();
    const { limit } = rateLimits.reviewsPerAccount;
    const services = await Promise.all(
      Array.from({ length: limit + 6 }, (_, n) =>
        insertService(site.database.db, { name: `C${n}` }),
      ),
    );
    const firstReview = await postReview(0, spammer, "192.0.2.1", services[0] as string);
    expect(firstReview.status).toBe(201);
    for (const [n, serviceId] of services.entries()) {
      if (n === 0) continue;
      const response = await postReview(n, spammer, `192.0.2.${n + 1}`, serviceId);
      if (n < limit) expect(succeeded(response), `review ${n + 1}`).toBe(true);
      else await expectLimited(response, "reviews in the last hour");
    }
    const stored = await site.database.db
      .selectFrom("reviews")
      .select("id")
      .where("user_id", "=", spammer.id)
      .execute();
    expect(stored).toHaveLength(limit);
    expect(limitHits("reviews:account")).toHaveLength(6);
    // Editing one's own review is not a new review: it is held only by the address limit.
    const { insertedId } = (await firstReview.json()) as { insertedId: string };
    const edit = await site.app.request(`${ORIGIN}/api/reviews/${insertedId}`, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${spammer.token}`,
        "x-forwarded-for": "192.0.2.99",
      },
      body: JSON.stringify({ text: "Edited" }),
    });
    expect(edit.status).toBe(200);
  });
});
