import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertReview, insertService } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

type Person = Awaited<ReturnType<typeof signUpWithToken>>;

describe.each(engines)("the teacher's reply to a review on %s", (engine) => {
  const site = testSiteOn(engine);
  let author: Person;
  let student: Person;
  let owner: Person;
  let serviceId: string;
  let reviewId: string;

  beforeAll(async () => {
    author = await signUpWithToken(site.app, site.database.db, { name: "Review Author" });
    student = await signUpWithToken(site.app, site.database.db);
    owner = await signUpWithToken(site.app, site.database.db, { name: "Teacher" });
    await makeOwner(site.database.db, owner.email);
    serviceId = await insertService(site.database.db, { name: "Replied course" });
    reviewId = await insertReview(site.database.db, {
      serviceId,
      userId: author.id,
      rating: 2,
      message: "Too fast for me.",
    });
    // Sign-up mails a link to confirm the address; send those now, so the tests count their own.
    await site.app.deliverMail();
    site.outbox.length = 0;
  });

  const api = async (method: string, path: string, who?: Person, body?: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const reply = () =>
    site.database.db
      .selectFrom("review_replies")
      .select(["text", "author_id"])
      .where("review_id", "=", reviewId)
      .executeTakeFirst();
  const publicReview = async () =>
    ((await (await api("GET", `/api/reviews/${serviceId}`)).json()) as { reply: unknown }[])[0];

  it("is written, rewritten and deleted by an owner only, on the API; the author is told once", async () => {
    const path = `/api/reviews/${reviewId}/reply`;
    expect((await api("PUT", path, undefined, { text: "Hi" })).status).toBe(401);
    expect((await api("PUT", path, student, { text: "Fake teacher" })).status).toBe(403);
    expect((await api("PUT", path, author, { text: "Replying to myself" })).status).toBe(403);
    expect(
      (await api("PUT", "/api/reviews/no-such-review/reply", owner, { text: "x" })).status,
    ).toBe(404);
    expect((await api("PUT", path, owner, { text: "" })).status).toBe(400);
    expect(await reply()).toBeUndefined();
    expect((await publicReview())?.reply).toBeNull();

    site.outbox.length = 0;
    const written = await api("PUT", path, owner, { text: "Try the slower playlist first." });
    expect(written.status).toBe(200);
    expect(await reply()).toEqual({ text: "Try the slower playlist first.", author_id: owner.id });
    expect((await publicReview())?.reply).toEqual({
      text: "Try the slower playlist first.",
      addTime: { date: expect.any(String), time: expect.any(String) },
    });
    const own = (await (await api("GET", "/api/my-reviews", author)).json()) as {
      reply: unknown;
    }[];
    expect(own[0]?.reply).toMatchObject({ text: "Try the slower playlist first." });
    await api("PUT", path, owner, { text: "Try the slower playlist, then unit 2." });
    expect((await reply())?.text).toBe("Try the slower playlist, then unit 2.");
    await site.app.deliverMail();
    expect(site.outbox.map((mail) => mail.to)).toEqual([author.email]);
    expect(site.outbox[0]?.subject).toBe(
      "IELTS Hub: the teacher answered your review of Replied course",
    );
    expect(site.outbox[0]?.text).toContain(`/services/${serviceId}`);

    expect((await api("DELETE", path, student)).status).toBe(403);
    expect(await reply()).toBeDefined();
    expect(await (await api("DELETE", path, owner)).json()).toEqual({ deletedCount: 1 });
    expect(await reply()).toBeUndefined();
    expect(await (await api("DELETE", path, owner)).json()).toEqual({ deletedCount: 0 });
  });

  it("is written and deleted from the course page by an owner; anyone else gets 404", async () => {
    const page = `/services/${serviceId}`;
    const fields = { intent: "reply", reviewId, text: "Glad you wrote." };
    const refused = await postForm(site.app, page, fields, { cookie: student.cookie });
    expect(refused.status).toBe(404);
    expect(await reply()).toBeUndefined();
    expect(
      await (
        await site.app.request(`${ORIGIN}${page}`, { headers: { cookie: student.cookie } })
      ).text(),
    ).not.toContain("Your reply to");

    const saved = await postForm(site.app, page, fields, { cookie: owner.cookie });
    expect(saved.status).toBe(302);
    const html = await (await site.app.request(`${ORIGIN}${page}`)).text();
    expect(html).toContain("The teacher&#x27;s answer");
    expect(html).toContain("Glad you wrote.");

    const deleteRefused = await postForm(
      site.app,
      page,
      { intent: "delete-reply", reviewId },
      {
        cookie: author.cookie,
      },
    );
    expect(deleteRefused.status).toBe(404);
    expect(await reply()).toBeDefined();
    await postForm(site.app, page, { intent: "delete-reply", reviewId }, { cookie: owner.cookie });
    expect(await reply()).toBeUndefined();
  });
});
