import { describe, expect, it } from "vitest";
import { rateLimits } from "../../core/limits/rate-limit.server.ts";
import { cookieHeader, ORIGIN, postForm, postJson, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { testSiteOn } from "../support/test-app.ts";

/**
 * Issue 7, items 8, 9, 13 and 14: per-account password-guessing limits, one password and
 * profile policy on every path, session age and password changes, and the security log.
 */
describe.each(engines)("account security on %s", (engine) => {
  // Behind a trusted proxy, X-Forwarded-For names the address each request comes from.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });

  let lastAddress = 0;
  /** A client address no earlier request used, so per-address limits never get in the way. */
  const fresh = () => {
    lastAddress++;
    return { "x-forwarded-for": `10.${(lastAddress >> 8) & 255}.${lastAddress & 255}.7` };
  };
  const signIn = (email: string, password: string, headers: Record<string, string> = fresh()) =>
    postJson(site.app, "/api/auth/sign-in/email", { email, password }, headers);
  const userId = async (email: string) =>
    (
      await site.database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
    ).id;
  const tokenFor = async (email: string, cookie: string) => {
    const response = await postJson(site.app, "/api/jwt", { email }, { cookie, ...fresh() });
    return ((await response.json()) as { token: string }).token;
  };
  const me = (token: string) =>
    site.app.request("/api/me", { headers: { authorization: `Bearer ${token}`, ...fresh() } });
  /** A reset token for the account, as the e-mailed link would carry it. */
  const resetToken = async (email: string) => {
    await site.app.auth.api.requestPasswordReset({
      body: { email, redirectTo: "/reset-password" },
    });
    const row = await site.database.db
      .selectFrom("verifications")
      .select("identifier")
      .where("value", "=", await userId(email))
      .where("identifier", "like", "reset-password:%")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    return row.identifier.slice("reset-password:".length);
  };

  describe("guessing one account's password", () => {
    it("meets a per-account limit from 30 addresses; the owner waits out the window, others are unaffected", async () => {
      const victim = await signUp(site.app);
      const bystander = await signUp(site.app);
      // All at once: each guess is counted before its password is checked, so none slip past.
      const statuses = await Promise.all(
        Array.from(
          { length: 30 },
          async (_, guess) => (await signIn(victim.email, `wrong guess number ${guess}`)).status,
        ),
      );
      const allowed = rateLimits.signInAccount.limit;
      expect(statuses.filter((status) => status === 401)).toHaveLength(allowed);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - allowed);

      const owner = await signIn(victim.email, victim.password);
      expect(owner.status).toBe(429);
      expect(owner.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await owner.json()) as { message: string }).message).toMatch(/too many/i);
      const form = await postForm(
        site.app,
        "/login",
        { email: victim.email.toUpperCase(), password: victim.password },
        fresh(),
      );
      expect(form.status).toBe(429);
      expect(await form.text()).toContain("Too many");

      expect((await signIn(bystander.email, bystander.password)).status).toBe(200);
      expect(site.app.securityEvents).toContainEqual(
        expect.objectContaining({
          event: "rate-limited",
          reason: "password:account",
          email: victim.email,
          status: 429,
        }),
      );

      // The window ends: the owner gets in, and a success starts the count again.
      const window = rateLimits.signInAccount.windowSeconds * 1000;
      await site.database.db
        .updateTable("rate_limits")
        .set({ window_started_at: Date.now() - window - 1000 })
        .where("key", "like", "%account%")
        .execute();
      expect((await signIn(victim.email, victim.password)).status).toBe(200);
      const left = await site.database.db
        .selectFrom("rate_limits")
        .select("key")
        .where("key", "like", `%${victim.email}%`)
        .execute();
      expect(left).toEqual([]);
    });

    it("lets the owner back in at once after a password reset", async () => {
      const owner = await signUp(site.app);
      for (let guess = 0; guess <= rateLimits.signInAccount.limit; guess++) {
        await signIn(owner.email, `a wrong guess ${guess}`);
      }
      expect((await signIn(owner.email, owner.password)).status).toBe(429);
      const token = await resetToken(owner.email);
      const reset = await postJson(
        site.app,
        "/api/auth/reset-password",
        { token, newPassword: "a completely new passphrase" },
        fresh(),
      );
      expect(reset.status).toBe(200);
      expect((await signIn(owner.email, "a completely new passphrase")).status).toBe(200);
    });

    it("limits guessing through change-password and verify-password too", async () => {
      const { email, password, cookie } = await signUp(site.app);
      const statuses: number[] = [];
      for (let guess = 0; guess < 25; guess++) {
        const response = await postJson(
          site.app,
          guess % 2 ? "/api/auth/change-password" : "/api/auth/verify-password",
          guess % 2
            ? { currentPassword: `guess ${guess}`, newPassword: "another fine passphrase" }
            : { password: `guess ${guess}` },
          { cookie, ...fresh() },
        );
        statuses.push(response.status);
      }
      const allowed = rateLimits.signInAccount.limit;
      expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(400));
      expect(statuses.slice(allowed)).toEqual(Array(25 - allowed).fill(429));
      // The same account counter: sign-in is locked as well, and the password is unchanged.
      expect((await signIn(email, password)).status).toBe(429);
    });

    it("limits one address guessing the passwords of several accounts", async () => {
      const address = fresh();
      const statuses: number[] = [];
      for (let user = 0; user < 2; user++) {
        const { cookie } = await signUp(site.app);
        for (let guess = 0; guess < 6; guess++) {
          const response = await postJson(
            site.app,
            "/api/auth/verify-password",
            { password: `guess ${guess}` },
            { cookie, ...address },
          );
          statuses.push(response.status);
        }
      }
      const allowed = rateLimits.signIn.limit;
      expect(statuses.slice(0, allowed)).toEqual(Array(allowed).fill(400));
      expect(statuses.slice(allowed)).toEqual(Array(12 - allowed).fill(429));
    });
  });

  describe("one password and profile policy on every path", () => {
    const refused = async (response: Response, message: RegExp) => {
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    };

    it("refuses weak passwords and bad profiles at API sign-up, and writes nothing", async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ password: "password" }, /too common/],
        [{ password: "short" }, /at least 8/],
        [{ password: "x".repeat(129) }, /at most 128/],
        [{ password: "IELTS Hub 2026" }, /site's name or your e-mail/],
        [{ email: "maria.lopez@example.com", password: "Maria.Lopez!" }, /site's name or your/],
        [{ email: "kwame@example.com", password: "kwame@example.com" }, /site's name or your/],
        [{ name: "x".repeat(5000) }, /under 100 characters/],
        [{ name: ["a"] }, /name/i],
        [{ name: 123 }, /name/i],
        [{ name: "   " }, /enter your name/],
        [{ image: "javascript:alert(1)" }, /http:\/\/ or https:\/\//],
      ];
      for (const [overrides, message] of cases) {
        const body = {
          name: "Policy Tester",
          email: "policy-tester@example.com",
          password: "a fine long passphrase",
          ...overrides,
        };
        await refused(await postJson(site.app, "/api/auth/sign-up/email", body, fresh()), message);
      }
      const written = await site.database.db
        .selectFrom("users")
        .select("id")
        .where("email", "in", ["policy-tester@example.com", "maria.lopez@example.com"])
        .execute();
      expect(written).toEqual([]);
      const accepted = await postJson(
        site.app,
        "/api/auth/sign-up/email",
        { name: "  Trimmed Name  ", email: "policy-ok@example.com", password: "a fine passphrase" },
        fresh(),
      );
      expect(accepted.status).toBe(200);
      const row = await site.database.db
        .selectFrom("users")
        .select("name")
        .where("email", "=", "policy-ok@example.com")
        .executeTakeFirstOrThrow();
      expect(row.name).toBe("Trimmed Name");
    });

    it("refuses the same at change-password, reset-password and update-user", async () => {
      const { email, password, cookie } = await signUp(site.app, {
        email: `ada.lovelace-${crypto.randomUUID().slice(0, 6)}@example.com`,
      });
      const local = email.split("@")[0] ?? "";
      const change = (newPassword: string) =>
        postJson(
          site.app,
          "/api/auth/change-password",
          { currentPassword: password, newPassword },
          { cookie, ...fresh() },
        );
      await refused(await change("password"), /too common/);
      await refused(await change(`${local}!!`), /site's name or your e-mail/);
      await refused(await change("y".repeat(129)), /at most 128/);

      const token = await resetToken(email);
      const reset = (newPassword: string) =>
        postJson(site.app, "/api/auth/reset-password", { token, newPassword }, fresh());
      await refused(await reset("password"), /too common/);
      await refused(await reset(`${local.toUpperCase()}2026`), /site's name or your e-mail/);

      const update = (body: unknown) =>
        postJson(site.app, "/api/auth/update-user", body, { cookie, ...fresh() });
      await refused(await update({ name: ["a"] }), /name/i);
      await refused(await update({ name: 123 }), /name/i);
      await refused(await update({ name: "n".repeat(5000) }), /under 100 characters/);
      await refused(await update({ image: "javascript:alert(1)" }), /http:\/\/ or https:\/\//);
      const user = await site.database.db
        .selectFrom("users")
        .select(["name", "image"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(user.image).toBeNull();
      expect(user.name).not.toBe("n".repeat(5000));

      expect((await update({ name: "  Ada  ", image: "https://example.com/ada.png" })).status).toBe(
        200,
      );
      const updated = await site.database.db
        .selectFrom("users")
        .select(["name", "image"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(updated).toEqual({ name: "Ada", image: "https://example.com/ada.png" });
    });

    it("shows the context-word refusal next to the field on the forms", async () => {
      const register = await postForm(
        site.app,
        "/register",
        { name: "Ielts Fan", email: "ieltsfan@example.com", password: "ieltsfan@example.com" },
        fresh(),
      );
      expect(register.status).toBe(400);
      expect(await register.text()).toContain("the site&#x27;s name or your e-mail");

      const { email } = await signUp(site.app, {
        email: `grace.hopper-${crypto.randomUUID().slice(0, 6)}@example.com`,
      });
      const token = await resetToken(email);
      // The form posts back to the page it is on, the link's token in its address.
      const reset = await postForm(
        site.app,
        `/reset-password?token=${token}`,
        { token, password: `${email.split("@")[0]}` },
        fresh(),
      );
      expect(reset.status).toBe(400);
      expect(await reset.text()).toContain("the site&#x27;s name or your e-mail");
    });
  });

  describe("sessions and tokens", () => {
    it("refuse a bearer token whose session is past its absolute lifetime, cookie unseen", async () => {
      const { email, cookie } = await signUp(site.app);
      const token = await tokenFor(email, cookie);
      expect((await me(token)).status).toBe(200);
      await site.database.db
        .updateTable("sessions")
        .set({ created_at: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000).toISOString() })
        .where("user_id", "=", await userId(email))
        .execute();
      expect((await me(token)).status).toBe(401);
    });

    it("end every other session and every API token when the password changes", async () => {
      const { email, password, cookie: first } = await signUp(site.app);
      const token = await tokenFor(email, first);
      const second = cookieHeader(await signIn(email, password));
      expect((await me(token)).status).toBe(200);

      const changed = await postJson(
        site.app,
        "/api/auth/change-password",
        { currentPassword: password, newPassword: "a new and different passphrase" },
        { cookie: second, ...fresh() },
      );
      expect(changed.status).toBe(200);
      expect((await me(token)).status).toBe(401);
      const stale = await site.app.request(`${ORIGIN}/api/auth/get-session`, {
        headers: { cookie: first },
      });
      expect(await stale.json()).toBeNull();
      const staleToken = await postJson(
        site.app,
        "/api/jwt",
        { email },
        { cookie: first, ...fresh() },
      );
      expect(staleToken.status).toBe(401);
      // The session that changed it goes on, under the new cookie it was given.
      const current = await site.app.request(`${ORIGIN}/api/auth/get-session`, {
        headers: { cookie: cookieHeader(changed) },
      });
      expect(await current.json()).toMatchObject({ user: { email } });
    });
  });

  describe("the security log", () => {
    const eventsSince = (start: number) => site.app.securityEvents.slice(start);

    it("records API sign-up, sign-in, sign-out and password change once each, without secrets", async () => {
      const start = site.app.securityEvents.length;
      const email = `logged-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const password = "the log must never see this";
      const address = fresh();
      const signedUp = await postJson(
        site.app,
        "/api/auth/sign-up/email",
        { name: "Logged", email, password },
        address,
      );
      expect(signedUp.status).toBe(200);
      const cookie = cookieHeader(signedUp);
      const id = await userId(email);
      const token = await tokenFor(email, cookie);
      await signIn(email, "a wrong password here", address);
      const changed = await postJson(
        site.app,
        "/api/auth/change-password",
        { currentPassword: password, newPassword: "a new secret passphrase" },
        { cookie, ...address },
      );
      await postJson(
        site.app,
        "/api/auth/sign-out",
        {},
        { cookie: cookieHeader(changed), ...address },
      );

      const events = eventsSince(start);
      const where = { address: address["x-forwarded-for"] };
      expect(events).toEqual([
        expect.objectContaining({
          event: "sign-up",
          outcome: "success",
          userId: id,
          email,
          route: "POST /api/auth/sign-up/email",
          ...where,
        }),
        expect.objectContaining({
          event: "sign-in",
          outcome: "failure",
          userId: id,
          email,
          route: "POST /api/auth/sign-in/email",
          ...where,
        }),
        expect.objectContaining({
          event: "password-change",
          outcome: "success",
          userId: id,
          route: "POST /api/auth/change-password",
          ...where,
        }),
        expect.objectContaining({
          event: "sign-out",
          outcome: "success",
          userId: id,
          route: "POST /api/auth/sign-out",
          ...where,
        }),
      ]);
      const written = JSON.stringify(events);
      for (const secret of [password, "a new secret passphrase", "a wrong password here", token]) {
        expect(written).not.toContain(secret);
      }
    });

    it("records the form paths once each, with the page's route", async () => {
      const start = site.app.securityEvents.length;
      const email = `form-${crypto.randomUUID().slice(0, 8)}@example.com`;
      const password = "a form passphrase nobody logs";
      const address = fresh();
      const registered = await postForm(
        site.app,
        "/register",
        { name: "Form User", email, password },
        address,
      );
      expect(registered.status).toBe(302);
      const id = await userId(email);
      await postForm(site.app, "/login", { email, password: "not the password" }, address);
      const signedIn = await postForm(site.app, "/login", { email, password }, address);
      await postForm(site.app, "/logout", {}, { cookie: cookieHeader(signedIn), ...address });
      const token = await resetToken(email);
      await postForm(
        site.app,
        "/reset-password",
        { token, password: "a reset passphrase for the form" },
        address,
      );

      const where = { address: address["x-forwarded-for"], userId: id };
      expect(eventsSince(start)).toEqual([
        expect.objectContaining({
          event: "sign-up",
          outcome: "success",
          route: "POST /register",
          ...where,
        }),
        expect.objectContaining({
          event: "sign-in",
          outcome: "failure",
          email,
          route: "POST /login",
          ...where,
        }),
        expect.objectContaining({
          event: "sign-in",
          outcome: "success",
          route: "POST /login",
          ...where,
        }),
        expect.objectContaining({
          event: "sign-out",
          outcome: "success",
          route: "POST /logout",
          ...where,
        }),
        expect.objectContaining({
          event: "password-reset",
          outcome: "success",
          route: "POST /reset-password",
          ...where,
        }),
      ]);
      const written = JSON.stringify(eventsSince(start));
      for (const secret of [password, "not the password", "a reset passphrase", token]) {
        expect(written).not.toContain(secret);
      }
    });

    it("records profile updates, rate-limit hits and refused API access", async () => {
      const { email, cookie } = await signUp(site.app);
      const id = await userId(email);
      const start = site.app.securityEvents.length;
      const address = fresh();
      await postJson(
        site.app,
        "/api/auth/update-user",
        { name: "New Name" },
        { cookie, ...address },
      );
      // Sign-ups refused by the password policy still count against the address: no hashing.
      for (let attempt = 0; attempt <= rateLimits.signUp.limit; attempt++) {
        const body = { name: "Spam", email: `spam-${attempt}@example.com`, password: "password" };
        await postJson(site.app, "/api/auth/sign-up/email", body, address);
      }
      await site.app.request("/api/me", { headers: address });
      const token = await tokenFor(email, cookie);
      await site.app.request("/api/my-reviews?email=someone-else@example.com", {
        headers: { authorization: `Bearer ${token}`, ...address },
      });
      const events = eventsSince(start);
      const where = { address: address["x-forwarded-for"] };
      expect(events).toContainEqual(
        expect.objectContaining({
          event: "profile-update",
          outcome: "success",
          userId: id,
          route: "POST /api/auth/update-user",
          ...where,
        }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({
          event: "sign-up",
          outcome: "failure",
          reason: "policy",
          email: "spam-0@example.com",
          status: 400,
          ...where,
        }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({
          event: "rate-limited",
          outcome: "refused",
          status: 429,
          reason: "sign-up:address",
          route: "POST /api/auth/sign-up/email",
          ...where,
        }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({
          event: "access-refused",
          status: 401,
          route: "GET /api/me",
          ...where,
        }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({
          event: "access-refused",
          status: 403,
          userId: id,
          route: "GET /api/my-reviews",
          ...where,
        }),
      );
      expect(JSON.stringify(events)).not.toContain(token);
    });
  });
});
