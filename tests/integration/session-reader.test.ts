import { describe, expect, it } from "vitest";
import { grantOwner, signedInUser } from "../../core/accounts/owners.server.ts";
import { createSessionReader } from "../../server/auth/session-reader.ts";
import { cookieHeader, ORIGIN, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { turnOnTwoFactorDirectly } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The page's session lookup answers in one query where nothing changes and leaves the rest to
 * Better Auth: whatever the cookies, a page sees the very user, session and cookies Better Auth's
 * getSession gives.
 */
describe.each(engines)("the session of a page request on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const read = (cookie: string) =>
    createSessionReader({ db: db(), auth: site.app.auth })(new Headers({ cookie }));
  /** What Better Auth's getSession says of the same cookies (it may write, as it does for pages). */
  const betterAuth = async (cookie: string) => {
    const { headers, response } = await site.app.auth.api.getSession({
      headers: new Headers({ cookie }),
      returnHeaders: true,
    });
    return {
      user: response ? await signedInUser(db(), response.user) : null,
      sessionId: response?.session.id ?? null,
      emailVerified: response?.user.emailVerified ?? false,
      setCookies: headers.getSetCookie().map((line) => line.split(";")[0]),
    };
  };
  const outcome = async (cookie: string) => {
    const { headers, ...rest } = await read(cookie);
    return { ...rest, setCookies: headers.getSetCookie().map((line) => line.split(";")[0]) };
  };
  const tokenIn = (cookie: string) =>
    decodeURIComponent(/ielts-hub\.session_token=([^;]+)/.exec(cookie)?.[1] ?? "").split(".")[0] ??
    "";
  const sessionOf = (cookie: string) =>
    db()
      .selectFrom("sessions")
      .select(["id", "expires_at"])
      .where("token", "=", tokenIn(cookie))
      .executeTakeFirst();
  /** Moves the cookie's session in time, as if it had been made or renewed then. */
  const setSession = (cookie: string, values: { expires_at?: string; created_at?: string }) =>
    db().updateTable("sessions").set(values).where("token", "=", tokenIn(cookie)).execute();

  it("reads the same user, session and cookies as Better Auth, whatever the cookies", async () => {
    const { cookie } = await signUp(site.app, { name: "Plain Reader" });
    const [name, value = ""] = cookie.split("=");
    const forged = `${name}=${value.slice(0, -6)}AAAA%3D`;
    const variants = [
      "",
      "theme=dark",
      cookie,
      `theme=dark; ${cookie}; other=1`,
      forged,
      `${name}=`,
      `${name}=%E0%A4%A`,
      `${name}="${value}"`,
      `${cookie}; ${forged}`,
      `${forged}; ${cookie}`,
      `${name}=no-signature`,
    ];
    for (const variant of variants) {
      expect(await outcome(variant), variant).toEqual(await betterAuth(variant));
    }
    expect((await outcome(cookie)).user).toMatchObject({ name: "Plain Reader", isOwner: false });
  });

  it("leaves a session cookie beside a session-data cookie to Better Auth, which clears that", async () => {
    const { cookie } = await signUp(site.app);
    const withData = `${cookie}; ielts-hub.session_data=stale`;
    const read = await outcome(withData);
    expect(read.sessionId).not.toBeNull();
    expect(read).toEqual(await betterAuth(withData));
    expect(read.setCookies).toContain("ielts-hub.session_data=");
  });

  it("has Better Auth renew a remembered session an hour after its last renewal", async () => {
    const { cookie } = await signUp(site.app);
    const lastRenewed = new Date(Date.now() + 30 * DAY - 2 * HOUR).toISOString();
    await setSession(cookie, { expires_at: lastRenewed });
    // Through a page, as a browser gets it: the renewed cookie comes with the answer.
    const page = await site.app.request(`${ORIGIN}/services`, { headers: { cookie } });
    expect(await page.text()).toContain("Log Out");
    expect(cookieHeader(page)).toContain("ielts-hub.session_token=");
    const renewed = new Date((await sessionOf(cookie))?.expires_at ?? 0).getTime();
    expect(renewed).toBeGreaterThan(Date.now() + 30 * DAY - HOUR);
  });

  it("does not renew a session that was not to be remembered", async () => {
    const { email, password } = await signUp(site.app);
    const { headers } = await site.app.auth.api.signInEmail({
      body: { email, password, rememberMe: false },
      returnHeaders: true,
    });
    const cookie = cookieHeader(headers);
    expect(cookie).toContain("ielts-hub.dont_remember=");
    const dueForRenewal = new Date(Date.now() + 30 * DAY - 2 * HOUR).toISOString();
    await setSession(cookie, { expires_at: dueForRenewal });
    const read = await outcome(cookie);
    expect(read.sessionId).toBe((await sessionOf(cookie))?.id);
    expect(read.setCookies).toEqual([]);
    expect(new Date((await sessionOf(cookie))?.expires_at ?? 0).toISOString()).toBe(dueForRenewal);
    // A forged 'do not remember' cookie counts as none, as for Better Auth: renewed.
    const forgedDontRemember = cookie.replace(
      /(ielts-hub\.dont_remember=[^;]*?)....(;|$)/,
      "$1AA%3D$2",
    );
    expect((await outcome(forgedDontRemember)).setCookies).toContain(
      `ielts-hub.session_token=${cookie.match(/ielts-hub\.session_token=([^;]+)/)?.[1]}`,
    );
  });

  it("signs out an expired session and clears its cookie; ends one past its absolute lifetime", async () => {
    const expired = await signUp(site.app);
    await setSession(expired.cookie, { expires_at: new Date(Date.now() - 1000).toISOString() });
    const read = await outcome(expired.cookie);
    expect(read.user).toBeNull();
    expect(read.setCookies).toContain("ielts-hub.session_token=");
    expect(await sessionOf(expired.cookie)).toBeUndefined();

    const old = await signUp(site.app);
    await setSession(old.cookie, { created_at: new Date(Date.now() - 91 * DAY).toISOString() });
    expect((await outcome(old.cookie)).user).toBeNull();
    expect(await sessionOf(old.cookie)).toBeUndefined();
  });

  it("reads the JSON API's session cookie the same way: renewed with the answer, ended past its lifetime", async () => {
    const { cookie } = await signUp(site.app);
    await setSession(cookie, {
      expires_at: new Date(Date.now() + 30 * DAY - 2 * HOUR).toISOString(),
    });
    const me = await site.app.request("/api/me", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(cookieHeader(me)).toContain("ielts-hub.session_token=");
    expect(new Date((await sessionOf(cookie))?.expires_at ?? 0).getTime()).toBeGreaterThan(
      Date.now() + 30 * DAY - HOUR,
    );

    await setSession(cookie, { created_at: new Date(Date.now() - 91 * DAY).toISOString() });
    expect((await site.app.request("/api/me", { headers: { cookie } })).status).toBe(401);
    expect(await sessionOf(cookie)).toBeUndefined();
  });

  it("gives an owner their powers only with two-factor sign-in on", async () => {
    const { cookie, email } = await signUp(site.app);
    await grantOwner(db(), email);
    expect((await outcome(cookie)).user).toMatchObject({
      isOwner: false,
      ownerNeedsSecondFactor: true,
    });
    await turnOnTwoFactorDirectly(db(), email);
    const read = await outcome(cookie);
    expect(read.user).toMatchObject({ isOwner: true, ownerNeedsSecondFactor: false });
    expect(read).toEqual(await betterAuth(cookie));
  });
});
