import { request as httpRequest } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { SUBSCRIBE_ANSWER } from "../../core/mail/newsletter.server.ts";
import { STALE_FOR_AT_MOST_MS } from "../../server/response-cache.ts";
import { signUp, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertService } from "../support/fixtures.ts";
import { secondServerOn } from "../support/second-server.ts";
import { testSiteOn } from "../support/test-app.ts";

const ORIGIN = "http://localhost:3000";
type Site = ReturnType<typeof testSiteOn>;

const get = (site: Site, path: string, headers: Record<string, string> = {}) =>
  site.app.request(`${ORIGIN}${path}`, { headers });
const fromCache = (response: Response) => response.headers.get("x-cache") === "hit";

/**
 * Holds the catalogue's rows for `ms` as a long write would: SQLite's one connection taken,
 * PostgreSQL's services table locked. A render meanwhile waits for the database.
 */
async function holdTheCatalogue(site: Site, engine: string, ms: number) {
  const { db } = site.database;
  if (engine === "sqlite") {
    await db.connection().execute(() => delay(ms));
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`lock table services in access exclusive mode`.execute(trx);
    await delay(ms);
  });
}

async function postReview(site: Site, token: string, serviceId: string, message: string) {
  const response = await site.app.request(`${ORIGIN}/api/reviews`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ serviceId, userMessage: message, rating: 5 }),
  });
  expect(response.status).toBe(201);
}

