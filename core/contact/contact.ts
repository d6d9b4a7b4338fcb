import { z } from "zod";
import {
  MAX_CONTACT_MESSAGE_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
} from "../limits/field-limits.ts";
import { requiredText } from "../required-text.ts";

export const contactMessageSchema = z.object({
  name: requiredText(
    "Please enter your name.",
    MAX_NAME_LENGTH,
    `Please keep your name under ${MAX_NAME_LENGTH} characters.`,
  ),
  email: z
    .email("Please enter a valid e-mail address.")
    .max(MAX_EMAIL_LENGTH, "This e-mail address is too long."),
  message: requiredText(
    "Please write a message.",
    MAX_CONTACT_MESSAGE_LENGTH,
    `Please keep your message under ${MAX_CONTACT_MESSAGE_LENGTH} characters.`,
  ),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
