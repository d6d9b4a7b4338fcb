/**
 * deploy/nginx/ielts-hub.conf, run by Debian's nginx with a self-signed certificate in front of
 * the built site in production mode (TRUST_PROXY=true), as a browser reaches it: over HTTPS only,
 * with Secure cookies, the visitor's own address in the security log, X-Request-Id through.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  makeCertificate,
  type Nginx,
  type SiteProcess,
  securityLines,
  siteFileFromRecipe,
  startNginx,
  startSite,
} from "../support/deployment.ts";
import { freePort } from "../support/free-port.ts";

/** The visitor's machine: any 127.x.y.z reaches this one, from an address nginx is not. */
const VISITOR_ADDRESS = "127.0.0.7";

describe("the nginx recipe in front of the site over TLS", () => {
  const folder = mkdtempSync(join(tmpdir(), "ielts-hub-tls-proxy-"));
  let site: SiteProcess | undefined;
  let nginx: Nginx | undefined;
  let httpPort = 0;
  let publicOrigin = "";
  let certificate = "";

  beforeAll(async () => {
    const tls = makeCertificate(folder);
    certificate = tls.pem;
    const [appPort, httpsPort] = [await freePort(), await freePort()];
    httpPort = await freePort();
    publicOrigin = `https://localhost:${httpsPort}`;
    site = await startSite(appPort, {
      NODE_ENV: "production",
      TRUST_PROXY: "true",
      BASE_URL: publicOrigin,
      MAIL_OUTBOX_ONLY: "true",
      AUTH_SECRET: "deployment-test-secret-".padEnd(48, "x"),
      DATABASE_URL: `file:${join(folder, "site.db")}`,
      DATA_DIR: join(folder, "data"),
      SHUTDOWN_GRACE_MS: "0",
    });
    const siteFile = siteFileFromRecipe({
      certificate: tls.certificate,
      key: tls.key,
      httpPort,
      httpsPort,
      appServers: [`127.0.0.1:${appPort}`],
      logDirectory: folder,
    });
    nginx = await startNginx(folder, siteFile, httpsPort);
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await site?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it("redirects plain HTTP to the same address over HTTPS", async () => {
    const visitor = new Client({ localAddress: VISITOR_ADDRESS });
    const answer = await visitor.send(`http://localhost:${httpPort}/services?page=2`);
    visitor.close();
    expect(answer.status).toBe(301);
    // The recipe redirects to the standard port 443; here nginx's HTTPS port is another.
    expect(answer.headers.location).toBe("https://localhost/services?page=2");
  });

  it("registers, signs in, reviews and signs out over HTTPS: Secure cookies, the visitor's address in the log", async () => {
    const visitor = new Client({ localAddress: VISITOR_ADDRESS, ca: certificate });
    const api = (path: string) => `${publicOrigin}${path}`;
    // What a browser on the site's own pages sends with every write.
    const fromOurPages = { origin: publicOrigin };
    const email = `tls-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const password = "a long and unusual passphrase";

    const home = await visitor.send(api("/"));
    expect(home.status).toBe(200);
    expect(home.headers["strict-transport-security"]).toMatch(/max-age=/);

    const registered = await visitor.send(api("/api/auth/sign-up/email"), {
      method: "POST",
      headers: fromOurPages,
      json: { name: "Student Over TLS", email, password },
    });
    expect(registered.status, registered.body).toBe(200);
    expect(visitor.cookies.size).toBeGreaterThan(0);
    expect(
      (
        await visitor.send(api("/api/auth/sign-out"), {
          method: "POST",
          headers: fromOurPages,
          json: {},
        })
      ).status,
    ).toBe(200);
    expect(visitor.cookies.size).toBe(0);

    // The client claims another address; nginx appends the one it saw, which the app believes.
    const signedIn = await visitor.send(api("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { ...fromOurPages, "x-forwarded-for": "198.51.100.23" },
      json: { email, password },
    });
    expect(signedIn.status, signedIn.body).toBe(200);
    const me = await visitor.send(api("/api/me"));
    expect(me.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ email });

    const { services } = JSON.parse((await visitor.send(api("/api/services?size=1"))).body) as {
      services: { _id: string }[];
    };
    const serviceId = services[0]?._id ?? "";
    const text = "Reviewed through nginx over TLS: clear lessons and useful feedback.";
    const reviewed = await visitor.send(api("/api/reviews"), {
      method: "POST",
      headers: fromOurPages,
      json: { serviceId, userMessage: text, rating: 5 },
    });
    expect(reviewed.status, reviewed.body).toBe(201);
    const coursePage = await visitor.send(api(`/services/${serviceId}`));
    expect(coursePage.status).toBe(200);
    expect(coursePage.body).toContain(text);

    const sessionCookie = visitor.cookieHeader();
    const signedOut = await visitor.send(api("/api/auth/sign-out"), {
      method: "POST",
      headers: fromOurPages,
      json: {},
    });
    expect(signedOut.status).toBe(200);
    expect(visitor.cookies.size).toBe(0);
    const afterSignOut = await visitor.send(api("/api/me"), {
      headers: { cookie: sessionCookie },
      withCookies: false,
    });
    expect(afterSignOut.status).toBe(401);
    visitor.close();

    // Every cookie the site set over the proxy is Secure (and __Secure- prefixed, which a
    // browser accepts only over HTTPS).
    expect(visitor.setCookies.length).toBeGreaterThanOrEqual(4);
    for (const cookie of visitor.setCookies) {
      expect(cookie).toMatch(/;\s*Secure(;|$)/i);
      expect(cookie).toMatch(/^__Secure-/);
    }

    // The log's lines come through a pipe: wait for the last one written.
    await expect
      .poll(() => securityLines(site as SiteProcess).filter((line) => line.event === "sign-out"))
      .toHaveLength(2);
    // The log names the account by its id, never by its address (decision 0043).
    const log = securityLines(site as SiteProcess);
    const signIn = log.find((line) => line.event === "sign-in" && line.outcome === "success");
    expect(signIn?.address).toBe(VISITOR_ADDRESS);
    expect(signIn?.userId).toEqual(expect.any(String));
    expect(JSON.stringify(log)).not.toContain(email);
    expect(log.find((line) => line.event === "sign-up")?.address).toBe(VISITOR_ADDRESS);
    const everyAddress = new Set(
      securityLines(site as SiteProcess)
        .map((line) => line.address)
        .filter(Boolean),
    );
    expect(everyAddress).toEqual(new Set([VISITOR_ADDRESS]));
  }, 30_000);

  it("passes a well-formed X-Request-Id through to the site and back, and makes one otherwise", async () => {
    const accessLog = join(folder, "ielts-hub.access.log");
    const linesOf = () => {
      const text = readFileSync(accessLog, "utf8").trimEnd();
      return text === "" ? [] : text.split("\n");
    };
    const linesBefore = linesOf().length;
    const visitor = new Client({ localAddress: VISITOR_ADDRESS, ca: certificate });
    const given = await visitor.send(`${publicOrigin}/services`, {
      headers: { "x-request-id": "test-abc.123" },
    });
    const made = await visitor.send(`${publicOrigin}/api/services`);
    const malformed = await visitor.send(`${publicOrigin}/api/services`, {
      headers: { "x-request-id": "not a good id!" },
    });
    visitor.close();
    // What nginx passed on, as its access log (the recipe's format) says. nginx may write a
    // request's line just after its answer has reached the client: wait for all three.
    for (let tries = 0; linesOf().length < linesBefore + 3 && tries < 50; tries++) await delay(40);
    const logged = linesOf()
      .slice(linesBefore, linesBefore + 3)
      .map((line) => line.match(/request_id=(\S+)$/)?.[1]);
    expect(logged[0]).toBe("test-abc.123");
    // nginx's $request_id (16 random bytes in hexadecimal) for none, and for a malformed one.
    expect(logged[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(logged[2]).toMatch(/^[0-9a-f]{32}$/);
    expect(logged[2]).not.toBe(logged[1]);

    // The site answers with the id it was given (what the other branch adds).
    expect(given.headers["x-request-id"]).toBe("test-abc.123");
    expect(made.headers["x-request-id"]).toBe(logged[1]);
    expect(malformed.headers["x-request-id"]).toBe(logged[2]);
  });
});
