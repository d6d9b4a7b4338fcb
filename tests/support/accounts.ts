import type { DB } from "../../db/index.ts";
import type { createTestApp } from "./test-app.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

export const ORIGIN = "http://localhost:3000";

/** A form post as a browser on our own page sends it. */
export function postForm(
  app: App,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, ...headers },
    redirect: "manual",
  });
}

export function postJson(
  app: App,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return app.request(`${ORIGIN}${path}`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
  });
}

/** The Cookie header a browser would send back after receiving these headers. */
export function cookieHeader(source: Response | Headers): string {
  const headers = source instanceof Response ? source.headers : source;
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

let counter = 0;
/**
 * A registered, signed-in user, made through Better Auth directly (no form, no rate limit): the
 * tests' shortcut instead of filling in the form each time. Returns the session cookie.
 */
export async function signUp(
  app: App,
  overrides: { email?: string; password?: string; name?: string } = {},
) {
  counter++;
  const email =
    overrides.email ?? `student${counter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? "a long and unusual passphrase";
  const { headers } = await app.auth.api.signUpEmail({
    body: { name: overrides.name ?? `Student ${counter}`, email, password },
    returnHeaders: true,
  });
  return { email, password, cookie: cookieHeader(headers) };
}

/**
 * A signed-up student with what API tests need: their user id and a bearer token from
 * `POST /api/jwt`, as an API client gets one.
 */
export async function signUpWithToken(app: App, db: DB, overrides: { name?: string } = {}) {
  const user = await signUp(app, overrides);
  const response = await postJson(app, "/api/jwt", { email: user.email }, { cookie: user.cookie });
  const { token } = (await response.json()) as { token: string };
  const { id } = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", user.email)
    .executeTakeFirstOrThrow();
  return { ...user, id, token };
}
