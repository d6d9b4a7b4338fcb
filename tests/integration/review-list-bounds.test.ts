import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Insertable } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/index.ts";
import type { ReviewsTable, UsersTable } from "../../db/schema.ts";
import { ORIGIN, signUpWithToken } from "../support/accounts.ts";
import { insertService } from "../support/fixtures.ts";
import { testSiteOn } from "../support/test-app.ts";

/*
 * GET /api/reviews/{serviceId} on a course with 40,000 reviews (issue 35, point 7; decision
 * 0049): the specification's plain array is bounded to a page, with the total and the way on in
 * the headers, and large JSON answers are compressed. SQLite is enough to show the size; the
 * timings are printed, never asserted.
 */

const FIRST = 4_000;
const ALL = 40_000;
const PAGE_SIZE = 100;

/** A small seeded generator, so every run writes the same reviews. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = [
  "Amina",
  "Bao",
  "Carlos",
  "Dilnoza",
  "Elif",
  "Farhan",
  "Giulia",
  "Hiroshi",
  "Ines",
  "Jae-won",
  "Kavya",
  "Luca",
  "Mariam",
  "Nguyen",
  "Olumide",
  "Priya",
  "Quang",
  "Rania",
  "Sofia",
  "Tariq",
  "Umar",
  "Valentina",
  "Wei",
  "Yusuf",
  "Zainab",
];
const LAST_NAMES = [
  "Haddad",
  "Tran",
  "Mendes",
  "Karimova",
  "Yilmaz",
  "Rahman",
  "Rossi",
  "Tanaka",
  "Ferreira",
  "Park",
  "Iyer",
  "Bianchi",
  "Saleh",
  "Van",
  "Adeyemi",
  "Sharma",
  "Le",
  "Mansour",
  "Lopez",
  "Qureshi",
  "Farouk",
  "Gomez",
  "Zhang",
  "Demir",
  "Bello",
];
const OPENINGS = [
  "I took this course six weeks before my test date.",
  "I had failed to get the band I needed twice before joining.",
  "My university offer depended on a 7 overall with no band under 6.5.",
  "I work full time, so I studied in the evenings and at weekends.",
  "I joined after a friend recommended the writing feedback.",
  "English is my third language and I was nervous about the speaking test.",
];
const MIDDLES = [
  "The Task 2 essays came back with comments on every paragraph, and the teacher showed me why my conclusions repeated the introduction instead of answering the question.",
  "The listening practice used real recordings with different accents, which helped far more than the textbook tracks I had been using at home.",
  "Speaking mock interviews were recorded, so I could hear where I hesitated and where I used the same linking words again and again.",
  "The reading lessons taught me to skim for the writer's opinion first, and my True/False/Not Given answers improved within two weeks.",
  "Task 1 charts finally made sense once we practised describing the overall trend before any numbers.",
  "Vocabulary lists were grouped by topic (environment, education, technology) with example sentences I could actually reuse.",
  "The timed practice tests on Saturdays were hard but they showed me how to manage the hour for writing.",
  "Feedback arrived within two days every time, always with one thing to keep and one thing to change.",
];
const ENDINGS = [
  "I got the score I needed and started my master's in September.",
  "My writing went from 6 to 7 and my overall band from 6.5 to 7.5.",
  "I would recommend it to anyone who needs structure and honest feedback.",
  "The price was fair for the amount of personal attention.",
  "I wish there had been more listening material for the General module, but overall it was worth it.",
  "Next time I will start earlier, but I passed with the band my visa needed.",
];

/** A student's review as people write them: two to four sentences, one to five stars or none. */
function reviewWriter(seed: number) {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  return () => {
    const middle = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(MIDDLES));
    const stars = random() < 0.05 ? null : 1 + Math.floor(random() ** 0.4 * 5);
    return {
      name: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      message: [pick(OPENINGS), ...middle, pick(ENDINGS)].join(" "),
      rating: stars,
      module: random() < 0.5 ? ("academic" as const) : random() < 0.5 ? ("general" as const) : null,
    };
  };
}

