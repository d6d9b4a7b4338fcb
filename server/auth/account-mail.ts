import { SITE_NAME } from "../../core/site.ts";
import type { SendMail } from "../mail.ts";

/**
 * Tells the owner of an account that its password was changed, so that a change they did not
 * make (a stolen session, a shared computer) does not go unnoticed (ASVS 6.2.3 / 7.5.1).
 */
export function tellPasswordChanged(sendMail: SendMail, email: string, baseUrl: string) {
  return sendMail({
    to: email,
    subject: `Your ${SITE_NAME} password was changed`,
    text: `Hello,\n\nThe password of your ${SITE_NAME} account (${email}) was just changed, and every other device signed in to it was signed out.\n\nIf it was you, there is nothing to do.\n\nIf it was not you, choose a new password now with "Forgot password?" on ${baseUrl}/login, and tell us at ${baseUrl}/contact.\n`,
  });
}
