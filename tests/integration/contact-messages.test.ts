import { beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../core/limits/rate-limit.server.ts";
import { ORIGIN, postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

describe.each(engines)("the contact form and the owners' inbox on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  let owners: Awaited<ReturnType<typeof signUp>>[];
  let student: Awaited<ReturnType<typeof signUp>>;
  let address = 0;
  const send = (fields: Record<string, string>, from = `10.8.0.${++address}`) =>
    postForm(site.app, "/contact", fields, { "x-forwarded-for": from });
  const stored = () =>
    site.database.db.selectFrom("contact_messages").selectAll().orderBy("created_at").execute();
  const message = {
    name: "Lee Chen",
    email: "lee@example.com",
    message: "Which course suits Band 6?",
  };

  beforeAll(async () => {
    owners = [await signUp(site.app), await signUp(site.app)];
    for (const owner of owners) await makeOwner(site.database.db, owner.email);
    student = await signUp(site.app);
    // Sign-up mails a link to confirm the address; send those now, so the tests count their own.
    await site.app.deliverMail();
    site.outbox.length = 0;
  });

  it("keeps the message and mails it to every owner, replying to the sender", async () => {
    const sent = await send(message);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/contact");
    expect(await stored()).toMatchObject([{ ...message, handled_at: null }]);
    site.outbox.length = 0;
    await site.app.deliverMail();
    expect(site.outbox.map((mail) => mail.to).sort()).toEqual(owners.map((o) => o.email).sort());
    for (const mail of site.outbox) {
      expect(mail).toMatchObject({
        replyTo: "lee@example.com",
        subject: "IELTS Hub contact form: Lee Chen",
      });
      expect(mail.text).toContain("Which course suits Band 6?");
    }
  });

  it("gives a bot that fills the hidden field the same answer, and keeps and sends nothing", async () => {
    const before = (await stored()).length;
    const bot = await send({ ...message, website: "http://spam.example" });
    expect(bot.status).toBe(302);
    expect(bot.headers.get("location")).toBe("/contact");
    expect(await stored()).toHaveLength(before);
    site.outbox.length = 0;
    await site.app.deliverMail();
    expect(site.outbox).toEqual([]);
  });

  it("refuses an incomplete message and, past the limit, more messages from one address", async () => {
    const before = (await stored()).length;
    expect((await send({ ...message, message: "" })).status).toBe(400);
    expect((await send({ ...message, message: "x".repeat(5001) })).status).toBe(400);
    expect(await stored()).toHaveLength(before);
    const { limit } = rateLimits.contactMessage;
    const statuses = [];
    for (let n = 0; n <= limit; n++) statuses.push((await send(message, "10.8.1.1")).status);
    expect(statuses).toEqual([...Array(limit).fill(302), 429]);
    expect(await stored()).toHaveLength(before + limit);
  });

  it("shows the inbox to owners only, and only an owner marks a message handled", async () => {
    const [first] = await stored();
    const id = first?.id ?? "";
    const asStudent = await site.app.request(`${ORIGIN}/admin`, {
      headers: { cookie: student.cookie },
    });
    expect(asStudent.status).toBe(404);
    const inbox = await site.app.request(`${ORIGIN}/admin`, {
      headers: { cookie: owners[0]?.cookie ?? "" },
    });
    expect(await inbox.text()).toContain("Which course suits Band 6?");

    const refused = await postForm(
      site.app,
      "/admin",
      { intent: "message-handled", messageId: id },
      { cookie: student.cookie },
    );
    expect(refused.status).toBe(404);
    expect((await stored())[0]?.handled_at).toBeNull();
    const handled = await postForm(
      site.app,
      "/admin",
      { intent: "message-handled", messageId: id },
      { cookie: owners[1]?.cookie ?? "" },
    );
    expect(handled.status).toBe(302);
    expect((await stored())[0]?.handled_at).not.toBeNull();
  });
});
