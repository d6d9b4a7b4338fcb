/**
 * How long a new password may be. Dependency-free, so the forms' `minLength`/`maxLength`, Better
 * Auth's options and the server's policy (core/accounts.server.ts) all read the same numbers without
 * bringing the policy's code into the browser.
 */
export const MIN_PASSWORD_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps hashing cheap for an attacker's megabyte. */
export const MAX_PASSWORD_LENGTH = 128;
