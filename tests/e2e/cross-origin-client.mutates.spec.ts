import { createServer, type Server } from "node:http";
import { expect, type Page, test } from "@playwright/test";
import { baseURL, clientOriginPort, unlistedOriginPort } from "../../playwright.config.ts";
import { PASSWORD, signUpDirectly } from "./support/accounts.ts";

/**
 * A client on another origin, as the original 2022 single-page client or a teacher's own page
 * would be: it calls the site's API with fetch, and holds a bearer token, never the site's
 * cookies. Playwright's own test (not ./support/test.ts): that one sends every request with an
 * X-Forwarded-For header, which a browser's page cannot add to a cross-origin call unasked.
 */
const CLIENT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another origin's IELTS client</title></head>
<body><main><h1>Another origin's IELTS client</h1></main>
<script>
const api = ${JSON.stringify(baseURL)};
let token;
const json = { "content-type": "application/json" };
async function call(path, init = {}) {
  try {
    const response = await fetch(api + path, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, requestId: response.headers.get("x-request-id") };
  } catch (error) {
    return { error: String(error) };
  }
}
window.client = {
  async signIn(email, password) {
    const answer = await call("/api/tokens", { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
    token = answer.body && answer.body.token;
    return answer;
  },
  myReviews: () => call("/api/my-reviews", { headers: { authorization: "Bearer " + token } }),
  post: (serviceId, userMessage) =>
    call("/api/reviews", { method: "POST", headers: { ...json, authorization: "Bearer " + token }, body: JSON.stringify({ serviceId, userMessage, rating: 5 }) }),
  signOut: () => call("/api/tokens/current", { method: "DELETE", headers: { authorization: "Bearer " + token } }),
};
</script></body></html>`;

function serveClientPage(port: number): Promise<Server> {
  const server = createServer((_, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(CLIENT_PAGE);
  });
  return new Promise((resolve) => server.listen(port, "localhost", () => resolve(server)));
}

type Answer = { status?: number; body?: unknown; requestId?: string | null; error?: string };
const client = (page: Page, method: string, ...args: string[]) =>
  page.evaluate(
    ([name, ...rest]) =>
      (
        window as unknown as { client: Record<string, (...a: string[]) => Promise<unknown>> }
      ).client[name as string]?.(...(rest as string[])),
    [method, ...args],
  ) as Promise<Answer>;

// One worker serves both client pages on their fixed ports.
test.describe.configure({ mode: "serial" });

let listed: Server;
let unlisted: Server;
test.beforeAll(async () => {
  listed = await serveClientPage(clientOriginPort);
  unlisted = await serveClientPage(unlistedOriginPort);
});
test.afterAll(() => {
  listed.close();
  unlisted.close();
});

test("a page on an origin in CORS_ORIGINS signs in, lists and posts reviews, and signs out through the API", async ({
  page,
  browser,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // The account, made on the site itself in another browser context.
  const site = await browser.newContext({ baseURL });
  const { email } = await signUpDirectly(await site.newPage());
  const courses = (await (await site.request.get("/api/services?size=1")).json()) as {
    services: { _id: string }[];
  };
  await site.close();
  const courseId = courses.services[0]?._id ?? "";

  await page.goto(`http://localhost:${clientOriginPort}/`);
  const signedIn = await client(page, "signIn", email, PASSWORD);
  expect(signedIn.status).toBe(200);
  expect(signedIn.requestId).toBeTruthy();
  expect(await page.context().cookies(baseURL)).toEqual([]);

  expect(await client(page, "myReviews")).toMatchObject({ status: 200, body: [] });
  const text = "Written from another origin: the mock tests matched the real exam well.";
  expect((await client(page, "post", courseId, text)).status).toBe(201);
  const mine = await client(page, "myReviews");
  expect(mine.status).toBe(200);
  expect(JSON.stringify(mine.body)).toContain(text);

  expect((await client(page, "signOut")).status).toBe(204);
  expect((await client(page, "myReviews")).status).toBe(401);
  // The 401 after signing out is the one error the browser reports.
  expect(errors.filter((error) => !error.includes("401"))).toEqual([]);
});

test("the same page on an origin not in CORS_ORIGINS is blocked by the browser", async ({
  page,
}) => {
  await page.goto(`http://localhost:${unlistedOriginPort}/`);
  const refused = await client(page, "signIn", "anyone@example.com", PASSWORD);
  expect(refused.status).toBeUndefined();
  expect(refused.error).toMatch(/Failed to fetch/);
});
