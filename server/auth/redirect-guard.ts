import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { sameSitePath } from "../../core/redirect-target.ts";

/** Every parameter through which a Better Auth endpoint is told where to send the browser. */
const REDIRECT_PARAMETERS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

function withSafeTargets(parameters: unknown, origin: string): Record<string, unknown> | undefined {
  if (typeof parameters !== "object" || parameters === null || Array.isArray(parameters)) {
    return undefined;
  }
  const given = parameters as Record<string, unknown>;
  const replaced: Record<string, unknown> = {};
  for (const name of REDIRECT_PARAMETERS) {
    // Anything but text is left for Better Auth's own validation to refuse.
    if (typeof given[name] !== "string") continue;
    replaced[name] = sameSitePath(given[name], { origin }) ?? "/";
  }
  return Object.keys(replaced).length > 0 ? { ...given, ...replaced } : undefined;
}

/**
 * Better Auth redirects to `callbackURL` and its kin (verify-email, reset-password/:token, the
 * OAuth callback through the state saved at sign-in/social, …) after checking them against the
 * trusted origins only on the raw text, so `/..//evil.example` passes and a browser lands on
 * another site. Before any endpoint sees them, each is replaced by the normalised same-site path
 * it stands for (core/redirect-target.ts), or by the home page when it leads anywhere else.
 */
export function redirectGuard(origin: string): BetterAuthPlugin {
  return {
    id: "redirect-guard",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const query = withSafeTargets(ctx.query, origin);
            const body = withSafeTargets(ctx.body, origin);
            if (!query && !body) return;
            return { context: { ...(query && { query }), ...(body && { body }) } };
          }),
        },
      ],
    },
  };
}
