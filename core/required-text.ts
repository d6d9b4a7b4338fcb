import { z } from "zod";

/**
 * A text a person must fill in, trimmed: `missing` when it is empty (or not text at all),
 * `tooLong` past `max` characters. The limits come from core/limits/field-limits.ts, which the forms read too.
 */
export function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}
