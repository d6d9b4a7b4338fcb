import { data } from "react-router";
import type { SignedInUser } from "../../core/accounts/signed-in-user.ts";
import type { ServiceRefusal } from "../../core/catalogue/services.server.ts";
import type { WriteLimited, Writer } from "../../core/limits/rate-limit.server.ts";
import type { ReviewRefusal } from "../../core/reviews/reviews.server.ts";
import { type AppContext, appContext } from "../context.server.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

const routeOf = (request: Request) => `${request.method} ${new URL(request.url).pathname}`;

/** The signed-in user writing from this request's address, for the write limits. */
export function writerFor(context: ContextProvider, user: SignedInUser): Writer {
  return { userId: user.id, isOwner: user.isOwner, address: context.get(appContext).clientAddress };
}

/**
 * A write refused by a limit: logged, and answered 429 with `Retry-After` and the limit's message
 * for the page to show (nothing was written).
 */
export function writeLimited(
  request: Request,
  context: ContextProvider,
  userId: string | undefined,
  refusal: WriteLimited,
) {
  const { securityLog, clientAddress } = context.get(appContext);
  securityLog({
    event: "rate-limited",
    outcome: "refused",
    address: clientAddress,
    userId,
    route: routeOf(request),
    reason: refusal.limit,
    status: 429,
  });
  const flash = { type: "error", message: refusal.message } as const;
  return data(
    { fieldErrors: {} as Record<string, string>, values: {} as Record<string, string>, flash },
    { status: 429, headers: { "Retry-After": String(refusal.retryAfterSeconds) } },
  );
}

/**
 * Someone else's review or course, or a missing one: logged with which it was, and answered with
 * the 404 page either way, so ids cannot be probed. Throw what it returns.
 */
export function notYours(
  request: Request,
  context: ContextProvider,
  userId: string,
  reason: ReviewRefusal["reason"] | ServiceRefusal["reason"],
) {
  const { securityLog, clientAddress } = context.get(appContext);
  securityLog({
    event: "access-refused",
    outcome: "refused",
    address: clientAddress,
    userId,
    route: routeOf(request),
    reason,
    status: 404,
  });
  return data(null, { status: 404 });
}

/**
 * A route's `headers`: React Router passes an action's cookies on by itself but nothing else, so
 * a refused write's `Retry-After` needs this to reach the client.
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}
