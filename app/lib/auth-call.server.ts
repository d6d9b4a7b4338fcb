import { isAPIError } from "better-auth/api";
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
