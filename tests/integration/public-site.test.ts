import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogueIfEmpty } from "../../db/seed/index.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { insertReview, insertService, insertUser } from "../support/fixtures.ts";
import { createTestApp } from "../support/test-app.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

describe.each(engines)("public site and JSON API on %s", (engine) => {
  let database: TestDatabase;
  let app: App;
  let newestId: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await seedCatalogueIfEmpty(database.db);
    app = await createTestApp(database);
    const [newest] = (await (await app.request("/api/")).json()) as { _id: string }[];
    newestId = newest?._id ?? "";
  });
  afterAll(() => database.drop());

  describe("GET /api/", () => {
    it("returns the 3 newest services in the seed's shape", async () => {
      const response = await app.request("/api/");
      expect(response.status).toBe(200);
      const services = (await response.json()) as Record<string, unknown>[];
      expect(services).toHaveLength(3);
      expect(services[0]).toEqual({
        _id: expect.any(String),
        serviceName: "Band 7 Intensive Weekend Bootcamp",
        price: 59.5,
        description: expect.stringContaining("Two intensive days"),
        img: "http://localhost:3000/images/services/band-7-bootcamp.svg",
        rating: null,
        ratingCount: 0,
        reviewCount: 0,
        addTime: {
          date: expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4}$/),
          time: expect.stringMatching(/^\d\d:\d\d:\d\d$/),
        },
        // The course's details (issue 11), from the seeded catalogue.
        module: "both",
        level: { from: 6.5, to: 7 },
        length: { value: 2, unit: "days" },
        format: "live",
        learningPoints: expect.arrayContaining(["Speaking drills in small groups"]),
        // Writing marking (issue 39), as the seed gives the bootcamp.
        writingAnswersMarked: 2,
      });
    });
  });

  describe("GET /api/services", () => {
    it("pages from index 0 with 9 per page by default and reports the total", async () => {
      const first = (await (await app.request("/api/services?page=0&size=9")).json()) as {
        services: unknown[];
        count: number;
      };
      const second = (await (await app.request("/api/services?page=1&size=9")).json()) as {
        services: unknown[];
        count: number;
      };
      const byDefault = (await (await app.request("/api/services")).json()) as {
        services: unknown[];
        count: number;
      };
      expect(first.count).toBe(14);
      expect(first.services).toHaveLength(9);
      expect(second.services).toHaveLength(5);
      expect(byDefault).toEqual(first);
    });

    it.each([
      ["page=-1", "page"],
      ["page=abc", "page"],
      ["page=1.5", "page"],
      ["size=0", "size"],
      ["size=101", "size"],
      ["size=ten", "size"],
      ["page=99999999999", "page"],
    ])("answers ?%s with 400 and a message about %s", async (query, field) => {
      const response = await app.request(`/api/services?${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(field);
    });

    it("accepts the largest page size and a page past the end", async () => {
      const big = (await (await app.request("/api/services?size=100")).json()) as {
        services: unknown[];
      };
      expect(big.services).toHaveLength(14);
      const past = (await (await app.request("/api/services?page=50")).json()) as {
        services: unknown[];
        count: number;
      };
      expect(past).toEqual({ services: [], count: 14 });
    });
  });

  describe("GET /api/services/{id} and /api/reviews/{serviceId}", () => {
    it("returns one service, or 404 JSON for an unknown id", async () => {
      const found = await app.request(`/api/services/${newestId}`);
      expect(found.status).toBe(200);
      expect(((await found.json()) as { _id: string })._id).toBe(newestId);
      for (const id of ["unknown", "x".repeat(500), "%27%20or%201%3D1", "%E2%82%AC"]) {
        const missing = await app.request(`/api/services/${id}`);
        expect(missing.status).toBe(404);
        expect(await missing.json()).toEqual({ message: "No service has this id." });
      }
    });

    it("lists a service's reviews with the seed's fields plus the rating, newest first, and no e-mail", async () => {
      const serviceId = await insertService(database.db, {
        name: "Reviewed course",
        priceCents: 2500,
      });
      const userId = await insertUser(database.db, { name: "Mina", email: "mina@example.com" });
      const otherId = await insertUser(database.db, { name: "Omar", email: "omar@example.com" });
      await insertReview(database.db, {
        serviceId,
        userId,
        rating: 5,
        message: "Clear and useful.",
        createdAt: new Date("2026-02-01T10:00:00Z"),
      });
      await insertReview(database.db, {
        serviceId,
        userId: otherId,
        rating: 2,
        message: "<b>Too short</b>",
        createdAt: new Date("2026-02-02T10:00:00Z"),
      });
      const response = await app.request(`/api/reviews/${serviceId}`);
      expect(response.status).toBe(200);
      const reviews = (await response.json()) as Record<string, unknown>[];
      expect(reviews.map((r) => r.userName)).toEqual(["Omar", "Mina"]);
      expect(reviews[1]).toEqual({
        _id: expect.any(String),
        serviceId,
        serviceName: "Reviewed course",
        img: "http://localhost:3000/images/services/listening.svg",
        price: 25,
        userName: "Mina",
        userPhoto: null,
        userMessage: "Clear and useful.",
        rating: 5,
        addTime: { date: "1/2/2026", time: "10:00:00" },
        reply: null,
        verified: false,
        helpful: 0,
        module: null,
        bandBefore: null,
        bandAchieved: null,
        testMonth: null,
      });
      const service = (await (await app.request(`/api/services/${serviceId}`)).json()) as {
        rating: number;
        ratingCount: number;
      };
      expect(service).toMatchObject({ rating: 3.5, ratingCount: 2 });
      expect((await app.request("/api/reviews/unknown")).status).toBe(404);
    });

    it("answers an unknown API path with 404 JSON", async () => {
      const response = await app.request("/api/nothing-here");
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
    });
  });

  describe("pages rendered on the server", () => {
    it("pages carry React Router's whole hydration data, rendered at once", async () => {
      const html = await (await app.request(`/services/${newestId}`)).text();
      // app/entry.server.tsx reads the data before rendering: all of it is in the page, in
      // order, and nothing waits to be streamed in behind a Suspense boundary.
      const enqueued = [...html.matchAll(/streamController\.enqueue\((".*?")\);<\/script>/g)].map(
        ([, text = '""']) => JSON.parse(text) as string,
      );
      expect(enqueued.join("")).toContain("Band 7 Intensive Weekend Bootcamp");
      expect(html.indexOf("streamController.close();")).toBeGreaterThan(
        html.lastIndexOf("streamController.enqueue("),
      );
      expect(html).not.toContain("<!--$?-->");
      expect(html).not.toContain("<template");
    });

    it("serves the home page with its content, title and description before any script runs", async () => {
      const response = await app.request("/");
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("<title>Home - IELTS Hub</title>");
      expect(html).toContain('<meta name="description"');
      expect(html).toContain("Certify your English proficiency today!");
      expect(html).toContain("Band 7 Intensive Weekend Bootcamp");
    });

    it("serves a service's details page with its data", async () => {
      const response = await app.request(`/services/${newestId}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("<title>Band 7 Intensive Weekend Bootcamp - IELTS Hub</title>");
      expect(html).toContain("Price: $ <!-- -->59.50");
    });

    const notFound = /Sorry, we couldn(&#x27;|')t find this page\./;
    const noSuchCataloguePage = /There is no such page of services\./;
    it.each([
      ["/no-such-page", notFound],
      ["/services/unknown-id", notFound],
      ["/services/a/b", notFound],
      ["/services?page=99", noSuchCataloguePage],
      ["/services?page=abc", noSuchCataloguePage],
    ])("answers %s with status 404 and its own 404 page", async (path, text) => {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(text);
    });

    it("refuses an incomplete contact message with each problem next to its field", async () => {
      const invalid = await app.request("http://localhost:3000/contact", {
        method: "POST",
        body: new URLSearchParams({ name: "", email: "not-an-email", message: "" }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "http://localhost:3000",
        },
      });
      expect(invalid.status).toBe(400);
      const html = await invalid.text();
      expect(html).toContain("Please enter your name.");
      expect(html).toContain("Please enter a valid e-mail address.");
      expect(html).toContain('aria-invalid="true"');
    });
  });
});

