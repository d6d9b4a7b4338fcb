import type { Mail } from "../mail/mail-outbox.server.ts";
import { SITE_NAME } from "../site/site.ts";

/*
 * The mails that tell a person what happened to their account: each returns the message, and
 * the caller queues it (the outbox sends it after the answer).
 */

/**
 * Tells the owner of an account that its password was changed, so that a change they did not
 * make (a stolen session, a shared computer) does not go unnoticed (ASVS 6.2.3 / 7.5.1).
 */
export function passwordChangedMail(email: string, baseUrl: string): Mail {
  return {
    to: email,
    subject: `Your ${SITE_NAME} password was changed`,
    text: `Hello,\n\nThe password of your ${SITE_NAME} account (${email}) was just changed, and every other device signed in to it was signed out.\n\nIf it was you, there is nothing to do.\n\nIf it was not you, choose a new password now with "Forgot password?" on ${baseUrl}/login, and tell us at ${baseUrl}/contact.\n`,
  };
}

/** Tells the owner of an account that signed in with Google only that it now has a password too. */
export function passwordSetMail(email: string, baseUrl: string): Mail {
  return {
    to: email,
    subject: `Your ${SITE_NAME} account has a password now`,
    text: `Hello,\n\nA password was just set for your ${SITE_NAME} account (${email}): you can now sign in with it as well as with Google.\n\nIf it was not you, choose a new password now with "Forgot password?" on ${baseUrl}/login, and tell us at ${baseUrl}/contact.\n`,
  };
}

/** The link that proves an address: at sign-up, when asked again, or for a new address. */
export function mailToConfirmAddress({
  to,
  name,
  url,
  isNewAddress,
  userId,
}: {
  to: string;
  name: string;
  url: string;
  isNewAddress: boolean;
  /** The account: a new address is not yet the account's, so deleting it finds the mail by this. */
  userId: string;
}): Mail {
  return isNewAddress
    ? {
        to,
        aboutUserId: userId,
        subject: `Confirm your new e-mail address for ${SITE_NAME}`,
        text: `Hello ${name},\n\nYou asked to use this address (${to}) for your ${SITE_NAME} account. Open this link within a day to confirm it; until then your account keeps its old address:\n\n${url}\n\nIf it was not you, ignore this e-mail: nothing changes.\n`,
      }
    : {
        to,
        aboutUserId: userId,
        subject: `Confirm your e-mail address for ${SITE_NAME}`,
        text: `Hello ${name},\n\nWelcome to ${SITE_NAME}. Please open this link within a day to confirm that this address (${to}) is yours:\n\n${url}\n\nIf you did not create an account, ignore this e-mail.\n`,
      };
}

/** Tells the old address that the account now uses another one (ASVS 7.5.1). */
export function emailChangedMail({
  oldEmail,
  newEmail,
  baseUrl,
}: {
  oldEmail: string;
  newEmail: string;
  baseUrl: string;
}): Mail {
  return {
    to: oldEmail,
    subject: `Your ${SITE_NAME} e-mail address was changed`,
    text: `Hello,\n\nYour ${SITE_NAME} account no longer uses this address (${oldEmail}): from now on it uses ${newEmail}, which was just confirmed.\n\nIf it was not you, tell us at once at ${baseUrl}/contact.\n`,
  };
}

/**
 * Tells the owner of an account that two-factor sign-in was turned on or off: turning it off is
 * what someone who took over a session would do first (ASVS 6.3.7).
 */
export function twoFactorChangedMail({
  email,
  enabled,
  baseUrl,
}: {
  email: string;
  enabled: boolean;
  baseUrl: string;
}): Mail {
  return enabled
    ? {
        to: email,
        subject: `Two-factor sign-in is on for your ${SITE_NAME} account`,
        text: `Hello,\n\nTwo-factor sign-in was just turned on for your ${SITE_NAME} account (${email}): signing in with your password now also asks for a code from your authenticator app, or one of your backup codes.\n\nKeep the backup codes somewhere safe: they are the way in if you lose your phone.\n\nIf it was not you, choose a new password now with "Forgot password?" on ${baseUrl}/login, and tell us at ${baseUrl}/contact.\n`,
      }
    : {
        to: email,
        subject: `Two-factor sign-in is off for your ${SITE_NAME} account`,
        text: `Hello,\n\nTwo-factor sign-in was just turned off for your ${SITE_NAME} account (${email}): signing in now asks only for your password.\n\nIf it was not you, choose a new password now with "Forgot password?" on ${baseUrl}/login, turn two-factor sign-in on again at ${baseUrl}/account/two-factor, and tell us at ${baseUrl}/contact.\n`,
      };
}

/**
 * Tells a person that the site turned their two-factor sign-in off because the key it was kept
 * under had to be replaced (core/accounts/two-factor-keys.server.ts): their app's entry no longer works.
 */
export function twoFactorTurnedOffForNewKeyMail(email: string, baseUrl: string): Mail {
  return {
    to: email,
    subject: `Two-factor sign-in is off for your ${SITE_NAME} account`,
    text: `Hello,\n\nWe had to replace the security key that protected two-factor sign-in on ${SITE_NAME}, so the setup of your account (${email}) no longer works and we have turned it off: signing in now asks only for your password, and everyone was signed out.\n\nPlease turn it on again at ${baseUrl}/account/two-factor, and remove the old ${SITE_NAME} entry from your authenticator app. Your old backup codes no longer work.\n\nIf you have any question, write to us at ${baseUrl}/contact.\n`,
  };
}

/**
 * The last mail to a deleted account's address: what was removed and what stays, and where to
 * write if it was not them. The outbox row holding the address goes once the mail is delivered
 * (decision 0033).
 */
export function accountDeletedMail(email: string, baseUrl: string): Mail {
  return {
    to: email,
    subject: `Your ${SITE_NAME} account has been deleted`,
    text: `Hello,\n\nYour ${SITE_NAME} account (${email}) has just been deleted, as you asked: your profile, your reviews, helpful votes and reports, your enrollment requests, your messages and your newsletter subscription are gone, and every device and app signed in to it has been signed out. Courses you added stay in the catalogue without your name.\n\nThis cannot be undone; you are welcome to register again at any time.\n\nIf it was not you who deleted it, tell us at once at ${baseUrl}/contact.\n`,
  };
}