/**
 * `count` reviews of one course by as many students, straight through the database layer in
 * slices of one transaction each. `newest` is the time of the first; each next one is a minute
 * older.
 */
async function insertReviews(
  db: DB,
  serviceId: string,
  { count, newest, seed }: { count: number; newest: Date; seed: number },
) {
  const write = reviewWriter(seed);
  const SLICE = 500;
  for (let start = 0; start < count; start += SLICE) {
    const users: Insertable<UsersTable>[] = [];
    const reviews: Insertable<ReviewsTable>[] = [];
    for (let n = start; n < Math.min(count, start + SLICE); n++) {
      const review = write();
      const at = new Date(newest.getTime() - n * 60_000).toISOString();
      const userId = crypto.randomUUID();
      users.push({
        id: userId,
        name: review.name,
        email: `student-${seed}-${n}@example.com`,
        image: null,
        created_at: at,
        updated_at: at,
      });
      reviews.push({
        id: crypto.randomUUID(),
        service_id: serviceId,
        user_id: userId,
        rating: review.rating,
        message: review.message,
        ielts_module: review.module,
        created_at: at,
        updated_at: at,
      });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("users").values(users).execute();
      await trx.insertInto("reviews").values(reviews).execute();
    });
  }
}

/** RFC 8288's `Link` header as relation → target. */
function links(header: string | null): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of (header ?? "").split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>\s*;\s*rel="([^"]+)"$/.exec(part.trim());
    if (!match) throw new Error(`Not a link: ${part}`);
    found[match[2] as string] = match[1] as string;
  }
  return found;
}

interface ListedReview {
  _id: string;
  userMessage: string;
  addTime: { date: string; time: string };
}

