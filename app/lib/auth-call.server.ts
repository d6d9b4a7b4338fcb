import { isAPIError } from "better-auth/api";
import { authRequestHeaders } from "../../server/auth/request-headers.ts";

/**
 * The headers a page action gives `auth.api.*`: the browser's (cookies), plus the client's
 * address and the page's route, so Better Auth's hooks limit and log the form path exactly as
 * they do the JSON API.
 */
export function authHeadersFor(request: Request, clientAddress: string): Headers {
  return authRequestHeaders(request.headers, {
    address: clientAddress,
    method: request.method,
    path: pagePath(new URL(request.url).pathname),
  });
}

/** The page a request is for: with JavaScript, React Router posts `/login` to `/login.data`. */
function pagePath(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/**
 * Better Auth's answer as a Response, also when one of its hooks refused the call: a hook's
 * refusal (429, 400) is thrown even when the caller asked for a Response.
 */
export async function authResponse(call: Promise<Response>): Promise<Response> {
  try {
    return await call;
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return Response.json(error.body ?? { message: error.message }, {
      status: error.statusCode,
      headers: error.headers as HeadersInit,
    });
  }
}

/** The message of Better Auth's JSON error body, when there is one. */
export async function authErrorMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.clone().json();
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string")
      return body.message;
  } catch {}
  return undefined;
}
