import {
  addFaqItem,
  editFaqItem,
  type FaqChange,
  moveFaqItem,
  removeFaqItem,
} from "../../../core/site/faq.server.ts";
import { faqItemSchema } from "../../../core/site/site-words-input.ts";
import { appContext } from "../../context.server.ts";
import { formValues, parseForm } from "../forms.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActions, adminFormErrors, field } from "./action.server.ts";
import { SITE_WORDS_PAGE } from "./site-words.server.ts";

/**
 * What an FAQ edit answers: back to the page saying it is done; a limit (too many questions,
 * too few) said in the form that asked, with what was typed; a question someone removed
 * meanwhile, in a toast.
 */
function answer(change: FaqChange, done: string, intent: string, form: FormData) {
  if (change.ok) return redirectWithToast(SITE_WORDS_PAGE, { type: "success", message: done });
  if (change.reason === "limit") {
    return adminFormErrors(intent, { form: change.message }, formValues(form));
  }
  return redirectWithToast(SITE_WORDS_PAGE, {
    type: "error",
    message: "That question is no longer in the FAQ: someone removed it meanwhile.",
  });
}

/**
 * The FAQ (/admin/site): each question's own form saves, moves or removes it, one button each,
 * so all of it works without JavaScript; a form at the end adds one.
 */
export const faqActions: AdminActions = {
  "faq-add": async ({ context, owner, form }) => {
    const result = parseForm(faqItemSchema, form);
    if (!result.ok) return adminFormErrors("faq-add", result.fieldErrors, result.values);
    const change = await addFaqItem(context.get(appContext).db, owner.id, result.data);
    return answer(change, "The question is added to the FAQ.", "faq-add", form);
  },
  "faq-edit": async ({ context, owner, form }) => {
    const id = field(form, "itemId");
    const result = parseForm(faqItemSchema, form);
    if (!result.ok) return adminFormErrors("faq-edit", result.fieldErrors, result.values);
    const change = await editFaqItem(context.get(appContext).db, owner.id, { id, ...result.data });
    return answer(change, "The question is saved.", "faq-edit", form);
  },
  "faq-move-up": async ({ context, owner, form }) =>
    answer(
      await moveFaqItem(context.get(appContext).db, owner.id, field(form, "itemId"), "up"),
      "The question moved up.",
      "faq-move-up",
      form,
    ),
  "faq-move-down": async ({ context, owner, form }) =>
    answer(
      await moveFaqItem(context.get(appContext).db, owner.id, field(form, "itemId"), "down"),
      "The question moved down.",
      "faq-move-down",
      form,
    ),
  "faq-remove": async ({ context, owner, form }) =>
    answer(
      await removeFaqItem(context.get(appContext).db, owner.id, field(form, "itemId")),
      "The question is removed from the FAQ.",
      "faq-remove",
      form,
    ),
};
