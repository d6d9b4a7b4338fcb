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

/** Whether a body is a JSON object (not an array, not null): the shape every call's body takes. */
export function isJsonObject(body: unknown): body is Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}

export type MultipartRead =
  | { ok: true; form: FormData; fields: Record<string, string> }
  | { ok: false; message: string };

/**
 * A multipart body: the form (for its files) and its text fields (the first of each name). A
 * body that does not parse, a file where text belongs, or text where a file belongs (`files`) is
 * a 400 `message`; a NUL character in any text is refused with a 400, as in `readJson`.
 */
export async function readMultipart(
  c: { req: { raw: Request } },
  files: readonly string[],
): Promise<MultipartRead> {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    return { ok: false, message: "The multipart/form-data body could not be read." };
  }
  // A Map, so a field named `__proto__` or `constructor` is just a field.
  const fields = new Map<string, string>();
  for (const [name, value] of form) {
    if (containsNul(name) || containsNul(value))
      throw new HTTPException(400, { message: NUL_REFUSAL.message });
    if (files.includes(name)) {
      if (typeof value === "string" && value !== "")
        return { ok: false, message: `Send ${name} as a file.` };
    } else if (typeof value !== "string") {
      return { ok: false, message: `Send ${name} as text; only ${files.join(", ")} takes a file.` };
    } else if (!fields.has(name)) {
      fields.set(name, value);
    }
  }
  return { ok: true, form, fields: Object.fromEntries(fields) };
}

/** Every message of a failed validation, for a 400 answer's `message`. */
export function problems(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join(" ");
}
