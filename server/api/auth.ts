import { type Context, Hono } from "hono";
import type { Auth } from "../auth/index.ts";
import { authRequestHeaders } from "../auth/request-headers.ts";

/**
 * `/api/auth/*`: Better Auth's own endpoints (sign-up, sign-in, Google, reset, sessions). Their
 * rate limits, policy and security log live in Better Auth's hooks (auth/account-rules.ts),
 * which the page actions go through as well.
 */
export function authApi({ auth, addressOf }: { auth: Auth; addressOf: (c: Context) => string }) {
  const api = new Hono();
  api.on(["GET", "POST"], "/*", (c) => {
    // Better Auth learns the client's address and route only from these headers, set here.
    const headers = authRequestHeaders(c.req.raw.headers, {
      address: addressOf(c),
      method: c.req.method,
      path: c.req.path,
    });
    return auth.handler(new Request(c.req.raw, { headers }));
  });
  return api;
}
