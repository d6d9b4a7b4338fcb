import { expect } from "vitest";
import { cookieHeader, postForm, signUp } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";
import { setupFromPage, totpCode } from "./totp.ts";

type Account = Awaited<ReturnType<typeof signUp>>;

/** Only the session's cookie of a set of cookies (the toast's left out). */
export const withoutToast = (cookie: string) =>
  cookie
    .split("; ")
    .filter((pair) => !pair.includes("toast"))
    .join("; ");

/** "Turn on" with the password, through the page: a secret made, not yet confirmed by a code. */
export async function startTwoFactorSetup(app: TestApp, user: Account) {
  const started = await postForm(
    app,
    "/account/two-factor",
    { intent: "enable", password: user.password },
    { cookie: user.cookie },
  );
  expect(started.status).toBe(302);
}

/**
 * Turns two-factor sign-in on through the page for this person (a new student by default):
 * their key, codes, the confirming answer, and the session cookie it set.
 */
export async function turnOnTwoFactor(app: TestApp, user?: Account) {
  user ??= await signUp(app);
  await startTwoFactorSetup(app, user);
  const page = await app.request("/account/two-factor", { headers: { cookie: user.cookie } });
  const setup = setupFromPage(await page.text());
  const confirmed = await postForm(
    app,
    "/account/two-factor",
    { intent: "confirm", code: totpCode(setup.key) },
    { cookie: user.cookie },
  );
  expect(confirmed.status).toBe(302);
  return { ...user, ...setup, confirmed, cookie: withoutToast(cookieHeader(confirmed)) };
}
