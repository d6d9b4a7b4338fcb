import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertReview, insertService } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

type Person = Awaited<ReturnType<typeof signUpWithToken>>;

describe.each(engines)("enrollment requests on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  let student: Person;
  let other: Person;
  let owner: Person;
  let serviceId: string;
  let address = 0;
  const from = () => ({ "x-forwarded-for": `10.6.0.${++address % 250}` });

  beforeAll(async () => {
    student = await signUpWithToken(site.app, site.database.db, { name: "Keen Student" });
    other = await signUpWithToken(site.app, site.database.db);
    owner = await signUpWithToken(site.app, site.database.db, { name: "Teacher" });
    await makeOwner(site.database.db, owner.email);
    serviceId = await insertService(site.database.db, { name: "Enrolling course" });
    // Sign-up mails a link to confirm the address; send those now, so the tests count their own.
    await site.app.deliverMail();
    site.outbox.length = 0;
  });

  const api = async (method: string, path: string, who?: Person, body?: unknown) =>
    site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        ...from(),
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const rows = () =>
    site.database.db
      .selectFrom("enrollments")
      .select(["id", "user_id", "status", "start_date", "owner_note"])
      .orderBy("created_at")
      .execute();
  const page = async (path: string, who?: Person) =>
    site.app.request(`${ORIGIN}${path}`, {
      headers: { ...from(), ...(who ? { cookie: who.cookie } : {}) },
    });

  it("sends a visitor to log in first, takes one open request per student, and mails both sides", async () => {
    const anonymous = await page(`/services/${serviceId}/enroll`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/services/${serviceId}/enroll`)}`,
    );
    expect((await api("POST", "/api/enrollments", undefined, { serviceId })).status).toBe(401);
    expect(
      (
        await postForm(
          site.app,
          `/services/${serviceId}/enroll`,
          { startDate: "soon" },
          { cookie: student.cookie, ...from() },
        )
      ).status,
    ).toBe(400);
    expect(await rows()).toEqual([]);

    const sent = await postForm(
      site.app,
      `/services/${serviceId}/enroll`,
      { startDate: "2027-01-10", message: "Evenings suit me." },
      { cookie: student.cookie, ...from() },
    );
    expect(sent.status).toBe(302);
    expect(await rows()).toMatchObject([
      { user_id: student.id, status: "requested", start_date: "2027-01-10" },
    ]);
    const again = await api("POST", "/api/enrollments", student, { serviceId });
    expect(again.status).toBe(409);
    expect(await rows()).toHaveLength(1);
    await site.app.deliverMail();
    expect(site.outbox.map((mail) => [mail.to, mail.subject]).sort()).toEqual(
      [
        [owner.email, "IELTS Hub: Keen Student asks to join Enrolling course"],
        [student.email, "IELTS Hub: your request to join Enrolling course"],
      ].sort(),
    );
    const followUp = await (await page(`/services/${serviceId}/enroll`, student)).text();
    expect(followUp).toContain("Your request is waiting");
    expect(followUp).toContain("How to pay");
    // A course out of the catalogue takes no requests.
    const hidden = await insertService(site.database.db, { status: "pending" });
    expect((await api("POST", "/api/enrollments", other, { serviceId: hidden })).status).toBe(404);
  });

  it("lists and cancels only the student's own requests", async () => {
    const mine = (await (await api("GET", "/api/my-enrollments", student)).json()) as {
      _id: string;
      status: string;
    }[];
    expect(mine.map((e) => e.status)).toEqual(["requested"]);
    expect(await (await api("GET", "/api/my-enrollments", other)).json()).toEqual([]);
    const id = mine[0]?._id ?? "";
    expect((await api("DELETE", `/api/enrollments/${id}`, other)).status).toBe(404);
    const refused = await postForm(
      site.app,
      "/my-courses",
      { enrollmentId: id },
      { cookie: other.cookie, ...from() },
    );
    expect(refused.status).toBe(404);
    expect((await rows())[0]?.status).toBe("requested");
    expect(await (await api("DELETE", `/api/enrollments/${id}`, student)).json()).toEqual({
      deletedCount: 1,
    });
    expect((await rows())[0]?.status).toBe("cancelled");
    // A cancelled request leaves room for a new one.
    expect((await api("POST", "/api/enrollments", student, { serviceId })).status).toBe(201);
  });

  it("is confirmed or declined by an owner only; a confirmed student's review is verified", async () => {
    const open = (await rows()).find((row) => row.status === "requested");
    const enrollmentId = open?.id ?? "";
    const decide = (who: Person, decision: string) =>
      postForm(
        site.app,
        "/admin",
        { intent: "decide-enrollment", enrollmentId, decision, note: "See you Monday." },
        { cookie: who.cookie, ...from() },
      );
    expect((await decide(student, "confirmed")).status).toBe(404);
    expect((await rows()).find((row) => row.id === enrollmentId)?.status).toBe("requested");
    await insertReview(site.database.db, { serviceId, userId: student.id, rating: 5 });
    const before = (await (await api("GET", `/api/reviews/${serviceId}`)).json()) as {
      verified: boolean;
    }[];
    expect(before.map((review) => review.verified)).toEqual([false]);

    // What earlier requests queued goes first, so only the decision's mail is counted.
    await site.app.deliverMail();
    site.outbox.length = 0;
    expect((await decide(owner, "confirmed")).status).toBe(302);
    expect((await rows()).find((row) => row.id === enrollmentId)).toMatchObject({
      status: "confirmed",
      owner_note: "See you Monday.",
    });
    await site.app.deliverMail();
    expect(site.outbox.map((mail) => [mail.to, mail.subject])).toEqual([
      [student.email, "IELTS Hub: your request to join Enrolling course was confirmed"],
    ]);
    const after = (await (await api("GET", `/api/reviews/${serviceId}`)).json()) as {
      verified: boolean;
    }[];
    expect(after.map((review) => review.verified)).toEqual([true]);
    expect(await (await page(`/services/${serviceId}`)).text()).toContain("Verified student");
    expect(await (await page("/my-courses", student)).text()).toContain(
      "The teacher: See you Monday.",
    );
  });
});
