import { describe, expect, it } from "vitest";
import { ORIGIN, postForm, postJson, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { testSiteOn } from "../support/test-app.ts";

const CONFIRM_SUBJECT = "Confirm your e-mail address for IELTS Hub";
const CONFIRM_NEW_SUBJECT = "Confirm your new e-mail address for IELTS Hub";
const BANNER = "Please confirm your e-mail address";

describe.each(engines)("confirming and changing the e-mail address on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const userRow = (id: string) =>
    db()
      .selectFrom("users")
      .select(["email", "email_verified"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const idOf = async (email: string) =>
    (
      await db()
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).id;
  /** The newest mail to `to` with this subject, once the outbox has sent what is due. */
  const mailTo = async (to: string, subject: string) => {
    await site.app.deliverMail();
    return site.outbox.filter((mail) => mail.to === to && mail.subject === subject).at(-1);
  };
  const linkIn = (text = "") => /(http\S+\/verify-email\?token=\S+)/.exec(text)?.[1] ?? "";
  const page = async (path: string, cookie?: string) =>
    site.app.request(`${ORIGIN}${path}`, {
      headers: cookie ? { cookie } : {},
      redirect: "manual",
    });

  it("mails a link at sign-up; the person is signed in at once, with a banner until the link is opened", async () => {
    const user = await signUp(site.app, { name: "New Student" });
    const id = await idOf(user.email);
    const mail = await mailTo(user.email, CONFIRM_SUBJECT);
    expect(mail?.text).toContain("Hello New Student");
    const link = linkIn(mail?.text);
    expect(link.startsWith(`${ORIGIN}/verify-email?token=`)).toBe(true);

    const before = await (await page("/services", user.cookie)).text();
    expect(before).toContain(BANNER);
    expect(before).toContain("Send the link again");

    // Opened while signed in: back to the account page, which now says it is confirmed.
    const opened = await page(link.slice(ORIGIN.length), user.cookie);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/account");
    expect((await userRow(id)).email_verified).toBeTruthy();
    const after = await (await page("/services", user.cookie)).text();
    expect(after).not.toContain(BANNER);
    expect(await (await page("/account", user.cookie)).text()).toContain("Confirmed:");
    const me = await site.app.request("/api/me", { headers: { cookie: user.cookie } });
    expect(await me.json()).toMatchObject({ emailVerified: true });
  });

  it("confirms from a browser that is not signed in, and says plainly when a link is broken", async () => {
    const user = await signUp(site.app);
    const id = await idOf(user.email);
    const link = linkIn((await mailTo(user.email, CONFIRM_SUBJECT))?.text);
    const opened = await page(link.slice(ORIGIN.length));
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Your e-mail address is confirmed");
    expect((await userRow(id)).email_verified).toBeTruthy();

    for (const path of [
      "/verify-email",
      "/verify-email?token=not-a-token",
      `${link.slice(ORIGIN.length)}x`,
    ]) {
      const broken = await page(path);
      expect(broken.status, path).toBe(400);
      expect(await broken.text(), path).toContain("This link does not work");
    }
    // No banner for a visitor.
    expect(await (await page("/services")).text()).not.toContain(BANNER);
  });

  it("sends the link again on request, from any page and back to it, a few times an hour at most", async () => {
    const user = await signUp(site.app);
    await site.app.deliverMail();
    const sent = () =>
      site.outbox.filter((mail) => mail.to === user.email && mail.subject === CONFIRM_SUBJECT)
        .length;
    const first = sent();
    const again = await postForm(
      site.app,
      "/account",
      { intent: "send-verification", redirectTo: "/services?page=2" },
      { cookie: user.cookie },
    );
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/services?page=2");
    await site.app.deliverMail();
    expect(sent()).toBe(first + 1);

    // Somewhere else than this site is never where it leads.
    const offsite = await postForm(
      site.app,
      "/account",
      { intent: "send-verification", redirectTo: "//evil.example/" },
      { cookie: user.cookie },
    );
    expect(offsite.headers.get("location")).toBe("/account");

    // Three an hour for one account (the sign-up's own link is not counted): this is the third.
    const send = () =>
      postForm(
        site.app,
        "/account",
        { intent: "send-verification", redirectTo: "/account" },
        { cookie: user.cookie },
      );
    expect((await send()).status).toBe(302);
    await site.app.deliverMail();
    expect(sent()).toBe(first + 3);
    const fourth = await send();
    const toastCookie = fourth.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const shown = await page("/account", `${user.cookie}; ${toastCookie}`);
    expect(await shown.text()).toContain("We have sent several links already");
    await site.app.deliverMail();
    expect(sent()).toBe(first + 3);
    const api = await postJson(
      site.app,
      "/api/auth/send-verification-email",
      { email: user.email },
      { cookie: user.cookie },
    );
    expect(api.status).toBe(429);
    expect((await api.json()).message).toContain("We have sent several links already");
  });

  it("changes the address only with the current password and only once the new one is confirmed; the old one is told", async () => {
    const user = await signUp(site.app, { name: "Mover" });
    const id = await idOf(user.email);
    const newEmail = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;

    const wrong = await postForm(
      site.app,
      "/account",
      { intent: "email", newEmail, currentPassword: "not my password at all" },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("This is not your current password.");
    expect(/<input[^>]*name="currentPassword"[^>]*>/.exec(wrongHtml)?.[0]).toContain(
      'aria-invalid="true"',
    );
    expect(await mailTo(newEmail, CONFIRM_NEW_SUBJECT)).toBeUndefined();

    const invalid = await postForm(
      site.app,
      "/account",
      { intent: "email", newEmail: "not an address", currentPassword: user.password },
      { cookie: user.cookie },
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Please enter a valid e-mail address.");

    const asked = await postForm(
      site.app,
      "/account",
      { intent: "email", newEmail: newEmail.toUpperCase(), currentPassword: user.password },
      { cookie: user.cookie },
    );
    expect(asked.status).toBe(302);
    expect(await userRow(id)).toMatchObject({ email: user.email });
    const mail = await mailTo(newEmail, CONFIRM_NEW_SUBJECT);
    expect(mail?.text).toContain("until then your account keeps its old address");

    const opened = await page(linkIn(mail?.text).slice(ORIGIN.length), user.cookie);
    expect(opened.status).toBe(302);
    const row = await userRow(id);
    expect(row.email).toBe(newEmail);
    // Opening the link proved the new address.
    expect(row.email_verified).toBeTruthy();
    const told = await mailTo(user.email, "Your IELTS Hub e-mail address was changed");
    expect(told?.text).toContain(newEmail);
    // The person signs in with the new address from now on.
    const signIn = await site.app.auth.api.signInEmail({
      body: { email: newEmail, password: user.password },
    });
    expect(signIn.user.id).toBe(id);
    expect(
      site.app.securityEvents
        .filter((event) => event.event === "email-change" && event.userId === id)
        .map((event) => [event.outcome, event.reason]),
    ).toEqual([
      ["failure", "invalid-password"],
      ["success", "requested"],
      ["success", "confirmed"],
    ]);
  });

  it("answers alike when another account has the address, and mails no one", async () => {
    const user = await signUp(site.app);
    const other = await signUp(site.app);
    const id = await idOf(user.email);
    await site.app.deliverMail();
    const before = site.outbox.length;
    const asked = await postForm(
      site.app,
      "/account",
      { intent: "email", newEmail: other.email, currentPassword: user.password },
      { cookie: user.cookie },
    );
    expect(asked.status).toBe(302);
    await site.app.deliverMail();
    expect(site.outbox.length).toBe(before);
    expect(await userRow(id)).toMatchObject({ email: user.email });
  });

  it("asks API clients for the current password too", async () => {
    const user = await signUp(site.app);
    const newEmail = `api-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const without = await postJson(
      site.app,
      "/api/auth/change-email",
      { newEmail },
      { cookie: user.cookie },
    );
    expect(without.status).toBe(400);
    expect((await without.json()).message).toBe("Please enter your current password.");
    const withIt = await postJson(
      site.app,
      "/api/auth/change-email",
      { newEmail, currentPassword: user.password },
      { cookie: user.cookie },
    );
    expect(withIt.status).toBe(200);
    expect((await mailTo(newEmail, CONFIRM_NEW_SUBJECT))?.text).toContain("/verify-email?token=");
    const visitor = await postJson(site.app, "/api/auth/change-email", {
      newEmail,
      currentPassword: user.password,
    });
    expect(visitor.status).toBe(401);
  });
});
