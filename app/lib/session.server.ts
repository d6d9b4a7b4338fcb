import { data, redirect } from "react-router";
import type { SignedInUser } from "../../core/accounts/signed-in-user.ts";
import { type AppContext, appContext } from "../context.server.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/**
 * The signed-in user, from the session cookie only, read once by the server for the whole request
 * (server/auth/session-reader.ts). `headers` carries a renewed session cookie for the response.
 */
export function getSessionUser(context: ContextProvider) {
  return context.get(appContext).session;
}

/** For protected pages: the user, or a redirect to /login that remembers where they were going. */
export function requireUser(request: Request, context: ContextProvider): SignedInUser {
  const { user } = getSessionUser(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

/** For pages about the signed-in device itself: the user and this session's id, or as requireUser. */
export function requireUserSession(
  request: Request,
  context: ContextProvider,
): { user: SignedInUser; sessionId: string } {
  const user = requireUser(request, context);
  // The same lookup as requireUser's (read once per request): a user has a session.
  const { sessionId } = getSessionUser(context);
  return { user, sessionId: sessionId as string };
}

/**
 * For the owner's pages: the owner, or 404 for anyone else, signed in or not, so that the pages
 * do not even show they exist. An owner without two-factor sign-in is sent to turn it on first
 * (decision 0032).
 */
export function requireOwner(context: ContextProvider): SignedInUser {
  const { user } = getSessionUser(context);
  if (user?.isOwner) return user;
  if (user?.ownerNeedsSecondFactor) throw redirect("/account/two-factor");
  throw data(null, { status: 404 });
}

/** The Set-Cookie headers of a Better Auth response, to pass on to the browser. */
export function cookiesFrom(source: Headers | Response): Headers {
  const headers = new Headers();
  const from = source instanceof Response ? source.headers : source;
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}
