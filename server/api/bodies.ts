import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { containsNul, NUL_REFUSAL } from "../nul-characters.ts";

/**
 * The request's JSON body, or undefined when it is missing or not JSON (the schema then says so).
 * A body with a NUL character in any text is refused with a 400 here.
 */
export async function readJson(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  const body = await c.req.json().catch(() => undefined);
  if (containsNul(body)) throw new HTTPException(400, { message: NUL_REFUSAL.message });
  return body;
}

/** Every message of a failed validation, for a 400 answer's `message`. */
export function problems(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(" ");
}
