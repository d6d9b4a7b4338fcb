import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TOKEN_LIFETIME_SECONDS } from "../../core/accounts/api-tokens.server.ts";
import type { Mail } from "../../server/mail.ts";
import { cookieHeader, ORIGIN, postForm, postJson, signUp } from "../support/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { createTestApp } from "../support/test-app.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

describe.each(engines)("accounts on %s", (engine) => {
  let database: TestDatabase;
  let app: App;
  const outbox: Mail[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = await createTestApp(database, {}, outbox);
  });
  afterAll(() => database.drop());

  const me = (token: string) =>
    app.request("/api/me", { headers: { authorization: `Bearer ${token}` } });

  describe("bearer tokens", () => {
    it("are refused to an anonymous caller (401) and for another e-mail (403)", async () => {
      const anonymous = await postJson(app, "/api/jwt", { email: "someone@example.com" });
      expect(anonymous.status).toBe(401);
      const { cookie } = await signUp(app);
      const other = await postJson(app, "/api/jwt", { email: "victim@example.com" }, { cookie });
      expect(other.status).toBe(403);
      expect(await other.json()).not.toHaveProperty("token");
    });

    it("are issued to the signed-in owner and speak for them", async () => {
      const { cookie, email } = await signUp(app, { name: "Token Owner" });
      const response = await postJson(app, "/api/jwt", { email: email.toUpperCase() }, { cookie });
      expect(response.status).toBe(200);
      const { token } = (await response.json()) as { token: string };
      expect(token).toMatch(/^ih_/);
      const profile = await me(token);
      expect(profile.status).toBe(200);
      expect(await profile.json()).toMatchObject({ email, displayName: "Token Owner" });
    });

    it("get 401 when missing, forged, expired or revoked by signing out", async () => {
      expect((await app.request("/api/me")).status).toBe(401);
      expect((await me("ih_forged-token-that-was-never-issued")).status).toBe(401);
      expect(
        (await app.request("/api/me", { headers: { authorization: "Basic abc" } })).status,
      ).toBe(401);

      const { cookie, email } = await signUp(app);
      const { token } = (await (await postJson(app, "/api/jwt", { email }, { cookie })).json()) as {
        token: string;
      };
      expect((await me(token)).status).toBe(200);

      await database.db
        .updateTable("api_tokens")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect((await me(token)).status).toBe(401);

      const { token: fresh } = (await (
        await postJson(app, "/api/jwt", { email }, { cookie })
      ).json()) as { token: string };
      expect((await me(fresh)).status).toBe(200);
      const signOut = await postJson(app, "/api/auth/sign-out", {}, { cookie });
      expect(signOut.status).toBe(200);
      expect((await me(fresh)).status).toBe(401);
    });

    it(`expire after ${API_TOKEN_LIFETIME_SECONDS} seconds`, async () => {
      const { cookie, email } = await signUp(app);
      const before = Date.now();
      await postJson(app, "/api/jwt", { email }, { cookie });
      const row = await database.db
        .selectFrom("api_tokens")
        .select("expires_at")
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      const lifetime = (new Date(row.expires_at).getTime() - before) / 1000;
      expect(lifetime).toBeGreaterThan(API_TOKEN_LIFETIME_SECONDS - 5);
      expect(lifetime).toBeLessThanOrEqual(API_TOKEN_LIFETIME_SECONDS + 1);
    });
  });

  describe("sessions", () => {
    it("end after the absolute lifetime, however active", async () => {
      const { cookie } = await signUp(app, { name: "Old Timer" });
      const signedIn = await (await app.request(`${ORIGIN}/`, { headers: { cookie } })).text();
      expect(signedIn).toContain("Log Out");
      const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000).toISOString();
      const user = await database.db
        .selectFrom("users")
        .select("id")
        .where("name", "=", "Old Timer")
        .executeTakeFirstOrThrow();
      await database.db
        .updateTable("sessions")
        .set({ created_at: longAgo })
        .where("user_id", "=", user.id)
        .execute();
      const after = await (await app.request(`${ORIGIN}/`, { headers: { cookie } })).text();
      expect(after).not.toContain("Log Out");
      const session = await app.request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie } });
      expect(await session.json()).toBeNull();
      const left = await database.db
        .selectFrom("sessions")
        .select("id")
        .where("user_id", "=", user.id)
        .execute();
      expect(left).toEqual([]);
    });

    it("past the absolute lifetime, also Better Auth's endpoint and the session's API tokens stop", async () => {
      const { cookie, email } = await signUp(app, { name: "Token Timer" });
      const { token } = (await (await postJson(app, "/api/jwt", { email }, { cookie })).json()) as {
        token: string;
      };
      expect((await me(token)).status).toBe(200);
      const user = await database.db
        .selectFrom("users")
        .select("id")
        .where("name", "=", "Token Timer")
        .executeTakeFirstOrThrow();
      const longAgo = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000).toISOString();
      await database.db
        .updateTable("sessions")
        .set({ created_at: longAgo })
        .where("user_id", "=", user.id)
        .execute();
      const session = await app.request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie } });
      expect(await session.json()).toBeNull();
      expect((await me(token)).status).toBe(401);
    });

    it("show the Google buttons only when Google is configured", async () => {
      expect(await (await app.request("/login")).text()).not.toContain("Log in with Google");
      const withGoogle = await createTestApp(database, {
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
      });
      expect(await (await withGoogle.request("/login")).text()).toContain("Log in with Google");
      expect(await (await withGoogle.request("/register")).text()).toContain(
        "Register with Google",
      );
    });
  });

  describe("signing in", () => {
    it("gives the same answer for an unknown e-mail and a wrong password", async () => {
      const { email } = await signUp(app);
      const guess = { password: "not the right one at all" };
      const wrongPassword = await postForm(app, "/login", { email, ...guess });
      const unknownEmail = await postForm(app, "/login", {
        email: "nobody-here@example.com",
        ...guess,
      });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(wrongPassword.status);
      const [a, b] = [await wrongPassword.text(), await unknownEmail.text()];
      // Words a person understands, the provider's code after them in small print.
      for (const page of [a, b]) {
        expect(page).toContain("Incorrect e-mail or password.");
        expect(page).toContain("(invalid-email-or-password)");
      }

      const signIn = "/api/auth/sign-in/email";
      const apiWrong = await postJson(app, signIn, { email, ...guess });
      const apiUnknown = await postJson(app, signIn, {
        email: "nobody-else@example.com",
        ...guess,
      });
      expect(apiWrong.status).toBe(apiUnknown.status);
      expect(await apiWrong.json()).toEqual(await apiUnknown.json());
    });

    it("signs in with the right password and sets a session cookie with the right attributes", async () => {
      const { email, password } = await signUp(app);
      const remembered = await postForm(app, "/login", {
        email,
        password,
        rememberMe: "on",
        redirectTo: "/blog",
      });
      expect(remembered.status).toBe(302);
      expect(remembered.headers.get("location")).toBe("/blog");
      const session = remembered.headers
        .getSetCookie()
        .find((c) => c.startsWith("ielts-hub.session_token="));
      expect(session).toMatch(/HttpOnly/i);
      expect(session).toMatch(/SameSite=Lax/i);
      expect(session).not.toMatch(/;\s*Secure/i);
      expect(session).toMatch(/Max-Age=\d+/i);

      const browserSession = await postForm(app, "/login", { email, password });
      const cookie = browserSession.headers
        .getSetCookie()
        .find((c) => c.startsWith("ielts-hub.session_token="));
      expect(cookie).not.toMatch(/Max-Age|Expires/i);
    });

    it("never redirects to another site after login", async () => {
      const { email, password } = await signUp(app);
      for (const redirectTo of ["https://evil.example/", "//evil.example", "/\\\\evil.example"]) {
        const response = await postForm(app, "/login", { email, password, redirectTo });
        expect(response.headers.get("location")).toBe("/");
      }
    });
  });

  describe("registering", () => {
    it("refuses short, common and missing passwords and bad photo URLs, next to the field", async () => {
      const cases: [Record<string, string>, string][] = [
        [{ name: "A", email: "a1@example.com", password: "short" }, "at least 8 characters"],
        [{ name: "A", email: "a2@example.com", password: "password123" }, "too common"],
        [
          {
            name: "A",
            email: "a3@example.com",
            password: "a fine passphrase",
            photoUrl: "javascript:alert(1)",
          },
          "http:// or https://",
        ],
        [
          { name: "", email: "a4@example.com", password: "a fine passphrase" },
          "Please enter your name.",
        ],
      ];
      for (const [fields, message] of cases) {
        const response = await postForm(app, "/register", fields);
        expect(response.status).toBe(400);
        const html = await response.text();
        expect(html).toContain(message);
        expect(html).toContain('aria-invalid="true"');
      }
      const users = await database.db
        .selectFrom("users")
        .select("email")
        .where("email", "like", "a_@example.com")
        .execute();
      expect(users).toEqual([]);
    });

    it("accepts a long passphrase and signs the new user in", async () => {
      const password = "correct horse battery staple ".repeat(3).trim();
      expect(password.length).toBeGreaterThan(64);
      const response = await postForm(app, "/register", {
        name: "Long Pass",
        email: "long@example.com",
        password,
        redirectTo: "/contact",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/contact");
      const home = await app.request(`${ORIGIN}/`, { headers: { cookie: cookieHeader(response) } });
      expect(await home.text()).toContain("Log Out");
    });

    it("says no more than needed about a taken e-mail", async () => {
      const { email } = await signUp(app);
      const response = await postForm(app, "/register", {
        name: "Copy",
        email,
        password: "another fine passphrase",
      });
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("This e-mail cannot be used to register.");
    });
  });

  describe("password reset", () => {
    it("answers the same for any e-mail, mails only real accounts, and the link works once", async () => {
      const { email, cookie } = await signUp(app, { name: "Forgetful" });
      // Sign-ups so far mailed links to confirm their addresses.
      await app.deliverMail();
      outbox.length = 0;
      const known = await postForm(app, "/login", { intent: "forgot", email });
      const unknown = await postForm(app, "/login", {
        intent: "forgot",
        email: "ghost@example.com",
      });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      const [knownHtml, unknownHtml] = [await known.text(), await unknown.text()];
      expect(knownHtml).toContain("Password Reset Successfully, Please Check your email");
      expect(unknownHtml).toContain("Password Reset Successfully, Please Check your email");
      expect(outbox).toEqual([]);
      await app.deliverMail();
      expect(outbox.map((mail) => mail.to)).toEqual([email]);

      const link = /(http\S+reset-password\S+)/.exec(outbox[0]?.text ?? "")?.[1] ?? "";
      const followed = await app.request(link, { redirect: "manual" });
      expect(followed.status).toBe(302);
      const target = new URL(followed.headers.get("location") ?? "", ORIGIN);
      expect(target.pathname).toBe("/reset-password");
      const token = target.searchParams.get("token") ?? "";

      const reset = await postForm(app, "/reset-password", {
        token,
        password: "a brand new passphrase",
      });
      expect(reset.status).toBe(302);
      expect(reset.headers.get("location")).toBe("/login");
      const again = await postForm(app, "/reset-password", {
        token,
        password: "yet another passphrase",
      });
      expect(again.status).toBe(400);

      // Every earlier session of the user has ended; the new password works.
      const stale = await postJson(app, "/api/jwt", { email }, { cookie });
      expect(stale.status).toBe(401);
      const login = await postForm(app, "/login", { email, password: "a brand new passphrase" });
      expect(login.status).toBe(302);
    });

    it("asks for the e-mail when the field is empty", async () => {
      const response = await postForm(app, "/login", { intent: "forgot", email: "" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Enter your e-mail address above");
    });
  });

  describe("cross-site requests", () => {
    it("refuses a cookie-carrying POST from another origin and changes nothing", async () => {
      const { cookie, email } = await signUp(app);
      const evil = { origin: "https://evil.example", cookie };
      const logout = await postForm(app, "/logout", {}, evil);
      expect(logout.status).toBe(403);
      const token = await postJson(app, "/api/jwt", { email }, evil);
      expect(token.status).toBe(403);
      const noOrigin = await app.request(`${ORIGIN}/logout`, {
        method: "POST",
        body: "",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      });
      expect(noOrigin.status).toBe(403);
      // The session survived all three.
      expect((await postJson(app, "/api/jwt", { email }, { cookie })).status).toBe(200);
    });
  });
});

describe("rate limits", () => {
  let database: TestDatabase;
  afterAll(() => database.drop());

  it("meet a burst of wrong passwords with 429, and a forged X-Forwarded-For does not escape it", async () => {
    database = await createTestDatabase("sqlite");
    const app = await createTestApp(database);
    const { email } = await signUp(app);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await postForm(
        app,
        "/login",
        { email, password: `wrong guess ${attempt}` },
        {
          "x-forwarded-for": `203.0.113.${attempt}`,
        },
      );
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const api = await postJson(
      app,
      "/api/auth/sign-in/email",
      { email, password: "x" },
      { "x-forwarded-for": "198.51.100.7" },
    );
    expect(api.status).toBe(429);
    expect(api.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("key on X-Forwarded-For only behind a trusted proxy", async () => {
    const behindProxy = await createTestDatabase("sqlite");
    const app = await createTestApp(behindProxy, { TRUST_PROXY: "true" });
    // A different account each time, so only the per-address limit is in play.
    const email = (attempt: number) => `nobody-${attempt}@example.com`;
    for (let attempt = 0; attempt < 12; attempt++) {
      const response = await postForm(
        app,
        "/login",
        { email: email(attempt), password: "wrong" },
        { "x-forwarded-for": `203.0.113.${attempt}` },
      );
      expect(response.status).toBe(401);
    }
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push(
        (
          await postForm(
            app,
            "/login",
            { email: email(attempt), password: "wrong" },
            { "x-forwarded-for": "1.2.3.4, 192.0.2.50" },
          )
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    await behindProxy.drop();
  });
});

describe("in production", () => {
  it("marks the session cookie Secure and refuses to start without AUTH_SECRET", async () => {
    const database = await createTestDatabase("sqlite");
    try {
      const app = await createTestApp(database, {
        NODE_ENV: "production",
        BASE_URL: "https://ielts.example.com",
      });
      const { email, password } = await signUp(app);
      const response = await app.request("https://ielts.example.com/login", {
        method: "POST",
        body: new URLSearchParams({ email, password }),
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://ielts.example.com",
        },
        redirect: "manual",
      });
      const session = response.headers.getSetCookie().find((c) => c.includes("session_token="));
      expect(session).toMatch(/^__Secure-/);
      expect(session).toMatch(/;\s*Secure/i);
      await expect(
        createTestApp(database, { NODE_ENV: "production", AUTH_SECRET: "" }),
      ).rejects.toThrow("AUTH_SECRET");
    } finally {
      await database.drop();
    }
  });
});
