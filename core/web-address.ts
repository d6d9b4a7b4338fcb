import { z } from "zod";

/**
 * An optional web address (a photo, a course image): empty means none; anything given must be
 * http or https, so no `javascript:` or `data:` URL ever reaches a page.
 */
export const optionalHttpUrl = z
  .string()
  .trim()
  .max(2000, "This address is too long.")
  .transform((url) => (url === "" ? undefined : url))
  .pipe(
    z
      .url({
        protocol: /^https?$/,
        error: "Please enter an address starting with http:// or https://.",
      })
      .optional(),
  )
  .optional();
