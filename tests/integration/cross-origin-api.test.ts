import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ORIGIN, signUp } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertService } from "../support/fixtures.ts";
import { testSiteOn } from "../support/test-app.ts";
import { totpCode } from "../support/totp.ts";
import { turnOnTwoFactor } from "../support/two-factor.ts";

const ALLOWED = "https://app.example";
const SECOND = "http://localhost:5173";
const UNLISTED = "https://evil.example";

const jsonBody = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "content-type": "application/json" },
});

describe.each(engines)("the JSON API from other origins on %s", (engine) => {
  // TRUST_PROXY: each test's sign-ins come from an address of their own (X-Forwarded-For).
  const site = testSiteOn(engine, { CORS_ORIGINS: `${ALLOWED}, ${SECOND}`, TRUST_PROXY: "true" });

  /** A cross-origin call as a browser page on `origin` makes it: never with the site's cookies. */
  let caller = 0;
  const call = (origin: string, path: string, init: RequestInit = {}) =>
    site.app.request(`${ORIGIN}${path}`, {
      ...init,
      headers: {
        origin,
        "x-forwarded-for": `198.51.100.${caller}`,
        ...(init.headers as Record<string, string>),
      },
    });
  beforeEach(() => {
    caller++;
  });
  let courses: string[] = [];
  beforeAll(async () => {
    courses = [
      await insertService(site.database.db, { name: "Writing Task 2" }),
      await insertService(site.database.db, { name: "Speaking Part 3" }),
    ];
  });

  it("answers an allowed origin's preflight with what it may send, and nothing to another", async () => {
    const preflight = (origin: string) =>
      call(origin, "/api/reviews", {
        method: "OPTIONS",
        headers: {
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, content-type",
        },
      });
    const allowed = await preflight(ALLOWED);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    expect(allowed.headers.get("access-control-allow-methods")).toContain("POST");
    expect(allowed.headers.get("access-control-allow-methods")).toContain("DELETE");
    expect(allowed.headers.get("access-control-allow-headers")).toBe(
      "Authorization, Content-Type, If-None-Match",
    );
    expect(Number(allowed.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(allowed.headers.get("vary")).toContain("Origin");
    expect(allowed.headers.get("access-control-allow-credentials")).toBeNull();
    expect((await preflight(SECOND)).headers.get("access-control-allow-origin")).toBe(SECOND);

    const refused = await preflight(UNLISTED);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("access-control-allow-methods")).toBeNull();
  });

  it("marks an allowed origin's answers as readable by it, exposing ETag, Link, Retry-After, X-Request-Id and X-Total-Count", async () => {
    for (let i = 0; i < 3; i++) {
      const answer = await call(ALLOWED, "/api/services");
      expect(answer.status).toBe(200);
      expect(answer.headers.get("access-control-allow-origin")).toBe(ALLOWED);
      expect(answer.headers.get("access-control-expose-headers")).toBe(
        "ETag, Link, Retry-After, X-Request-Id, X-Total-Count",
      );
      expect(answer.headers.get("vary")).toContain("Origin");
      expect(answer.headers.get("access-control-allow-credentials")).toBeNull();
      expect(answer.headers.get("etag")).toBeTruthy();
      // Never a kept answer: those were made for no origin in particular.
      expect(answer.headers.get("x-cache")).toBeNull();
    }
    const unlisted = await call(UNLISTED, "/api/services");
    expect(unlisted.status).toBe(200);
    expect(unlisted.headers.get("access-control-allow-origin")).toBeNull();
    // The same address without an Origin is kept (on PostgreSQL once the site listens for
    // changes), and says it varies by Origin.
    let kept = await site.app.request(`${ORIGIN}/api/services`);
    for (let i = 0; i < 50 && kept.headers.get("x-cache") !== "hit"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      kept = await site.app.request(`${ORIGIN}/api/services`);
    }
    expect(kept.headers.get("x-cache")).toBe("hit");
    expect(kept.headers.get("vary")).toContain("Origin");
    expect(kept.headers.get("access-control-allow-origin")).toBeNull();
    // A refusal is readable too, so the page can show its message.
    const refused = await call(ALLOWED, "/api/my-reviews");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-allow-origin")).toBe(ALLOWED);
  });

  it("signs in from an allowed origin with a token in the body and no cookie; renews it; signs out", async () => {
    const student = await signUp(site.app);
    const signedIn = await call(ALLOWED, "/api/tokens", {
      ...jsonBody({ email: student.email, password: student.password }),
      headers: { "content-type": "application/json" },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie()).toEqual([]);
    expect(signedIn.headers.get("access-control-allow-origin")).toBe(ALLOWED);
    const { token, expiresAt, user } = (await signedIn.json()) as {
      token: string;
      expiresAt: string;
      user: { email: string };
    };
    expect(token).toMatch(/^ih_/);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    expect(user.email).toBe(student.email);
    const bearer = (value: string) => ({ authorization: `Bearer ${value}` });

    const serviceId = courses[0];
    const posted = await call(ALLOWED, "/api/reviews", {
      method: "POST",
      body: JSON.stringify({
        serviceId,
        userMessage: "Posted from the app on another origin: clear lessons and honest feedback.",
        rating: 5,
      }),
      headers: { "content-type": "application/json", ...bearer(token) },
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    const mine = await call(ALLOWED, "/api/my-reviews", { headers: bearer(token) });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(await mine.json())).toContain("Posted from the app on another origin");

    const renewed = await call(ALLOWED, "/api/tokens/renew", {
      method: "POST",
      headers: bearer(token),
    });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as { token: string }).token;
    expect(fresh).not.toBe(token);
    expect((await call(ALLOWED, "/api/me", { headers: bearer(token) })).status).toBe(401);
    expect((await call(ALLOWED, "/api/me", { headers: bearer(fresh) })).status).toBe(200);

    const signedOut = await call(ALLOWED, "/api/tokens/current", {
      method: "DELETE",
      headers: bearer(fresh),
    });
    expect(signedOut.status).toBe(204);
    expect((await call(ALLOWED, "/api/me", { headers: bearer(fresh) })).status).toBe(401);
    expect(
      (await call(ALLOWED, "/api/tokens/renew", { method: "POST", headers: bearer(fresh) })).status,
    ).toBe(401);
    const events = site.app.securityEvents.filter((event) => event.route?.includes("/api/tokens"));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: "sign-in", outcome: "success" }),
        expect.objectContaining({ event: "sign-out", outcome: "success" }),
      ]),
    );
  });

  it("refuses a wrong password as the form does: logged, then limited with Retry-After", async () => {
    const student = await signUp(site.app);
    const wrong = () =>
      call(SECOND, "/api/tokens", {
        ...jsonBody({ email: student.email, password: "not the password at all" }),
        headers: { "content-type": "application/json" },
      });
    const first = await wrong();
    expect(first.status).toBe(401);
    expect(await first.json()).toEqual({ message: expect.any(String) });
    expect(site.app.securityEvents.at(-1)).toMatchObject({
      event: "sign-in",
      outcome: "failure",
      route: "POST /api/tokens",
    });
    let last = first;
    for (let attempt = 0; attempt < 15 && last.status !== 429; attempt++) last = await wrong();
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.headers.get("access-control-allow-origin")).toBe(SECOND);
  });

  it("asks for the second step when two-factor sign-in is on, and signs in with its code", async () => {
    const student = await turnOnTwoFactor(site.app);
    const first = await call(ALLOWED, "/api/tokens", {
      ...jsonBody({ email: student.email, password: student.password }),
      headers: { "content-type": "application/json" },
    });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie()).toEqual([]);
    const { twoFactorRequired, challenge } = (await first.json()) as {
      twoFactorRequired: boolean;
      challenge: string;
    };
    expect(twoFactorRequired).toBe(true);
    const second = (body: unknown) =>
      call(ALLOWED, "/api/tokens/two-factor", {
        ...jsonBody(body),
        headers: { "content-type": "application/json" },
      });
    expect((await second({ challenge: "bm90LWEtY2hhbGxlbmdl", code: "123456" })).status).toBe(400);
    const wrongCode = await second({ challenge, code: "000000" });
    expect(wrongCode.status).toBe(401);
    const done = await second({ challenge, code: totpCode(student.key) });
    expect(done.status).toBe(200);
    expect(done.headers.getSetCookie()).toEqual([]);
    const { token } = (await done.json()) as { token: string };
    expect(
      (await call(ALLOWED, "/api/me", { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  });

  it("keeps the cross-site rule for cookies: an allowed origin's request with the site's cookie is refused", async () => {
    const student = await signUp(site.app);
    const forged = await call(ALLOWED, "/api/reviews", {
      method: "POST",
      body: JSON.stringify({ serviceId: courses[1], userMessage: "x", rating: 1 }),
      headers: { "content-type": "application/json", cookie: student.cookie },
    });
    expect(forged.status).toBe(403);
    // And a sign-in from an unlisted origin is refused as any cross-site write is.
    const unlisted = await call(UNLISTED, "/api/tokens", {
      ...jsonBody({ email: student.email, password: student.password }),
      headers: { "content-type": "application/json" },
    });
    expect(unlisted.status).toBe(403);
  });

  it("refuses bad bodies with a message and changes nothing", async () => {
    for (const body of [{}, { email: "a@example.com" }, { email: 5, password: [] }, "[]"]) {
      const answer = await call(ALLOWED, "/api/tokens", {
        method: "POST",
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe("CORS_ORIGINS", () => {
  it("takes exact origins only", async () => {
    const { loadConfig } = await import("../../server/config.ts");
    expect([
      ...loadConfig({ CORS_ORIGINS: "https://a.example, http://localhost:5173" }).corsOrigins,
    ]).toEqual(["https://a.example", "http://localhost:5173"]);
    for (const bad of [
      "*",
      "https://*.example",
      "https://a.example/",
      "https://a.example/app",
      "ftp://a.example",
      "a.example",
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
    expect(loadConfig({}).corsOrigins.size).toBe(0);
  });
});