describe("GET /api/reviews/{serviceId} on a course with 40,000 reviews (SQLite)", () => {
  const site = testSiteOn("sqlite");
  let serviceId: string;
  const path = () => `/api/reviews/${serviceId}`;
  const get = (query = "", headers: Record<string, string> = {}) =>
    site.app.request(`${ORIGIN}${path()}${query}`, { headers });
  /** The plain list's first page, timed: the first call, and five other pages (none kept). */
  const measure = async (label: string) => {
    const startedAt = performance.now();
    const response = await get();
    const body = await response.text();
    const first = performance.now() - startedAt;
    const others: number[] = [];
    for (let page = 2; page <= 6; page++) {
      const at = performance.now();
      await (await get(`?page=${page}&size=${PAGE_SIZE}`)).arrayBuffer();
      others.push(performance.now() - at);
    }
    others.sort((a, b) => a - b);
    const brotli = await (await get("", { "accept-encoding": "br" })).arrayBuffer();
    console.log(
      `GET ${label}: ${body.length} bytes (${brotli.byteLength} with br); first call ${first.toFixed(1)} ms, pages 2–6 median ${(others[2] as number).toFixed(1)} ms`,
    );
    return { response, body };
  };
  let withFirst: { response: Response; body: string };
  let withAll: { response: Response; body: string };

  beforeAll(async () => {
    const { db } = site.database;
    serviceId = await insertService(db, {
      name: "IELTS Academic Writing, intensive",
      description: "Task 1 and Task 2 with personal feedback on every essay.",
    });
    // The 4,000 newest first, and measured; then 36,000 older ones, which leave the newest
    // hundred as they were.
    const now = new Date("2026-11-27T12:00:00Z");
    let at = performance.now();
    await insertReviews(db, serviceId, { count: FIRST, newest: now, seed: 1 });
    console.log(`Inserted ${FIRST} reviews in ${(performance.now() - at).toFixed(0)} ms`);
    withFirst = await measure(`${FIRST} reviews`);
    at = performance.now();
    await insertReviews(db, serviceId, {
      count: ALL - FIRST,
      newest: new Date(now.getTime() - FIRST * 60_000),
      seed: 2,
    });
    console.log(`Inserted ${ALL - FIRST} more in ${(performance.now() - at).toFixed(0)} ms`);
    withAll = await measure(`${ALL} reviews`);
  }, 300_000);

  it("answers the newest hundred as the plain array, the same for 4,000 reviews and 40,000", async () => {
    for (const { response, body } of [withFirst, withAll]) {
      expect(response.status).toBe(200);
      const reviews = JSON.parse(body) as ListedReview[];
      expect(Array.isArray(reviews)).toBe(true);
      expect(reviews).toHaveLength(PAGE_SIZE);
      expect(reviews[0]?.userMessage.length).toBeGreaterThan(100);
    }
    // Older reviews added below the first page leave it as it was, byte for byte.
    expect(withAll.body).toBe(withFirst.body);
    expect(withFirst.body.length).toBeLessThan(200_000);
    expect(withFirst.response.headers.get("x-total-count")).toBe(String(FIRST));
    expect(withAll.response.headers.get("x-total-count")).toBe(String(ALL));
    expect(links(withAll.response.headers.get("link"))).toEqual({
      next: `${ORIGIN}${path()}?page=2&size=${PAGE_SIZE}`,
      first: `${ORIGIN}${path()}?page=1&size=${PAGE_SIZE}`,
      last: `${ORIGIN}${path()}?page=${ALL / PAGE_SIZE}&size=${PAGE_SIZE}`,
    });
    // The validator changes with the total, though the first page's body did not.
    expect(withAll.response.headers.get("etag")).not.toBe(withFirst.response.headers.get("etag"));
  });

  it("goes on page by page along the links, newest first, each review once", async () => {
    const first = JSON.parse(withAll.body) as ListedReview[];
    const next = links(withAll.response.headers.get("link")).next as string;
    const response = await site.app.request(next);
    expect(response.status).toBe(200);
    const second = (await response.json()) as ListedReview[];
    expect(second).toHaveLength(PAGE_SIZE);
    const ids = new Set([...first, ...second].map((review) => review._id));
    expect(ids.size).toBe(2 * PAGE_SIZE);
    expect(response.headers.get("x-total-count")).toBe(String(ALL));
    expect(links(response.headers.get("link"))).toEqual({
      prev: `${ORIGIN}${path()}?page=1&size=${PAGE_SIZE}`,
      next: `${ORIGIN}${path()}?page=3&size=${PAGE_SIZE}`,
      first: `${ORIGIN}${path()}?page=1&size=${PAGE_SIZE}`,
      last: `${ORIGIN}${path()}?page=${ALL / PAGE_SIZE}&size=${PAGE_SIZE}`,
    });
    // The smaller size the client chose is kept in its links; the last page holds the rest.
    const small = await get("?page=3&size=7");
    expect(((await small.json()) as unknown[]).length).toBe(7);
    expect(links(small.headers.get("link"))).toMatchObject({
      prev: `${ORIGIN}${path()}?page=2&size=7`,
      next: `${ORIGIN}${path()}?page=4&size=7`,
      last: `${ORIGIN}${path()}?page=${Math.ceil(ALL / 7)}&size=7`,
    });
    const last = await get(`?page=${Math.ceil(ALL / 7)}&size=7`);
    expect(((await last.json()) as unknown[]).length).toBe(ALL % 7 || 7);
    expect(links(last.headers.get("link")).next).toBeUndefined();
  });

  it("answers a page past the end with an empty array, the total and the way back", async () => {
    const beyond = ALL / PAGE_SIZE + 1;
    const response = await get(`?page=${beyond}&size=${PAGE_SIZE}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    expect(response.headers.get("x-total-count")).toBe(String(ALL));
    const found = links(response.headers.get("link"));
    expect(found.next).toBeUndefined();
    expect(found.prev).toBe(`${ORIGIN}${path()}?page=${ALL / PAGE_SIZE}&size=${PAGE_SIZE}`);
  });

  it("refuses a bad size or page with 400 and a message", async () => {
    for (const [query, words] of [
      ["?size=0", "size"],
      ["?size=101", "size"],
      ["?size=1000", "size"],
      ["?size=ten", "size"],
      ["?page=0", "page"],
      ["?page=-1&size=10", "page"],
      ["?page=two", "page"],
    ] as const) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      const { message } = (await response.json()) as { message: string };
      expect(message, query).toContain(words);
      expect(message, query).toMatch(/1 to 100|from 1/);
    }
  });

  it("keeps the {reviews, count} page of sort, stars and module, bounded the same way", async () => {
    const response = await get("?sort=highest&page=2&size=100");
    expect(response.status).toBe(200);
    const { reviews, count } = (await response.json()) as { reviews: unknown[]; count: number };
    expect(reviews).toHaveLength(PAGE_SIZE);
    expect(count).toBe(ALL);
    expect(response.headers.get("x-total-count")).toBe(String(ALL));
    expect(links(response.headers.get("link")).next).toBe(
      `${ORIGIN}${path()}?page=3&size=100&sort=highest`,
    );
    expect((await get("?sort=newest&size=101")).status).toBe(400);
  });

  it("compresses the JSON with br or gzip as the client accepts, the same JSON once decompressed", async () => {
    const plain = await get("?page=4&size=100");
    const identity = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-encoding")).toBeNull();
    for (const [accepted, encoding, decompress] of [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip, deflate", "gzip", gunzipSync],
    ] as const) {
      const response = await get("?page=4&size=100", { "accept-encoding": accepted });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(response.headers.get("x-total-count")).toBe(String(ALL));
      const compressed = Buffer.from(await response.arrayBuffer());
      expect(compressed.length).toBeLessThan(identity.length / 3);
      expect(decompress(compressed).equals(identity)).toBe(true);
      // Asked again, the same bytes (the response cache keeps each encoding apart).
      const again = await get("?page=4&size=100", { "accept-encoding": accepted });
      expect(again.headers.get("content-encoding")).toBe(encoding);
      expect(Buffer.from(await again.arrayBuffer()).equals(compressed)).toBe(true);
    }
    // Under 1 KB nothing is gained: a refusal goes as it is.
    const refused = await get("?size=0", { "accept-encoding": "br" });
    expect(refused.headers.get("content-encoding")).toBeNull();
    // Other large JSON answers too: the catalogue, and a signed-in caller's own reviews, which
    // are made for one person on every call.
    const write = reviewWriter(3);
    const courses: string[] = [];
    for (let n = 0; n < 4; n++) {
      courses.push(
        await insertService(site.database.db, {
          name: `IELTS course ${n + 1}`,
          description: write().message,
        }),
      );
    }
    const catalogue = await site.app.request(`${ORIGIN}/api/services?size=50`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(catalogue.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await catalogue.arrayBuffer())).toString())).toEqual(
      await (await site.app.request(`${ORIGIN}/api/services?size=50`)).json(),
    );
    const student = await signUpWithToken(site.app, site.database.db, { name: "Zara Ahmed" });
    const bearer = { authorization: `Bearer ${student.token}` };
    for (const course of courses) {
      const posted = await site.app.request(`${ORIGIN}/api/reviews`, {
        method: "POST",
        headers: { ...bearer, "content-type": "application/json" },
        body: JSON.stringify({ serviceId: course, userMessage: write().message, rating: 5 }),
      });
      expect(posted.status).toBe(201);
    }
    const mine = await site.app.request(`${ORIGIN}/api/my-reviews`, {
      headers: { ...bearer, "accept-encoding": "br" },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-encoding")).toBe("br");
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    const own = JSON.parse(brotliDecompressSync(Buffer.from(await mine.arrayBuffer())).toString());
    expect(own).toHaveLength(courses.length);
  });
});
