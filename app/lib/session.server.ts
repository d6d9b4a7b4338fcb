import { data, redirect } from "react-router";
import { signedInUser } from "../../core/owners.server.ts";
import type { SignedInUser } from "../../core/signed-in-user.ts";
import { type AppContext, appContext } from "../context.server.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/**
 * The signed-in user, from the session cookie only. Better Auth may renew the session while
 * reading it; `headers` carries the renewed cookie for the response. (Sessions past their
 * absolute lifetime were already ended by the server: server/auth/absolute-lifetime.ts.)
 */
export function getSessionUser(request: Request, context: ContextProvider) {
  // The root loader and the page's loader both ask, in parallel: one lookup serves both.
  let lookup = lookups.get(context);
  if (!lookup) {
    lookup = lookUpSession(request, context);
    lookups.set(context, lookup);
  }
  return lookup;
}

const lookups = new WeakMap<ContextProvider, ReturnType<typeof lookUpSession>>();

async function lookUpSession(request: Request, context: ContextProvider) {
  const { auth, db } = context.get(appContext);
  const { headers, response } = await auth.api.getSession({
    headers: request.headers,
    returnHeaders: true,
  });
  if (!response) return { user: null, sessionId: null, emailVerified: false, headers };
  return {
    user: await signedInUser(db, response.user),
    sessionId: response.session.id,
    emailVerified: response.user.emailVerified,
    headers,
  };
}

/** For protected pages: the user, or a redirect to /login that remembers where they were going. */
export async function requireUser(
  request: Request,
  context: ContextProvider,
): Promise<SignedInUser> {
  const { user } = await getSessionUser(request, context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
}

/** For pages about the signed-in device itself: the user and this session's id, or as requireUser. */
export async function requireUserSession(
  request: Request,
  context: ContextProvider,
): Promise<{ user: SignedInUser; sessionId: string }> {
  const user = await requireUser(request, context);
  // The same lookup as requireUser's (getSessionUser keeps it per request): a user has a session.
  const { sessionId } = await getSessionUser(request, context);
  return { user, sessionId: sessionId as string };
}

/**
 * For the owner's pages: the owner, or 404 for anyone else, signed in or not, so that the pages
 * do not even show they exist. An owner without two-factor sign-in is sent to turn it on first
 * (decision 0032).
 */
export async function requireOwner(
  request: Request,
  context: ContextProvider,
): Promise<SignedInUser> {
  const { user } = await getSessionUser(request, context);
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
