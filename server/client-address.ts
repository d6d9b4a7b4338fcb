import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * Who is asking, for rate limits and logs: the socket's address, or with TRUST_PROXY the
 * address the proxy appended last to X-Forwarded-For (entries before it are the client's own
 * claims and prove nothing).
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req
      .header("x-forwarded-for")
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const last = forwarded?.at(-1);
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // In-process requests (tests calling app.request) have no socket.
    return "in-process";
  }
}
