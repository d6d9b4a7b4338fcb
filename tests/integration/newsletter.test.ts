import { beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../core/limits/rate-limit.server.ts";
import { ORIGIN, postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

describe.each(engines)("newsletter sign-up with double opt-in on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  let owner: Awaited<ReturnType<typeof signUp>>;
  let student: Awaited<ReturnType<typeof signUp>>;
  let address = 0;
  const signUpFor = (email: string, from = `10.5.0.${++address % 250}`) =>
    postForm(site.app, "/newsletter", { email }, { "x-forwarded-for": from });
  const row = (email: string) =>
    site.database.db
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
  const mailsTo = async (email: string) => {
    site.outbox.length = 0;
    await site.app.deliverMail();
    return site.outbox.filter((mail) => mail.to === email);
  };
  const linkIn = (text: string, path: string) =>
    new RegExp(`http://localhost:3000(${path}\\?token=[\\w-]+)`).exec(text)?.[1] ?? "";

  beforeAll(async () => {
    owner = await signUp(site.app);
    await makeOwner(site.database.db, owner.email);
    student = await signUp(site.app);
  });

  it("answers alike for every address, and subscribes only once the mailed link is followed", async () => {
    const invalid = await signUpFor("not-an-address");
    expect(invalid.status).toBe(302);
    expect(
      await site.database.db.selectFrom("newsletter_subscribers").selectAll().execute(),
    ).toEqual([]);

    const first = await signUpFor("Reader@Example.com");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/#subscribe-heading");
    expect(await row("reader@example.com")).toMatchObject({ status: "pending" });
    const [confirmation] = await mailsTo("reader@example.com");
    const link = linkIn(confirmation?.text ?? "", "/newsletter/confirm");
    expect(link).toMatch(/^\/newsletter\/confirm\?token=/);

    // Asking again (still pending) mails the same link again; the answer does not change.
    const again = await signUpFor("reader@example.com");
    expect(again.status).toBe(first.status);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(
      linkIn((await mailsTo("reader@example.com"))[0]?.text ?? "", "/newsletter/confirm"),
    ).toBe(link);

    expect((await site.app.request(`${ORIGIN}/newsletter/confirm?token=forged`)).status).toBe(404);
    expect((await row("reader@example.com"))?.status).toBe("pending");
    const confirmed = await site.app.request(`${ORIGIN}${link}`);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You are subscribed");
    expect((await row("reader@example.com"))?.status).toBe("confirmed");
    // A confirmed address is mailed nothing more when it signs up again.
    expect((await signUpFor("reader@example.com")).status).toBe(302);
    expect(await mailsTo("reader@example.com")).toEqual([]);
  });

  it("unsubscribes in one click without signing in, RFC 8058 POST included", async () => {
    const { token } = (await row("reader@example.com")) ?? { token: "" };
    const page = await site.app.request(`${ORIGIN}/newsletter/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Stop the newsletter?");
    const oneClick = await site.app.request(`${ORIGIN}/newsletter/unsubscribe?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await row("reader@example.com"))?.status).toBe("unsubscribed");
    const forged = await site.app.request(`${ORIGIN}/newsletter/unsubscribe?token=forged`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(forged.status).toBe(404);
    // Signing up again starts over, with a new link.
    await signUpFor("reader@example.com");
    const renewed = await row("reader@example.com");
    expect(renewed?.status).toBe("pending");
    expect(renewed?.token).not.toBe(token);
  });

  it("exports the confirmed subscribers as CSV for owners only, and limits sign-ups per address", async () => {
    await signUpFor("-lead@example.com");
    const pending = await row("-lead@example.com");
    await site.app.request(`${ORIGIN}/newsletter/confirm?token=${pending?.token}`);
    expect(
      (
        await site.app.request(`${ORIGIN}/admin/subscribers.csv`, {
          headers: { cookie: student.cookie },
        })
      ).status,
    ).toBe(404);
    const csv = await site.app.request(`${ORIGIN}/admin/subscribers.csv`, {
      headers: { cookie: owner.cookie },
    });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("email,confirmed_at");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(['"\'-lead@example.com"']);

    const { limit } = rateLimits.newsletterSignUp;
    const statuses = [];
    for (let n = 0; n <= limit; n++)
      statuses.push((await signUpFor(`x${n}@example.com`, "10.5.9.9")).status);
    expect(statuses).toEqual([...Array(limit).fill(302), 429]);
  });
});
