import { describe, expect, it } from "vitest";
import { describeDevice } from "../../core/accounts/sessions.server.ts";
import { cookieHeader, postForm, signUp, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { testSiteOn } from "../support/test-app.ts";

const FIREFOX_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0";
const CHROME_ON_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36";

describe("describeDevice", () => {
  it("names the browser and the system, or says it does not know", () => {
    expect(describeDevice(FIREFOX_ON_WINDOWS)).toBe("Firefox on Windows");
    expect(describeDevice(CHROME_ON_ANDROID)).toBe("Chrome on Android");
    expect(describeDevice(null)).toBe("An unknown browser");
    expect(describeDevice("curl/8.5.0")).toBe("An unknown browser");
    expect(describeDevice("")).toBe("An unknown browser");
  });
});

describe.each(engines)("signed-in devices at /account/sessions on %s", (engine) => {
  const site = testSiteOn(engine);
  const db = () => site.database.db;
  const signedIn = async (cookie: string) =>
    (await site.app.request("/api/me", { headers: { cookie } })).status === 200;
  /** Signs the account in once more, from another browser. */
  const anotherDevice = async (email: string, password: string, userAgent: string) => {
    const { headers } = await site.app.auth.api.signInEmail({
      body: { email, password },
      headers: new Headers({ "user-agent": userAgent }),
      returnHeaders: true,
    });
    return cookieHeader(headers);
  };
  const sessionIds = async (userId: string) =>
    (await db().selectFrom("sessions").select("id").where("user_id", "=", userId).execute()).map(
      (row) => row.id,
    );

  it("is for a signed-in person only", async () => {
    const page = await site.app.request("/account/sessions", { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirectTo=%2Faccount%2Fsessions");
    const post = await postForm(site.app, "/account/sessions", { intent: "end-others" });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("lists every device with its browser and marks this one; signs out another, its API tokens too", async () => {
    const user = await signUpWithToken(site.app, db());
    const firefox = await anotherDevice(user.email, user.password, FIREFOX_ON_WINDOWS);
    const page = await (
      await site.app.request("/account/sessions", { headers: { cookie: user.cookie } })
    ).text();
    expect(page).toContain("Firefox on Windows");
    expect(page.match(/This device/g)).toHaveLength(1);
    const [firefoxId] = [
      ...page.matchAll(/<input type="hidden" name="sessionId" value="([^"]+)"/g),
    ].map((match) => match[1]);
    expect(firefoxId).toBeDefined();

    const ended = await postForm(
      site.app,
      "/account/sessions",
      { sessionId: firefoxId ?? "" },
      { cookie: user.cookie },
    );
    expect(ended.status).toBe(302);
    expect(await signedIn(firefox)).toBe(false);
    expect(await signedIn(user.cookie)).toBe(true);
    // The token was issued from the first session, which stays: it still works.
    const token = await site.app.request("/api/me", {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(token.status).toBe(200);
    expect(
      site.app.securityEvents.filter(
        (event) => event.event === "session-end" && event.userId === user.id,
      ),
    ).toEqual([expect.objectContaining({ outcome: "success", reason: "one-device" })]);
  });

  it("ends every other device at once, keeping this one", async () => {
    const user = await signUpWithToken(site.app, db());
    const devices = [
      await anotherDevice(user.email, user.password, FIREFOX_ON_WINDOWS),
      await anotherDevice(user.email, user.password, CHROME_ON_ANDROID),
    ];
    // A token issued from another device ends with it.
    const phone = devices[1] ?? "";
    const tokenAnswer = await site.app.request("/api/jwt", {
      method: "POST",
      body: JSON.stringify({ email: user.email }),
      headers: {
        "content-type": "application/json",
        cookie: phone,
        origin: "http://localhost:3000",
      },
    });
    const { token } = (await tokenAnswer.json()) as { token: string };
    expect((await sessionIds(user.id)).length).toBe(3);

    const ended = await postForm(
      site.app,
      "/account/sessions",
      { intent: "end-others" },
      { cookie: user.cookie },
    );
    expect(ended.status).toBe(302);
    for (const device of devices) expect(await signedIn(device)).toBe(false);
    expect(await signedIn(user.cookie)).toBe(true);
    expect((await sessionIds(user.id)).length).toBe(1);
    const phoneToken = await site.app.request("/api/me", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(phoneToken.status).toBe(401);
  });

  it("changes nothing for another person's session, or this device's own", async () => {
    const owner = await signUp(site.app);
    const stranger = await signUp(site.app);
    const ownerId = (
      await db()
        .selectFrom("users")
        .select("id")
        .where("email", "=", owner.email)
        .executeTakeFirstOrThrow()
    ).id;
    const [ownerSession] = await sessionIds(ownerId);
    const refused = await postForm(
      site.app,
      "/account/sessions",
      { sessionId: ownerSession ?? "" },
      { cookie: stranger.cookie },
    );
    expect(refused.status).toBe(404);
    expect(await signedIn(owner.cookie)).toBe(true);

    const own = await postForm(
      site.app,
      "/account/sessions",
      { sessionId: ownerSession ?? "" },
      { cookie: owner.cookie },
    );
    expect(own.status).toBe(400);
    expect(await signedIn(owner.cookie)).toBe(true);
    for (const sessionId of ["", "x".repeat(500)]) {
      const bad = await postForm(
        site.app,
        "/account/sessions",
        { sessionId },
        { cookie: owner.cookie },
      );
      expect(bad.status).toBe(404);
    }
  });
});
