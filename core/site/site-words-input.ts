import { z } from "zod";
import {
  MAX_EMAIL_LENGTH,
  MAX_FAQ_ANSWER_LENGTH,
  MAX_FAQ_QUESTION_LENGTH,
  MAX_HERO_TEXT_LENGTH,
  MAX_HERO_TITLE_LENGTH,
  MAX_OPENING_HOURS_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_POSTAL_ADDRESS_LENGTH,
  MAX_SOCIAL_LINKS,
  MAX_SOCIAL_URL_LENGTH,
} from "../limits/field-limits.ts";
import { requiredText } from "../required-text.ts";
import { isSocialNetwork, type SocialLink } from "./site-words.ts";

/** What the /admin/site forms send, checked the same way wherever they are saved from. */

/** An optional text, trimmed; a missing field reads as empty. */
const optionalText = (max: number, tooLong: string) =>
  z.string().default("").pipe(z.string().trim().max(max, tooLong));

/** The hero: either emptied goes back to the site's own words. */
export const heroSchema = z.object({
  title: optionalText(
    MAX_HERO_TITLE_LENGTH,
    `Please keep the heading under ${MAX_HERO_TITLE_LENGTH} characters.`,
  ),
  text: optionalText(
    MAX_HERO_TEXT_LENGTH,
    `Please keep the text under ${MAX_HERO_TEXT_LENGTH} characters.`,
  ),
});

export const faqItemSchema = z.object({
  question: requiredText(
    "Please write the question.",
    MAX_FAQ_QUESTION_LENGTH,
    `Please keep the question under ${MAX_FAQ_QUESTION_LENGTH} characters.`,
  ),
  answer: requiredText(
    "Please write the answer.",
    MAX_FAQ_ANSWER_LENGTH,
    `Please keep the answer under ${MAX_FAQ_ANSWER_LENGTH} characters.`,
  ),
});

/** A phone number as people write it: digits, spaces, a leading plus, brackets, dots, dashes. */
const PHONE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

export const contactDetailsSchema = z.object({
  email: optionalText(MAX_EMAIL_LENGTH, "This e-mail address is too long.").refine(
    (email) => email === "" || z.email().safeParse(email).success,
    "Please enter a valid e-mail address, or leave it empty.",
  ),
  phone: optionalText(
    MAX_PHONE_LENGTH,
    `Please keep the phone number under ${MAX_PHONE_LENGTH} characters.`,
  ).refine(
    (phone) => phone === "" || PHONE.test(phone),
    "Please write the number with digits, spaces and a leading + only.",
  ),
  address: optionalText(
    MAX_POSTAL_ADDRESS_LENGTH,
    `Please keep the address under ${MAX_POSTAL_ADDRESS_LENGTH} characters.`,
  ),
  openingHours: optionalText(
    MAX_OPENING_HOURS_LENGTH,
    `Please keep the opening hours under ${MAX_OPENING_HOURS_LENGTH} characters.`,
  ),
});

/** Whether `url` is an absolute http(s) address: the only links the footer may lead to. */
export function isWebAddress(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * The social links form: rows `network-1`/`url-1` … `network-6`/`url-6`, a row left empty
 * skipped. Each problem is named by its row's field.
 */
export function parseSocialLinks(
  values: Record<string, string>,
): { ok: true; links: SocialLink[] } | { ok: false; fieldErrors: Record<string, string> } {
  const links: SocialLink[] = [];
  const fieldErrors: Record<string, string> = {};
  for (let row = 1; row <= MAX_SOCIAL_LINKS; row++) {
    const network = (values[`network-${row}`] ?? "").trim();
    const url = (values[`url-${row}`] ?? "").trim();
    if (url === "") continue;
    if (!isSocialNetwork(network)) {
      fieldErrors[`network-${row}`] = "Please choose the network this link leads to.";
    }
    if (url.length > MAX_SOCIAL_URL_LENGTH) {
      fieldErrors[`url-${row}`] =
        `Please keep the address under ${MAX_SOCIAL_URL_LENGTH} characters.`;
    } else if (!isWebAddress(url)) {
      fieldErrors[`url-${row}`] = "Please enter a full address starting with https://.";
    }
    if (isSocialNetwork(network) && !fieldErrors[`url-${row}`]) links.push({ network, url });
  }
  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, links };
}
