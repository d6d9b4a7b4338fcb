import {
  saveContactDetails,
  saveHero,
  saveSocialLinks,
} from "../../../core/site/site-words.server.ts";
import {
  contactDetailsSchema,
  heroSchema,
  parseSocialLinks,
} from "../../../core/site/site-words-input.ts";
import { appContext } from "../../context.server.ts";
import { formValues, parseForm } from "../forms.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActions, adminFormErrors } from "./action.server.ts";

/** The page where the owner edits the site's words. */
export const SITE_WORDS_PAGE = "/admin/site";

/** The hero, the contact details and the social links (/admin/site). */
export const siteWordActions: AdminActions = {
  hero: async ({ context, owner, form }) => {
    const result = parseForm(heroSchema, form);
    if (!result.ok) return adminFormErrors("hero", result.fieldErrors, result.values);
    await saveHero(context.get(appContext).db, owner.id, result.data);
    return redirectWithToast(SITE_WORDS_PAGE, {
      type: "success",
      message: "The home page's hero is saved.",
    });
  },
  contact: async ({ context, owner, form }) => {
    const result = parseForm(contactDetailsSchema, form);
    if (!result.ok) return adminFormErrors("contact", result.fieldErrors, result.values);
    await saveContactDetails(context.get(appContext).db, owner.id, result.data);
    return redirectWithToast(SITE_WORDS_PAGE, {
      type: "success",
      message: "The contact details are saved.",
    });
  },
  "social-links": async ({ context, owner, form }) => {
    const values = formValues(form);
    const result = parseSocialLinks(values);
    if (!result.ok) return adminFormErrors("social-links", result.fieldErrors, values);
    await saveSocialLinks(context.get(appContext).db, owner.id, result.links);
    return redirectWithToast(SITE_WORDS_PAGE, {
      type: "success",
      message: "The social links are saved.",
    });
  },
};