describe.each(engines)("the response cache on %s", (engine) => {
  const site = testSiteOn(engine);
  let first: string;
  let second: string;
  beforeAll(async () => {
    first = await insertService(site.database.db, { name: "Cached course one" });
    second = await insertService(site.database.db, { name: "Cached course two" });
    // PostgreSQL's listener connects as the site starts; until it listens nothing is kept.
    for (let attempt = 0; attempt < 50; attempt++) {
      await get(site, "/about");
      if (fromCache(await get(site, "/about"))) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it("answers an anonymous read of a public page or API call again from the cache, with 304 for a known ETag", async () => {
    for (const path of [
      "/",
      "/services",
      `/services/${first}`,
      "/api/",
      "/api/services",
      `/api/services/${first}`,
      `/api/reviews/${first}`,
      "/services.data",
    ]) {
      const made = await get(site, path);
      expect(made.status, path).toBe(200);
      expect(fromCache(made), path).toBe(false);
      const body = await made.text();
      const again = await get(site, path);
      expect(fromCache(again), path).toBe(true);
      expect(await again.text(), path).toBe(body);
      const etag = again.headers.get("etag") ?? "";
      expect(etag, path).not.toBe("");
      const revalidated = await get(site, path, { "if-none-match": etag });
      expect(revalidated.status, path).toBe(304);
      expect(await revalidated.text(), path).toBe("");
    }
  });

  it("a review makes stale its course's page and API answers, the catalogue and home, and nothing else", async () => {
    const student = await signUpWithToken(site.app, site.database.db);
    const paths = {
      course: `/services/${first}`,
      otherCourse: `/services/${second}`,
      home: "/",
      catalogue: "/services",
      api: "/api/services",
      apiCourse: `/api/services/${first}`,
      apiReviews: `/api/reviews/${first}`,
    };
    for (const path of Object.values(paths)) {
      await get(site, path);
      expect(fromCache(await get(site, path)), path).toBe(true);
    }
    await postReview(site, student.token, first, "Seen on the very next request.");

    const course = await get(site, paths.course);
    expect(fromCache(course)).toBe(false);
    expect(await course.text()).toContain("Seen on the very next request.");
    const apiCourse = await get(site, paths.apiCourse);
    expect(fromCache(apiCourse)).toBe(false);
    expect(((await apiCourse.json()) as { ratingCount: number }).ratingCount).toBe(1);
    const listed = (await (await get(site, paths.api)).json()) as {
      services: { _id: string; ratingCount: number }[];
    };
    expect(listed.services.find((service) => service._id === first)?.ratingCount).toBe(1);
    for (const path of [paths.home, paths.catalogue, paths.apiReviews]) {
      expect(fromCache(await get(site, path)), path).toBe(false);
    }
    expect(fromCache(await get(site, paths.otherCourse))).toBe(true);
  });

  it("sees a write made straight in the database (another tool, another process) on the very next request", async () => {
    await get(site, "/services");
    expect(fromCache(await get(site, "/services"))).toBe(true);
    await site.database.db
      .updateTable("services")
      .set({ name: "Renamed in the database" })
      .where("id", "=", second)
      .execute();
    const after = await get(site, "/services");
    expect(fromCache(after)).toBe(false);
    expect(await after.text()).toContain("Renamed in the database");
  });

  it("never answers a signed-in person from the cache, and never keeps what they are shown", async () => {
    const person = await signUp(site.app, { name: "Personal Visitor" });
    const path = `/services/${first}`;
    await get(site, path);
    expect(fromCache(await get(site, path))).toBe(true);
    const signedIn = await get(site, path, { cookie: person.cookie });
    expect(fromCache(signedIn)).toBe(false);
    expect(signedIn.headers.get("cache-control")).toContain("private");
    expect(await signedIn.text()).toContain("Personal Visitor");

    // A page first seen signed in is not kept: the next anonymous visitor gets a fresh one.
    const unseen = `/services/${second}?from=signed-in`;
    expect(await (await get(site, unseen, { cookie: person.cookie })).text()).toContain(
      "Personal Visitor",
    );
    const anonymous = await get(site, unseen);
    expect(fromCache(anonymous)).toBe(false);
    expect(await anonymous.text()).not.toContain("Personal Visitor");

    const student = await signUpWithToken(site.app, site.database.db);
    await get(site, "/api/services");
    const withToken = await get(site, "/api/services", {
      authorization: `Bearer ${student.token}`,
    });
    expect(fromCache(withToken)).toBe(false);
    // A toast waiting in a cookie is one visitor's: that page is made for them.
    const withToast = await get(site, "/services", { cookie: "ielts-hub-toast=abc" });
    expect(fromCache(withToast)).toBe(false);
  });

  it("never answers from the cache, nor keeps, a cacheable page whose answer sets a cookie and says private: the newsletter's toast on the home page", async () => {
    const toastMessage = SUBSCRIBE_ANSWER;
    // The home page, kept for anonymous visitors.
    await get(site, "/");
    const kept = await get(site, "/");
    expect(fromCache(kept)).toBe(true);
    expect(await kept.text()).not.toContain(toastMessage);

    // A visitor subscribes from the home page's box: back to the home page with a toast.
    const subscribed = await site.app.request(`${ORIGIN}/newsletter`, {
      method: "POST",
      body: new URLSearchParams({ email: `reader-${engine}@example.com` }),
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      redirect: "manual",
    });
    expect(subscribed.status).toBe(302);
    expect(subscribed.headers.get("location")).toBe("/#subscribe-heading");
    const toast = /ielts-hub-toast=[^;]+/.exec(subscribed.headers.get("set-cookie") ?? "")?.[0];
    expect(toast).toBeDefined();

    for (const path of ["/", "/?from=newsletter"]) {
      const shown = await get(site, path, { cookie: toast as string });
      expect(fromCache(shown), path).toBe(false);
      expect(shown.status, path).toBe(200);
      // The page shows the toast once: it clears the cookie and is this visitor's alone.
      expect(await shown.text(), path).toContain(toastMessage);
      expect(shown.headers.get("set-cookie"), path).toMatch(/^ielts-hub-toast=;.*Max-Age=0/i);
      expect(shown.headers.get("cache-control"), path).toBe("private, no-store");
      // The next visitor is not shown it: not from the cache, and nothing of it was kept.
      const next = await get(site, path);
      expect(await next.text(), path).not.toContain(toastMessage);
      expect(next.headers.get("set-cookie"), path).toBeNull();
      // And the same toast again is never answered with what another visitor was kept.
      const again = await get(site, path, { cookie: toast as string });
      expect(fromCache(again), path).toBe(false);
      expect(await again.text(), path).toContain(toastMessage);
    }
    // The page first asked for with the toast was not kept: its first anonymous answer was made.
    const fresh = "/?from=toast-first";
    await get(site, fresh, { cookie: toast as string });
    const firstAnonymous = await get(site, fresh);
    expect(fromCache(firstAnonymous)).toBe(false);
    expect(await firstAnonymous.text()).not.toContain(toastMessage);
    expect(fromCache(await get(site, fresh))).toBe(true);
  });

  describe("one render per changed page (decision 0056)", () => {
    const READERS = 30;
    const rename = (name: string) =>
      site.database.db.updateTable("services").set({ name }).where("id", "=", first).execute();
    /** The catalogue kept. */
    const keptCatalogue = async () => {
      await get(site, "/services");
      expect(fromCache(await get(site, "/services"))).toBe(true);
    };
    /** Many anonymous readers at once: what each got, and how (no X-Cache: rendered by it). */
    const crowd = async () =>
      Promise.all(
        Array.from({ length: READERS }, async () => {
          const answer = await get(site, "/services");
          return { cache: answer.headers.get("x-cache"), body: await answer.text() };
        }),
      );

    it("renders a page a write made stale once for a crowd, the others given the previous copy meanwhile", async () => {
      await rename("Crowd course, before");
      await keptCatalogue();
      await rename("Crowd course, after");
      const answers = await crowd();
      const rendered = answers.filter((answer) => answer.cache === null);
      expect(rendered).toHaveLength(1);
      expect(rendered[0]?.body).toContain("Crowd course, after");
      for (const answer of answers) {
        if (answer.cache === "stale") expect(answer.body).toContain("Crowd course, before");
        else expect(answer.body).toContain("Crowd course, after");
      }
      expect(answers.filter((answer) => answer.cache === "stale").length).toBeGreaterThan(0);
      const next = await get(site, "/services");
      expect(next.headers.get("x-cache")).toBe("hit");
      expect(await next.text()).toContain("Crowd course, after");
    });

    it("gives no copy older than the bound: a crowd after it waits for the one render", async () => {
      await rename("Waiting course, before");
      await keptCatalogue();
      await rename("Waiting course, after");
      await delay(STALE_FOR_AT_MOST_MS + 50);
      const answers = await crowd();
      expect(answers.filter((answer) => answer.cache === null)).toHaveLength(1);
      expect(answers.filter((answer) => answer.cache === "stale")).toEqual([]);
      for (const answer of answers) expect(answer.body).toContain("Waiting course, after");
    });

    it("serves the previous copy for at most the bound after a write, however long the render takes", async () => {
      await rename("Slow course, before");
      await keptCatalogue();
      await rename("Slow course, after");
      const wroteAt = performance.now();
      // The render waits for the database: another request holds it (a long transaction).
      const held = holdTheCatalogue(site, engine, 1500);
      await delay(50);
      const rendering = get(site, "/services");
      const during = await get(site, "/services");
      expect(during.headers.get("x-cache")).toBe("stale");
      expect(await during.text()).toContain("Slow course, before");
      await delay(Math.max(0, wroteAt + 1000 - performance.now()));
      // A second after the write the previous copy is not served any more: this reader waits.
      const late = await get(site, "/services");
      expect(performance.now() - wroteAt).toBeGreaterThan(1000);
      expect(late.headers.get("x-cache")).not.toBe("stale");
      expect(await late.text()).toContain("Slow course, after");
      expect(await (await rendering).text()).toContain("Slow course, after");
      await held;
    });
  });

  it("keeps no refusal, no private page and no answer that sets a cookie", async () => {
    for (const path of ["/services/no-such-course", "/my-reviews", "/login", "/api/my-reviews"]) {
      await get(site, path);
      expect(fromCache(await get(site, path)), path).toBe(false);
    }
  });
});

describe("the response cache across processes on one PostgreSQL", () => {
  const site = testSiteOn("postgres");
  const other = secondServerOn(site);

  it("a write in one process is seen on the very next request to the other", async () => {
    const course = await insertService(site.database.db, { name: "Shared course" });
    const student = await signUpWithToken(site.app, site.database.db);
    const path = `${other.origin}/services/${course}`;
    // A new process keeps nothing until its listener on PostgreSQL has connected, which may be
    // a moment after it first answers.
    const cacheOf = async (address: string) => {
      const answer = await fetch(address);
      await answer.text();
      return answer.headers.get("x-cache");
    };
    await expect.poll(() => cacheOf(path), { timeout: 5000 }).toBe("hit");

    await postReview(site, student.token, course, "Written through the first process.");
    const after = await fetch(path);
    expect(after.headers.get("x-cache")).toBeNull();
    expect(await after.text()).toContain("Written through the first process.");

    const api = `${other.origin}/api/services/${course}`;
    await expect.poll(() => cacheOf(api), { timeout: 5000 }).toBe("hit");
    await site.database.db
      .updateTable("services")
      .set({ name: "Renamed by a third hand" })
      .where("id", "=", course)
      .execute();
    const renamed = (await (await fetch(api)).json()) as { serviceName: string };
    expect(renamed.serviceName).toBe("Renamed by a third hand");
  });

  it("serves pages and forms on BASE_URL when a proxy reaches it under another host name", async () => {
    // What node:http hands over is made a Request on BASE_URL (server/public-origin.ts); a page
    // built on the Host header would link to the proxy's inside name and refuse every form.
    const throughProxy = (path: string, method = "GET", body = "") =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const outgoing = httpRequest(
          `${other.origin}${path}`,
          {
            method,
            headers: {
              host: "site.internal:8080",
              cookie: "ielts-hub-visit=1",
              ...(body
                ? { origin: other.origin, "content-type": "application/x-www-form-urlencoded" }
                : {}),
            },
          },
          (answer) => {
            let text = "";
            answer.setEncoding("utf8");
            answer.on("data", (chunk: string) => {
              text += chunk;
            });
            answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body: text }));
          },
        );
        outgoing.on("error", reject);
        outgoing.end(body);
      });
    const page = await throughProxy("/services");
    expect(page.status).toBe(200);
    expect(page.body).toContain(`${other.origin}/services/`);
    expect(page.body).not.toContain("site.internal");
    const sent = await throughProxy(
      "/contact",
      "POST",
      new URLSearchParams({ name: "A", email: "a@example.com", message: "Hello" }).toString(),
    );
    expect(sent.status).toBe(302);
  });
});
