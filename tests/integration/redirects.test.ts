import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, postForm, postJson, signUp } from "../support/accounts.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { hostileRedirectTargets } from "../support/hostile-redirects.ts";
import { createTestApp } from "../support/test-app.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A Location a browser follows to this site only: a path that cannot be read as a host, already
 * normalised, or a full URL on the site's origin.
 */
function expectSameSite(location: string | null, target: string) {
  const where = `Location ${JSON.stringify(location)} for ${JSON.stringify(target)}`;
  expect(location, where).toBeTruthy();
  const value = location ?? "";
  const path = value.startsWith(`${ORIGIN}/`) ? value.slice(ORIGIN.length) : value;
  expect(path, where).toMatch(/^\/(?![/\\])/);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  expect(path, where).not.toMatch(/[\\\u0000-\u0020\u007f]/);
  const pathname = path.split(/[?#]/, 1)[0] ?? "";
  expect(pathname, where).not.toMatch(/%2e|%2f|%5c|\/\.\.?(\/|$)/i);
  expect(new URL(value, ORIGIN).origin, where).toBe(ORIGIN);
}

/**
 * The answer's status: as expected for most targets; a target with a NUL character is refused at
 * the door with a 400 instead (nothing is redirected at all). Says whether to check the target.
 */
function expectAnswered(response: Response, target: string, status: number): boolean {
  if (target.includes("\u0000")) {
    expect(response.status, JSON.stringify(target)).toBe(400);
    return false;
  }
  expect(response.status, target).toBe(status);
  return true;
}

describe("redirect targets", () => {
  let database: TestDatabase;
  let app: App;
  let account: { email: string; password: string; cookie: string };

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    app = await createTestApp(database, { TRUST_PROXY: "true" });
    account = await signUp(app);
  });
  afterAll(() => database.drop());

  const get = (path: string, cookie = "") =>
    app.request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

  it.each(["/login", "/register", "/auth/welcome"])(
    "%s?redirectTo= sends a signed-in user to this site only",
    async (page) => {
      for (const target of hostileRedirectTargets) {
        const response = await get(
          `${page}?redirectTo=${encodeURIComponent(target)}`,
          account.cookie,
        );
        if (expectAnswered(response, target, 302)) {
          expectSameSite(response.headers.get("location"), target);
        }
      }
    },
  );

  it("POST /login with redirectTo sends the user to this site only", async () => {
    let attempt = 0;
    for (const target of hostileRedirectTargets) {
      // Each sign-in from its own address, so the sign-in limit stays out of the way.
      const response = await postForm(
        app,
        "/login",
        { email: account.email, password: account.password, redirectTo: target },
        { "x-forwarded-for": `198.51.100.${++attempt}` },
      );
      if (expectAnswered(response, target, 302)) {
        expectSameSite(response.headers.get("location"), target);
      }
      await database.db.deleteFrom("rate_limits").execute();
    }
  });

  it("Better Auth's verify-email and reset-password/:token redirect to this site only", async () => {
    for (const target of hostileRedirectTargets) {
      const callbackURL = encodeURIComponent(target);
      for (const path of [
        `/api/auth/verify-email?token=not-a-token&callbackURL=${callbackURL}`,
        `/api/auth/reset-password/not-a-token?callbackURL=${callbackURL}`,
      ]) {
        const response = await get(path);
        if (expectAnswered(response, target, 302)) {
          expectSameSite(response.headers.get("location"), target);
        }
      }
    }
  });

  it("Better Auth's sign-in/email callbackURL in a JSON body leads to this site only", async () => {
    let attempt = 0;
    for (const target of hostileRedirectTargets) {
      const response = await postJson(
        app,
        "/api/auth/sign-in/email",
        { email: account.email, password: account.password, callbackURL: target },
        { "x-forwarded-for": `203.0.113.${++attempt}` },
      );
      if (expectAnswered(response, target, 200)) {
        expectSameSite(response.headers.get("location"), target);
        const { url } = (await response.json()) as { url: string };
        expectSameSite(url, target);
      }
      await database.db.deleteFrom("rate_limits").execute();
    }
  });

  it("Better Auth's sign-in/social keeps only same-site targets for after Google", async () => {
    const withGoogle = await createTestApp(database, {
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "secret",
    });
    for (const target of hostileRedirectTargets) {
      const response = await postJson(withGoogle, "/api/auth/sign-in/social", {
        provider: "google",
        callbackURL: target,
        errorCallbackURL: target,
        newUserCallbackURL: target,
      });
      if (!expectAnswered(response, target, 200)) continue;
      // The OAuth state, which callback/:id later redirects to, as Better Auth stored it.
      const state = await database.db
        .selectFrom("verifications")
        .select("value")
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      const { callbackURL, errorURL, newUserURL } = JSON.parse(state.value) as Record<
        string,
        string
      >;
      for (const stored of [callbackURL, errorURL, newUserURL]) {
        expectSameSite(stored ?? null, target);
      }
    }
  });

  it("keeps a same-site target, normalised, and a full URL on BASE_URL's origin", async () => {
    const login = await get(
      `/login?redirectTo=${encodeURIComponent("/a/../my-reviews")}`,
      account.cookie,
    );
    expect(login.headers.get("location")).toBe("/my-reviews");
    const verify = await get(
      `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(`${ORIGIN}/services?x=1`)}`,
    );
    expect(verify.headers.get("location")).toBe("/services?x=1&error=INVALID_TOKEN");
  });
});
