import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  CLAIM_LEASE_MS,
  claimDueItem,
  MAX_MAIL_ATTEMPTS,
} from "../../core/mail/mail-outbox.server.ts";
import { queueNextDeliveries } from "../../core/mail/newsletter-issues.server.ts";
import type { Mail } from "../../server/mail.ts";
import { createMailOutbox } from "../../server/mail-outbox.ts";
import { ORIGIN, postForm, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertSubscribers } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

const later = (ms: number) => new Date(Date.now() + ms);

describe.each(engines)("newsletter issues on %s", (engine) => {
  const site = testSiteOn(engine);
  let owner: Awaited<ReturnType<typeof signUp>>;
  let student: Awaited<ReturnType<typeof signUp>>;
  let tokens: Map<string, string>;
  const db = () => site.database.db;

  const asOwner = (path: string, fields: Record<string, string>) =>
    postForm(site.app, path, fields, { cookie: owner.cookie });
  const page = (path: string, cookie?: string) =>
    site.app.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  const issueRow = (id: string) =>
    db().selectFrom("newsletter_issues").selectAll().where("id", "=", id).executeTakeFirst();
  /** Writes a draft through the owner's page; returns its id. */
  const writeIssue = async (subject: string, body: string) => {
    const created = await asOwner("/admin/newsletter/new", { intent: "save", subject, body });
    expect(created.status).toBe(302);
    return (created.headers.get("location") ?? "").replace("/admin/newsletter/", "");
  };
  const deliver = async (now?: Date) => {
    site.outbox.length = 0;
    await site.app.deliverMail(now);
    return [...site.outbox];
  };
  const deliveries = (issueId: string) =>
    db()
      .selectFrom("newsletter_deliveries")
      .select(["subscriber_id", "status", "failure"])
      .where("issue_id", "=", issueId)
      .execute();

  /** A mail worker of the test's own on the site's database; `refuse` may throw for a mail. */
  const mailWorker = (refuse: (mail: Mail) => void = () => {}) => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const sent: Mail[] = [];
    const worker = createMailOutbox({
      db: db(),
      siteUrl: ORIGIN,
      requestPasswordReset: async () => {},
      log,
      send: async (mail) => {
        refuse(mail);
        sent.push(mail);
      },
    });
    return { worker, sent, log };
  };

  beforeAll(async () => {
    owner = await signUp(site.app);
    await makeOwner(db(), owner.email);
    student = await signUp(site.app);
    tokens = await insertSubscribers(db(), [
      { email: "ana@example.com", status: "confirmed" },
      { email: "ben@example.com", status: "confirmed" },
      { email: "chloe@example.com", status: "confirmed" },
      { email: "pending@example.com", status: "pending" },
      { email: "gone@example.com", status: "unsubscribed" },
    ]);
    // Sign-up mails a link to confirm the address; send those now, so the tests count their own.
    await site.app.deliverMail();
    site.outbox.length = 0;
  });

  it("keeps a draft only when its subject and text are valid, and previews it safely", async () => {
    const empty = await asOwner("/admin/newsletter/new", { intent: "save", subject: "", body: "" });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("Please write a subject.");
    expect(html).toContain('aria-invalid="true"');
    const twoLines = await asOwner("/admin/newsletter/new", {
      subject: "One\r\nBcc: everyone@example.com",
      body: "Text",
    });
    expect(twoLines.status).toBe(400);
    expect(await db().selectFrom("newsletter_issues").selectAll().execute()).toEqual([]);

    const id = await writeIssue(
      "November: Task 2 openings",
      "Hello,\n\n**Three openings** that work:\n\n- one\n- two\n\n<script>alert(1)</script>\n[bad](javascript:alert(1))",
    );
    const preview = await page(`/admin/newsletter/${id}`, owner.cookie);
    expect(preview.status).toBe(200);
    const text = await preview.text();
    expect(text).toContain("<strong>Three openings</strong>");
    expect(text).toContain("<li>one</li>");
    expect(text).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(text).not.toContain("<script>alert(1)");
    expect(text).not.toContain('href="javascript:');
    expect(await issueRow(id)).toMatchObject({
      status: "draft",
      subject: "November: Task 2 openings",
    });

    // The owner changes the draft; the form keeps the same checks.
    expect(
      (await asOwner(`/admin/newsletter/${id}`, { intent: "save", subject: "x", body: "" })).status,
    ).toBe(400);
    const saved = await asOwner(`/admin/newsletter/${id}`, {
      intent: "save",
      subject: "November: three Task 2 openings",
      body: "Hello,\n\n**Three openings** that work: https://example.com/openings",
    });
    expect(saved.status).toBe(302);
    expect(await issueRow(id)).toMatchObject({ subject: "November: three Task 2 openings" });
    await db().deleteFrom("newsletter_issues").execute();
  });

  it("is no one's but the owners': every page and action answers 404 and changes nothing", async () => {
    const id = await writeIssue("Private draft", "Not yet.");
    const before = await issueRow(id);
    for (const cookie of [undefined, student.cookie]) {
      expect((await page("/admin/newsletter/new", cookie)).status).toBe(404);
      expect((await page(`/admin/newsletter/${id}`, cookie)).status).toBe(404);
      const headers: Record<string, string> = cookie ? { cookie } : {};
      expect(
        (
          await postForm(
            site.app,
            "/admin/newsletter/new",
            { subject: "Spam", body: "Spam" },
            headers,
          )
        ).status,
      ).toBe(404);
      const attempts: Record<string, string>[] = [
        { intent: "save", subject: "Changed", body: "Changed" },
        { intent: "test" },
        { intent: "send", confirm: "send" },
        { intent: "delete" },
      ];
      for (const fields of attempts) {
        const response = await postForm(site.app, `/admin/newsletter/${id}`, fields, headers);
        expect(response.status).toBe(404);
      }
    }
    expect(await issueRow(id)).toEqual(before);
    expect(await db().selectFrom("newsletter_issues").select("id").execute()).toHaveLength(1);
    expect(await db().selectFrom("mail_outbox").select("id").execute()).toEqual([]);
    // An owner asking for an issue that does not exist gets the same 404.
    expect((await page("/admin/newsletter/no-such-issue", owner.cookie)).status).toBe(404);
    expect((await asOwner("/admin/newsletter/no-such-issue", { intent: "test" })).status).toBe(404);

    // The owner deletes the draft.
    const deleted = await asOwner(`/admin/newsletter/${id}`, { intent: "delete" });
    expect(deleted.headers.get("location")).toBe("/admin#newsletter-heading");
    expect(await issueRow(id)).toBeUndefined();
  });

  it("mails a test to the owner alone, then sends one copy to each confirmed subscriber", async () => {
    const id = await writeIssue("December news", "New **mock tests** are out.");
    const test = await asOwner(`/admin/newsletter/${id}`, { intent: "test" });
    expect(test.status).toBe(302);
    const [testMail, ...others] = await deliver();
    expect(others).toEqual([]);
    expect(testMail).toMatchObject({ to: owner.email, subject: "[Test] December news" });
    expect(testMail?.html).toContain("<strong>mock tests</strong>");
    expect(testMail?.headers).toBeUndefined();
    expect((await issueRow(id))?.status).toBe("draft");

    // Sending asks for a confirmation first (the box the page shows).
    const unconfirmed = await asOwner(`/admin/newsletter/${id}`, { intent: "send" });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Please tick the box");
    expect((await issueRow(id))?.status).toBe("draft");

    const send = await asOwner(`/admin/newsletter/${id}`, { intent: "send", confirm: "send" });
    expect(send.status).toBe(302);
    expect((await issueRow(id))?.status).toBe("sending");
    // Answered before any copy was queued: the worker does that.
    expect(await deliveries(id)).toEqual([]);
    const progress = await (await page(`/admin/newsletter/${id}`, owner.cookie)).text();
    expect(progress).toContain("0 sent, 0 failed, 3 remaining.");

    const copies = await deliver();
    expect(copies.map((mail) => mail.to).sort()).toEqual([
      "ana@example.com",
      "ben@example.com",
      "chloe@example.com",
    ]);
    for (const copy of copies) {
      const unsubscribe = `${ORIGIN}/newsletter/unsubscribe?token=${tokens.get(copy.to)}`;
      expect(copy.subject).toBe("December news");
      expect(copy.headers).toEqual({
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      expect(copy.text).toContain(`Unsubscribe in one click: ${unsubscribe}`);
      expect(copy.html).toContain(`<a href="${unsubscribe}">Unsubscribe</a>`);
    }
    expect((await issueRow(id))?.status).toBe("sent");
    expect((await deliveries(id)).map((delivery) => delivery.status)).toEqual([
      "sent",
      "sent",
      "sent",
    ]);
    const admin = await (await page("/admin", owner.cookie)).text();
    expect(admin).toContain("3 sent, 0 failed, 0 remaining");

    // Sent is final: no second send, no change.
    expect(await deliver()).toEqual([]);
    const again = await asOwner(`/admin/newsletter/${id}`, { intent: "send", confirm: "send" });
    expect(again.status).toBe(302);
    const changed = await asOwner(`/admin/newsletter/${id}`, {
      intent: "save",
      subject: "Changed after sending",
      body: "x",
    });
    expect(changed.status).toBe(302);
    expect(await issueRow(id)).toMatchObject({ subject: "December news", status: "sent" });
    expect(await deliver()).toEqual([]);

    // The header's address unsubscribes with the POST a mail client sends (RFC 8058).
    const oneClick = await site.app.request(
      `${ORIGIN}/newsletter/unsubscribe?token=${tokens.get("ana@example.com")}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    expect(oneClick.status).toBe(200);
    const ana = await db()
      .selectFrom("newsletter_subscribers")
      .select("status")
      .where("email", "=", "ana@example.com")
      .executeTakeFirstOrThrow();
    expect(ana.status).toBe("unsubscribed");
  });

  it("skips whoever unsubscribes before their copy goes, and counts copies that fail", async () => {
    const id = await writeIssue("January news", "Happy new year.");
    await asOwner(`/admin/newsletter/${id}`, { intent: "send", confirm: "send" });
    expect(await queueNextDeliveries(db())).toBe(2);
    await site.app.request(
      `${ORIGIN}/newsletter/unsubscribe?token=${tokens.get("ben@example.com")}`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      },
    );
    // Chloe's mailbox refuses every try.
    const { worker, sent } = mailWorker((mail) => {
      if (mail.to === "chloe@example.com") throw new Error("550 mailbox unavailable");
    });
    for (let hour = 0; hour <= MAX_MAIL_ATTEMPTS; hour++) {
      await worker.deliverDue(later(hour * 60 * 60 * 1000));
    }
    expect(sent).toEqual([]);
    const outcome = await deliveries(id);
    expect(
      outcome
        .map(({ status, failure }) => ({ status, failure }))
        .sort((a, b) => a.status.localeCompare(b.status)),
    ).toEqual([
      { status: "failed", failure: "550 mailbox unavailable" },
      { status: "skipped", failure: null },
    ]);
    expect((await issueRow(id))?.status).toBe("sent");
    const text = await (await page(`/admin/newsletter/${id}`, owner.cookie)).text();
    expect(text).toContain("0 sent, 1 failed, 0 remaining (1 unsubscribed before their turn).");
  });

  it("never sends a copy twice: one whose sender stopped mid-send is recorded as in doubt", async () => {
    await db()
      .updateTable("newsletter_subscribers")
      .set({ status: "confirmed" })
      .where("email", "in", ["ana@example.com", "ben@example.com"])
      .execute();
    const id = await writeIssue("February news", "Speaking week.");
    await asOwner(`/admin/newsletter/${id}`, { intent: "send", confirm: "send" });
    expect(await queueNextDeliveries(db())).toBe(3);
    // A process takes one copy and dies before saying how it went.
    const taken = await claimDueItem(db());
    expect(taken).toMatchObject({ kind: "newsletter", inDoubt: false });

    const { worker, sent, log } = mailWorker();
    await worker.deliverDue();
    expect(sent).toHaveLength(2);
    expect((await issueRow(id))?.status).toBe("sending");
    // Once its claim has run out the copy is not sent again, and the owner sees why.
    await worker.deliverDue(later(CLAIM_LEASE_MS + 1000));
    expect(sent).toHaveLength(2);
    expect(sent.map((mail) => mail.to)).not.toContain(taken?.kind === "newsletter" ? taken.to : "");
    expect((await deliveries(id)).filter((delivery) => delivery.status === "failed")).toEqual([
      expect.objectContaining({ failure: "In doubt: the server stopped while sending it." }),
    ]);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect((await issueRow(id))?.status).toBe("sent");
  });
});