describe("serving", () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    app = await createTestApp(database);
  });
  afterAll(() => database.drop());

  it("sends security headers with every page; its inline scripts run by their hashes, and no other", async () => {
    const first = await app.request("/");
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src"));
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("nonce");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull();
    const html = await first.text();
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
      ([, text = ""]) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`,
    );
    expect(inline.length).toBeGreaterThanOrEqual(3);
    const allowed = scriptSrc?.trim().split(/\s+/).slice(1) ?? [];
    expect(allowed).toEqual(["'self'", ...new Set(inline)]);
    // The same page again: the same policy, which a kept answer can carry.
    expect((await app.request("/")).headers.get("content-security-policy")).toBe(csp);
  });

  it("adds HSTS in production", async () => {
    const production = await createTestApp(database, {
      NODE_ENV: "production",
      BASE_URL: "https://ielts.example.com",
    });
    const response = await production.request("/");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=31536000");
  });

  it("serves built assets compressed, with immutable cache headers", async () => {
    const html = await (await app.request("/")).text();
    // Named in the hydration script (app/lib/deferred-hydration.server.ts), not in a tag.
    const path = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(path).toBeDefined();
    const brotli = await app.request(path ?? "", { headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const gzip = await app.request(path ?? "", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect((await app.request("/assets/missing.js")).status).toBe(404);
  });

  it("serves the catalogue's images from the project, with no network", async () => {
    const image = await app.request("/images/services/listening.svg");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
    expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await app.request("/")).headers.get("cache-control")).toBe("no-cache");
  });

  it("pages ask for the covers and the favicon by content version, which may be kept for good", async () => {
    for (const n of [1, 2, 3, 4]) await insertService(database.db, { name: `Course ${n}` });
    const html = await (await app.request("/services")).text();
    // The first row's covers (the largest paint) load at once and first; the rest when near.
    const images = html.match(/<img [^>]*src="\/images\/services\/[^>]*>/g) ?? [];
    expect(images.map((tag) => /loading="eager" fetchPriority="high"/i.test(tag))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(images[3]).toContain('loading="lazy"');
    const cover = html.match(/src="(\/images\/services\/[\w-]+\.svg\?v=[\w-]+)"/)?.[1];
    const favicon = html.match(/href="(\/favicon\.svg\?v=[\w-]+)"/)?.[1];
    for (const url of [cover, favicon]) {
      expect(url).toBeDefined();
      const file = await app.request(url ?? "");
      expect(file.status).toBe(200);
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    // A version that is not the file's content (an old page, a guess) is kept an hour only.
    const stale = await app.request("/images/services/listening.svg?v=not-this-one");
    expect(stale.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});

describe("when the database fails", () => {
  it("answers 500 with a friendly page or JSON message and leaks nothing", async () => {
    const database = await createTestDatabase("sqlite");
    const app = await createTestApp(database);
    await database.drop();
    const api = await app.request("/api/services");
    expect(api.status).toBe(500);
    const reference = api.headers.get("x-request-id");
    expect(await api.json()).toEqual({
      message: `Something went wrong on our side. Please try again. Quote this reference: ${reference}`,
      reference,
    });
    const page = await app.request("/services");
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain("Something went wrong on our side.");
    expect(html).not.toMatch(/sqlite|kysely|stack|at \w+ \(/i);
    // The details went to the server's log instead, under each request's id.
    const failures = app.logLines
      .map((line) => JSON.parse(line) as { level: string; requestId: string })
      .filter((line) => line.level === "error");
    expect(failures.map((line) => line.requestId)).toEqual(
      expect.arrayContaining([reference, page.headers.get("x-request-id")]),
    );
  });
});

describe("odd requests", () => {
  let database: TestDatabase;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await seedCatalogueIfEmpty(database.db);
    app = await createTestApp(database);
  });
  afterAll(() => database.drop());

  it.each([
    "/api/services?page=1&page=2",
    "/api/services?page[]=1",
    "/api/services?size=%00",
    "/api/services/%00",
    "/api/services/%",
    "/api/reviews/%E0%A4%A",
    "/services/%",
    "/services?page=%00",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/assets/..%2f..%2fpackage.json",
    "/images/../../package.json",
  ])("answers %s without a server error", async (path) => {
    const response = await app.request(path);
    expect(response.status).toBeLessThan(500);
    expect(await response.text()).not.toContain('"dependencies"');
  });
});
