import type { z } from "zod";

/** The request's JSON body, or undefined when it is missing or not JSON (the schema then says so). */
export async function readJson(c: { req: { json: () => Promise<unknown> } }): Promise<unknown> {
  return c.req.json().catch(() => undefined);
}

/** Every message of a failed validation, for a 400 answer's `message`. */
export function problems(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(" ");
}
