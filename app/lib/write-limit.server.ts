import { data } from "react-router";
import { hitRateLimit, rateLimits } from "../../core/rate-limit.ts";
import { type AppContext, appContext } from "../context.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/**
 * Counts one write (a review or service posted, changed or deleted) for the client's address.
 * Over the limit it gives the 429 answer for the action to return (nothing is written), which
 * the page shows as a message; otherwise null.
 */
export async function writeLimitExceeded(context: ContextProvider) {
  const { db, clientAddress } = context.get(appContext);
  const verdict = await hitRateLimit(db, `write:${clientAddress}`, rateLimits.write);
  if (verdict.allowed) return null;
  const flash = {
    type: "error",
    message: "Too many changes in a short time. Please wait a few minutes.",
  } as const;
  return data(
    { fieldErrors: {} as Record<string, string>, values: {} as Record<string, string>, flash },
    { status: 429, headers: { "Retry-After": String(verdict.retryAfterSeconds) } },
  );
}
