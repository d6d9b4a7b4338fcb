import { beforeEach, describe, expect, it } from "vitest";
import { grantOwner } from "../../core/accounts/owners.server.ts";
import { cookieHeader, postForm, postJson, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertReview, insertService, insertUser } from "../support/fixtures.ts";
import { decodeQrCode } from "../support/qr-code.ts";
import { testSiteOn } from "../support/test-app.ts";
import { backupCodesIn, setupFromPage, totpCode } from "../support/totp.ts";
import { turnOnTwoFactor, withoutToast } from "../support/two-factor.ts";

describe.each(engines)("two-factor sign-in on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const me = (cookie: string) => site.app.request("/api/me", { headers: { cookie } });
  // Every request here comes from one address; the per-address limits are tested elsewhere
  // (account-security.test.ts), so each test starts with none spent.
  beforeEach(async () => {
    await db().deleteFrom("rate_limits").execute();
  });

  const withTwoFactor = (user?: Awaited<ReturnType<typeof signUp>>) =>
    turnOnTwoFactor(site.app, user);

  it("turns on with the password and a code from the app, shows the QR code and backup codes once, and mails the owner", async () => {
    const user = await signUp(site.app);
    const offPage = await (
      await site.app.request("/account/two-factor", { headers: { cookie: user.cookie } })
    ).text();
    expect(offPage).toContain("Turn on two-factor sign-in");

    const wrong = await postForm(
      site.app,
      "/account/two-factor",
      { intent: "enable", password: "not my password at all" },
      { cookie: user.cookie },
    );
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(/<input[^>]*name="password"[^>]*>/.exec(wrongPage)?.[0]).toContain(
      'aria-invalid="true"',
    );
    expect(wrongPage).toContain("This is not your current password.");

    const started = await postForm(
      site.app,
      "/account/two-factor",
      { intent: "enable", password: user.password },
      { cookie: user.cookie },
    );
    expect(started.status).toBe(302);
    const setupPage = await (
      await site.app.request("/account/two-factor", { headers: { cookie: user.cookie } })
    ).text();
    expect(setupPage).toMatch(/<img[^>]*src="data:image\/svg\+xml;base64,[^"]+"[^>]*alt="QR code/);
    const { key, backupCodes } = setupFromPage(setupPage);
    expect(backupCodes).toHaveLength(10);
    // What an authenticator app reads from the QR code: the otpauth:// address of the same secret
    // as the key to type, for this site and this account.
    const scanned = new URL(await decodeQrCode(setupPage));
    expect(scanned.protocol).toBe("otpauth:");
    expect(scanned.host).toBe("totp");
    expect(decodeURIComponent(scanned.pathname)).toBe(`/IELTS Hub:${user.email}`);
    expect(scanned.searchParams.get("secret")).toBe(key);
    expect(scanned.searchParams.get("issuer")).toBe("IELTS Hub");
    expect(scanned.searchParams.get("digits") ?? "6").toBe("6");
    expect(scanned.searchParams.get("period") ?? "30").toBe("30");
    // Not on yet: signing in still asks only for the password.
    expect((await (await me(user.cookie)).json()).twoFactorEnabled).toBe(false);

    const badCode = await postForm(
      site.app,
      "/account/two-factor",
      { intent: "confirm", code: String((Number(totpCode(key)) + 1) % 1_000_000).padStart(6, "0") },
      { cookie: user.cookie },
    );
    expect(badCode.status).toBe(400);
    expect(await badCode.text()).toContain("That code did not work.");

    const confirmed = await postForm(
      site.app,
      "/account/two-factor",
      { intent: "confirm", code: totpCode(key) },
      { cookie: user.cookie },
    );
    expect(confirmed.status).toBe(302);
    const cookie = withoutToast(cookieHeader(confirmed));
    const answer = await me(cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ email: user.email, twoFactorEnabled: true });

    // The codes are not shown again; the page says how many are left.
    const onPage = await (
      await site.app.request("/account/two-factor", { headers: { cookie } })
    ).text();
    expect(onPage).toContain("Two-factor sign-in is on.");
    expect(onPage).toContain("You have 10 unused backup codes.");
    for (const code of backupCodes) expect(onPage).not.toContain(code);
    // The secret is stored encrypted, never as the key the app was given.
    const stored = await db()
      .selectFrom("two_factors")
      .select(["secret", "backup_codes"])
      .execute();
    for (const row of stored) {
      expect(row.secret).not.toContain(key);
      expect(row.backup_codes).not.toContain(backupCodes[0]);
    }

    await site.app.deliverMail();
    expect(
      site.outbox.find(
        (mail) =>
          mail.to === user.email &&
          mail.subject === "Two-factor sign-in is on for your IELTS Hub account",
      ),
    ).toBeDefined();
  });

  it("asks for a code after the right password, on the login page and on the API, and lets no session out before it", async () => {
    const user = await withTwoFactor();
    const login = await postForm(site.app, "/login", {
      email: user.email,
      password: user.password,
      redirectTo: "/my-reviews",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/login/two-factor?redirectTo=%2Fmy-reviews");
    const pending = cookieHeader(login);
    expect(pending).toContain("two_factor=");
    expect((await me(pending)).status).toBe(401);

    const wrong = await postForm(
      site.app,
      "/login/two-factor",
      { code: "000000", redirectTo: "/my-reviews" },
      { cookie: pending },
    );
    expect(wrong.status).toBe(401);
    const wrongPage = await wrong.text();
    expect(/<input[^>]*name="code"[^>]*>/.exec(wrongPage)?.[0]).toContain('aria-invalid="true"');
    expect(wrongPage).toContain("That code did not work.");

    const right = await postForm(
      site.app,
      "/login/two-factor",
      { code: totpCode(user.key), redirectTo: "/my-reviews" },
      { cookie: pending },
    );
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/my-reviews");
    expect((await me(withoutToast(cookieHeader(right)))).status).toBe(200);
    // The pending sign-in is used up: the same cookie cannot sign in a second time.
    const again = await postForm(
      site.app,
      "/login/two-factor",
      { code: totpCode(user.key) },
      { cookie: pending },
    );
    expect(again.status).toBe(401);
    expect(await again.text()).toContain("Log in again");

    // An API client: the password answers twoFactorRedirect, the code then signs in.
    const apiSignIn = await postJson(site.app, "/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(apiSignIn.status).toBe(200);
    expect(await apiSignIn.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await me(cookieHeader(apiSignIn))).status).toBe(401);
    const apiCode = await postJson(
      site.app,
      "/api/auth/two-factor/verify-totp",
      { code: totpCode(user.key) },
      { cookie: cookieHeader(apiSignIn) },
    );
    expect(apiCode.status).toBe(200);
    expect((await me(cookieHeader(apiCode))).status).toBe(200);

    const signIns = site.app.securityEvents.filter(
      (event) => event.event === "sign-in" && event.email === user.email,
    );
    expect(signIns).toContainEqual(expect.objectContaining({ outcome: "success", reason: "totp" }));
  });

  it("takes each backup code once in place of the app's code", async () => {
    const user = await withTwoFactor();
    const [code] = user.backupCodes as [string];
    const signInWith = async (typed: string) => {
      const login = await postForm(site.app, "/login", {
        email: user.email,
        password: user.password,
      });
      return postForm(
        site.app,
        "/login/two-factor",
        { code: typed },
        { cookie: cookieHeader(login) },
      );
    };
    // Typed without its dash, as people do.
    const first = await signInWith(code.replace("-", ""));
    expect(first.status).toBe(302);
    expect((await me(withoutToast(cookieHeader(first)))).status).toBe(200);
    const second = await signInWith(code);
    expect(second.status).toBe(401);
    const page = await (
      await site.app.request("/account/two-factor", { headers: { cookie: user.cookie } })
    ).text();
    expect(page).toContain("You have 9 unused backup codes.");
  });

  it("turns off only with the password and a code, and tells the owner", async () => {
    const user = await withTwoFactor();
    const wrongCode = await postForm(
      site.app,
      "/account/two-factor",
      { intent: "disable", currentPassword: user.password, code: "123456" },
      { cookie: user.cookie },
    );
    expect(wrongCode.status).toBe(400);
    expect(/<input[^>]*name="code"[^>]*>/.exec(await wrongCode.text())?.[0]).toContain(
      'aria-invalid="true"',
    );
    const wrongPassword = await postForm(
      site.app,
      "/account/two-factor",
      { intent: "disable", currentPassword: "not my password at all", code: totpCode(user.key) },
      { cookie: user.cookie },
    );
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain("This is not your current password.");
    expect((await (await me(user.cookie)).json()).twoFactorEnabled).toBe(true);

    const off = await postForm(
      site.app,
      "/account/two-factor",
      { intent: "disable", currentPassword: user.password, code: totpCode(user.key) },
      { cookie: user.cookie },
    );
    expect(off.status).toBe(302);
    const cookie = withoutToast(cookieHeader(off));
    expect((await (await me(cookie)).json()).twoFactorEnabled).toBe(false);
    expect(await db().selectFrom("two_factors").selectAll().execute()).not.toContainEqual(
      expect.objectContaining({ user_id: (await (await me(cookie)).json())._id }),
    );
    const login = await postJson(site.app, "/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect((await me(cookieHeader(login))).status).toBe(200);
    await site.app.deliverMail();
    expect(
      site.outbox.find(
        (mail) =>
          mail.to === user.email &&
          mail.subject === "Two-factor sign-in is off for your IELTS Hub account",
      ),
    ).toBeDefined();
  });

  it("makes new backup codes with the password, and the old ones stop working", async () => {
    const user = await withTwoFactor();
    const renewed = await postForm(
      site.app,
      "/account/two-factor",
      { intent: "backup-codes", password: user.password },
      { cookie: user.cookie },
    );
    expect(renewed.status).toBe(200);
    const fresh = backupCodesIn(await renewed.text());
    expect(fresh).toHaveLength(10);
    const login = await postForm(site.app, "/login", {
      email: user.email,
      password: user.password,
    });
    const old = await postForm(
      site.app,
      "/login/two-factor",
      { code: user.backupCodes[0] as string },
      { cookie: cookieHeader(login) },
    );
    expect(old.status).toBe(401);
    // …and a new one completes the same sign-in.
    const renewedCode = await postForm(
      site.app,
      "/login/two-factor",
      { code: fresh[0] as string },
      { cookie: cookieHeader(login) },
    );
    expect(renewedCode.status).toBe(302);
  });

  it("keeps an owner without it out of /admin and the owner's API calls, and leads them to turn it on", async () => {
    const owner = await signUp(site.app);
    await grantOwner(db(), owner.email);
    const admin = await site.app.request("/admin", {
      headers: { cookie: owner.cookie },
      redirect: "manual",
    });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/account/two-factor");
    const setupPage = await (
      await site.app.request("/account/two-factor", { headers: { cookie: owner.cookie } })
    ).text();
    expect(setupPage).toContain(
      "As the site&#x27;s owner, turn on two-factor sign-in before Admin opens.",
    );
    // The owner's powers on the API wait too (hiding a review is the owner's alone).
    const reviewId = await insertReview(db(), {
      serviceId: await insertService(db()),
      userId: await insertUser(db()),
      rating: 1,
    });
    const hide = await postJson(
      site.app,
      `/api/reviews/${reviewId}/hide`,
      { reason: "spam" },
      { cookie: owner.cookie },
    );
    expect(hide.status).toBe(403);

    const { confirmed, cookie } = await withTwoFactor(owner);
    expect(confirmed.headers.get("location")).toBe("/admin");
    const opened = await site.app.request("/admin", { headers: { cookie } });
    expect(opened.status).toBe(200);
  });
});
