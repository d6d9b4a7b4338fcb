import { z } from "zod";

export const contactMessageSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Please keep your name under 100 characters."),
  email: z
    .email("Please enter a valid e-mail address.")
    .max(254, "This e-mail address is too long."),
  message: z
    .string()
    .trim()
    .min(1, "Please write a message.")
    .max(5000, "Please keep your message under 5000 characters."),
});

export type ContactMessage = z.infer<typeof contactMessageSchema>;
