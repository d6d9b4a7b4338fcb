import { readImageUpload, storeImage } from "../../../core/images/images.server.ts";
import { MAX_ABOUT_BIO_LENGTH } from "../../../core/limits/field-limits.ts";
import { saveAbout } from "../../../core/site/site-words.server.ts";
import { appContext } from "../../context.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActions, adminFormErrors, field } from "./action.server.ts";
import { SITE_WORDS_PAGE } from "./site-words.server.ts";

/** About the teacher (/admin/site): the About Me Markdown and photo on the home page and /about. */
export const aboutActions: AdminActions = {
  "about-teacher": async ({ context, owner, form }) => {
    const bio = field(form, "bio").trim();
    // Both fields are checked, so one answer says everything to correct.
    const errors: Record<string, string> = {};
    if (bio.length > MAX_ABOUT_BIO_LENGTH)
      errors.bio = `Please keep the About Me text under ${MAX_ABOUT_BIO_LENGTH} characters.`;
    const upload = await readImageUpload(form, "photo");
    if (!upload.ok) errors.photo = upload.message;
    if (!upload.ok || errors.bio) return adminFormErrors("about-teacher", errors, { bio });
    const { db } = context.get(appContext);
    const photoUrl = upload.image
      ? await storeImage(db, upload.image, owner.id)
      : form.get("removePhoto") === "on"
        ? null
        : undefined;
    await saveAbout(db, owner.id, { text: bio, photoUrl });
    return redirectWithToast(SITE_WORDS_PAGE, {
      type: "success",
      message: "The About Me block is saved.",
    });
  },
};
