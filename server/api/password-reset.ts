import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { passwordResetRequestSchema } from "../../core/accounts/accounts.server.ts";
import {
  RESET_PASSWORD_PAGE,
  requestPasswordReset,
} from "../../core/accounts/password-reset-request.server.ts";
import type { DB } from "../../db/index.ts";
import type { SecurityLog } from "../security-log.ts";
import type { Operation } from "./operations.ts";
import { messageSchema } from "./schemas.ts";

/**
 * The body, as core's use case reads it: the address by the login form's own schema, and
 * `redirectTo`, a path on this site (anything else becomes the default page).
 */
export const passwordResetBodySchema = passwordResetRequestSchema.extend({
  redirectTo: z
    .string()
    .optional()
    .meta({
      description: `The page the mailed link opens, on this site (default ${RESET_PASSWORD_PAGE}).`,
    }),
});

/** Better Auth's own answer to this call, kept so that its clients see no difference. */
const ANSWER = {
  status: true,
  message: "If this email exists in our system, check your email for the reset link",
};
const ROUTE = "POST /api/auth/request-password-reset";

/** The route below, for the OpenAPI document (server/api/openapi.ts). */
export const passwordResetOperations = {
  request: {
    method: "POST",
    path: "/api/auth/request-password-reset",
    operationId: "requestPasswordReset",
    tag: "Sign-in",
    summary: "Mail a link to choose a new password",
    description:
      "The same answer whether or not an account has the address; the mail leaves shortly after. 5 an hour per client address, counted with the login form's requests and the resets.",
    access: "anyone",
    body: {
      schema: passwordResetBodySchema,
      example: { email: "amina@example.com", redirectTo: RESET_PASSWORD_PAGE },
    },
    responses: {
      200: {
        description: "Queued, if the address has an account.",
        body: z.object({ status: z.literal(true), message: z.string() }),
        example: ANSWER,
      },
      400: {
        description: "No JSON body, or no valid e-mail address.",
        body: messageSchema,
        example: { message: "Please enter a valid e-mail address." },
      },
      413: { description: "The body is over 4 KB.", body: messageSchema },
      429: {
        description: "Over the limit: nothing was sent.",
        body: messageSchema,
        headers: ["Retry-After"],
      },
    },
  },
} satisfies Record<string, Operation>;

/**
 * `POST /api/auth/request-password-reset {email, redirectTo?}` (mounted at /api/auth in front of
 * Better Auth), answered here instead of by
 * Better Auth so that it does the same work as the login page's form whatever the address
 * (core/accounts/password-reset-request.server.ts); the mail worker asks Better Auth for the link afterwards.
 */
export function passwordResetRequestApi({
  db,
  addressOf,
  securityLog,
  wakeMailWorker,
}: {
  db: DB;
  addressOf: (c: Context) => string;
  securityLog: SecurityLog;
  wakeMailWorker: () => void;
}) {
  const limitBody = bodyLimit({
    maxSize: 4 * 1024,
    onError: (c) => c.json({ message: "The request body is larger than 4 KB." }, 413),
  });
  const api = new Hono();
  api.post("/request-password-reset", limitBody, async (c) => {
    const address = addressOf(c);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ message: 'Send a JSON body such as {"email": "you@example.com"}.' }, 400);
    }
    const fields = (typeof body === "object" && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const result = await requestPasswordReset(
      db,
      { email: fields.email, redirectTo: fields.redirectTo },
      { clientAddress: address },
    );
    if (result.outcome === "invalid") return c.json({ message: result.message }, 400);
    if (result.outcome === "rate-limited") {
      securityLog({
        event: "rate-limited",
        outcome: "refused",
        address,
        email: result.email,
        route: ROUTE,
        reason: "password-reset",
        status: 429,
      });
      c.header("Retry-After", String(result.retryAfterSeconds));
      return c.json({ message: "Too many attempts. Please wait and try again." }, 429);
    }
    wakeMailWorker();
    securityLog({
      event: "password-reset-request",
      outcome: "success",
      address,
      email: result.email,
      route: ROUTE,
      status: 200,
    });
    return c.json(ANSWER);
  });
  return api;
}
