import { createAuthMiddleware } from "better-auth/api";

/** What a Better Auth hook sees: the endpoint's path, body, headers and Better Auth's context. */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Runs before a Better Auth endpoint, for the JSON API (/api/auth/*) and `auth.api.*` calls from
 * page actions alike. Throw an `APIError` to refuse; return `body` to change fields of the body.
 */
export type BeforeHook = (
  ctx: HookContext,
) => Promise<{ body?: Record<string, unknown> } | undefined>;

/** Runs after a Better Auth endpoint answered (`ctx.context.returned`: its answer or APIError). */
export type AfterHook = (ctx: HookContext) => Promise<void>;

/**
 * Better Auth takes one `before` and one `after` hook; these run ours in the order given, so
 * each concern (account rules, redirect targets, …) stays in a module of its own. A hook that
 * throws stops the ones after it and the endpoint.
 */
export function composeHooks({ before, after }: { before: BeforeHook[]; after: AfterHook[] }) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      let body: Record<string, unknown> | undefined;
      for (const hook of before) {
        const change = await hook(ctx);
        if (change?.body) {
          body = { ...(body ?? {}), ...change.body };
          // Later hooks see the body as the endpoint will.
          ctx.body = { ...ctx.body, ...change.body };
        }
      }
      return body ? { context: { body } } : undefined;
    }),
    after: createAuthMiddleware(async (ctx) => {
      for (const hook of after) await hook(ctx);
    }),
  };
}
