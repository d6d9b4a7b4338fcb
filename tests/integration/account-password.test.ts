import { describe, expect, it } from "vitest";
import { cookieHeader, postForm, postJson, signUp, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { testSiteOn } from "../support/test-app.ts";

const NEW_PASSWORD = "another quite unusual passphrase";

describe.each(engines)("changing the password at /account/password on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const passwordHash = async (email: string) =>
    (
      await db()
        .selectFrom("accounts")
        .innerJoin("users", "users.id", "accounts.user_id")
        .select("accounts.password")
        .where("users.email", "=", email)
        .where("accounts.provider_id", "=", "credential")
        .executeTakeFirstOrThrow()
    ).password;
  const signedIn = async (cookie: string) =>
    (await site.app.request("/api/me", { headers: { cookie } })).status === 200;

  it("is for a signed-in person only: a visitor is sent to log in, and their post changes nothing", async () => {
    const page = await site.app.request("/account/password", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Faccount%2Fpassword");
    const post = await postForm(site.app, "/account/password", {
      currentPassword: "anything at all",
      newPassword: NEW_PASSWORD,
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("refuses a wrong current password or a weak new one beside the field, changing nothing", async () => {
    const user = await signUp(site.app);
    const before = await passwordHash(user.email);
    const wrong = await postForm(
      site.app,
      "/account/password",
      { currentPassword: "not my password at all", newPassword: NEW_PASSWORD },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(/<input[^>]*name="currentPassword"[^>]*>/.exec(wrongPage)?.[0]).toContain(
      'aria-invalid="true"',
    );
    expect(wrongPage).toContain("This is not your current password.");

    const weak = await postForm(
      site.app,
      "/account/password",
      { currentPassword: user.password, newPassword: "password" },
      { cookie: user.cookie },
    );
    expect(weak.status).toBe(400);
    expect(/<input[^>]*name="newPassword"[^>]*>/.exec(await weak.text())?.[0]).toContain(
      'aria-invalid="true"',
    );
    expect(await passwordHash(user.email)).toBe(before);
    expect(await signedIn(user.cookie)).toBe(true);
  });

  it("changes it, ends every other session and API token, keeps this device signed in, and tells the owner by mail", async () => {
    const user = await signUpWithToken(site.app, db());
    const other = await site.app.auth.api.signInEmail({
      body: { email: user.email, password: user.password },
      returnHeaders: true,
    });
    const otherCookie = cookieHeader(other.headers);
    expect(await signedIn(otherCookie)).toBe(true);

    const changed = await postForm(
      site.app,
      "/account/password",
      { currentPassword: user.password, newPassword: NEW_PASSWORD },
      { cookie: user.cookie },
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("location")).toBe("/account/password");
    // The page it leads to says so (also without JavaScript: the toast is printed in the page).
    const after = await site.app.request("/account/password", {
      headers: { cookie: cookieHeader(changed) },
    });
    expect(await after.text()).toContain("Your password has been changed.");
    // This device gets a new session with the answer; the others have ended.
    const thisDevice = cookieHeader(changed)
      .split("; ")
      .filter((pair) => !pair.includes("toast"));
    expect(await signedIn(thisDevice.join("; "))).toBe(true);
    expect(await signedIn(user.cookie)).toBe(false);
    expect(await signedIn(otherCookie)).toBe(false);
    const token = await site.app.request("/api/me", {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(token.status).toBe(401);

    // The new password signs in; the old one no longer does.
    const signInWith = (password: string) =>
      postJson(site.app, "/api/auth/sign-in/email", { email: user.email, password });
    expect((await signInWith(NEW_PASSWORD)).status).toBe(200);
    expect((await signInWith(user.password)).status).toBe(401);

    await site.app.deliverMail();
    const mail = site.outbox.find(
      (sent) => sent.to === user.email && sent.subject === "Your IELTS Hub password was changed",
    );
    expect(mail?.text).toContain("If it was not you");
    expect(
      site.app.securityEvents.filter(
        (event) => event.event === "password-change" && event.userId === user.id,
      ),
    ).toEqual([expect.objectContaining({ outcome: "success", route: "POST /account/password" })]);
  });

  /** A signed-up account made Google-only: its password row removed, as Google sign-up leaves it. */
  const googleOnly = async () => {
    const user = await signUp(site.app);
    const { id } = await db()
      .selectFrom("users")
      .select("id")
      .where("email", "=", user.email)
      .executeTakeFirstOrThrow();
    await db()
      .deleteFrom("accounts")
      .where("provider_id", "=", "credential")
      .where("user_id", "=", id)
      .execute();
    return { ...user, id };
  };
  const passwordRows = async (userId: string) =>
    db()
      .selectFrom("accounts")
      .select("id")
      .where("user_id", "=", userId)
      .where("provider_id", "=", "credential")
      .execute();

  it("lets a Google account set a first password just after signing in, with the policy, a mail and a log line", async () => {
    const user = await googleOnly();
    const page = await (
      await site.app.request("/account/password", { headers: { cookie: user.cookie } })
    ).text();
    expect(page).toContain("Set a password");
    expect(page).not.toContain('name="currentPassword"');
    expect(page).toMatch(/<input[^>]*name="newPassword"/);

    const weak = await postForm(
      site.app,
      "/account/password",
      { newPassword: "short" },
      { cookie: user.cookie },
    );
    expect(weak.status).toBe(400);
    expect(/<input[^>]*name="newPassword"[^>]*>/.exec(await weak.text())?.[0]).toContain(
      'aria-invalid="true"',
    );
    expect(await passwordRows(user.id)).toEqual([]);

    const set = await postForm(
      site.app,
      "/account/password",
      { newPassword: "another long and unusual passphrase" },
      { cookie: user.cookie },
    );
    expect(set.status).toBe(302);
    expect(await passwordRows(user.id)).toHaveLength(1);
    const signIn = await site.app.auth.api.signInEmail({
      body: { email: user.email, password: "another long and unusual passphrase" },
    });
    expect(signIn.user.id).toBe(user.id);
    await site.app.deliverMail();
    expect(
      site.outbox.find(
        (mail) =>
          mail.to === user.email && mail.subject === "Your IELTS Hub account has a password now",
      )?.text,
    ).toContain("If it was not you");
    expect(
      site.app.securityEvents.filter(
        (event) => event.event === "password-change" && event.userId === user.id,
      ),
    ).toEqual([expect.objectContaining({ outcome: "success", reason: "set" })]);
  });

  it("asks a Google account signed in long ago to sign in again first, and sets nothing", async () => {
    const user = await googleOnly();
    await db()
      .updateTable("sessions")
      .set({ created_at: new Date(Date.now() - 20 * 60 * 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    const page = await (
      await site.app.request("/account/password", { headers: { cookie: user.cookie } })
    ).text();
    expect(page).toContain("Your account signs in with Google and has no password here");
    expect(page).not.toMatch(/<input[^>]*name="newPassword"/);
    const post = await postForm(
      site.app,
      "/account/password",
      { newPassword: "another long and unusual passphrase" },
      { cookie: user.cookie },
    );
    expect(post.status).toBe(403);
    expect(await post.text()).toContain("Please sign in with Google again");
    expect(await passwordRows(user.id)).toEqual([]);
  });
});
