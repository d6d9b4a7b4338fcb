import { type Context, Hono } from "hono";
import { hitRateLimit, type RateLimitRule, rateLimits } from "../core/rate-limit.ts";
import type { DB } from "../db/index.ts";
import { type Auth, CLIENT_ADDRESS_HEADER } from "./auth/index.ts";
import { logAuthEvent } from "./auth/log.ts";

/** Better Auth's endpoints that guess or spend secrets, and the limit each shares with its form. */
const limitedAuthEndpoints: Record<string, { rule: RateLimitRule; bucket: string }> = {
  "/api/auth/sign-in/email": { rule: rateLimits.signIn, bucket: "sign-in" },
  "/api/auth/sign-up/email": { rule: rateLimits.signUp, bucket: "sign-up" },
  "/api/auth/reset-password": { rule: rateLimits.passwordReset, bucket: "password-reset" },
};

/** `/api/auth/*`: Better Auth's own endpoints (sign-up, sign-in, Google, reset, sessions). */
export function authApi({
  db,
  auth,
  addressOf,
}: {
  db: DB;
  auth: Auth;
  addressOf: (c: Context) => string;
}) {
  const api = new Hono();
  api.on(["GET", "POST"], "/*", async (c) => {
    const address = addressOf(c);
    const limited = c.req.method === "POST" ? limitedAuthEndpoints[c.req.path] : undefined;
    if (limited) {
      const verdict = await hitRateLimit(db, `${limited.bucket}:${address}`, limited.rule);
      if (!verdict.allowed) {
        logAuthEvent(
          limited.bucket === "sign-in"
            ? "sign-in"
            : limited.bucket === "sign-up"
              ? "sign-up"
              : "password-reset-request",
          "rate-limited",
          { address },
        );
        c.header("Retry-After", String(verdict.retryAfterSeconds));
        return c.json({ message: "Too many attempts. Please wait and try again." }, 429);
      }
    }
    // Better Auth learns the client's address only from this header, set here and nowhere else.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_ADDRESS_HEADER, address);
    const request = new Request(c.req.raw, { headers });
    const response = await auth.handler(request);
    if (c.req.path === "/api/auth/sign-in/email") {
      logAuthEvent("sign-in", response.ok ? "success" : "failure", { address });
    }
    return response;
  });
  return api;
}
