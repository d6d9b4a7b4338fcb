import type { Browser } from "@playwright/test";
import { PASSWORD, signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { openAccountMenu } from "./support/header.ts";
import { expect, test } from "./support/test.ts";

const FIREFOX_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:135.0) Gecko/20100101 Firefox/135.0";

/** The same account signed in from another browser, which says it is Firefox on Windows. */
async function anotherDevice(browser: Browser, email: string, address: string) {
  const device = await browser.newContext({
    userAgent: FIREFOX_ON_WINDOWS,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  const signIn = await device.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  return device;
}

test("a student sees where they are signed in and signs out a device from the account menu", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Watchful Wen" });
  const firefox = await anotherDevice(browser, email, "10.251.0.1");

  await page.goto("/");
  await openAccountMenu(page);
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await page.getByRole("link", { name: "Signed-in devices" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Signed-in devices");
  const devices = page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: "This device" })).toHaveCount(1);
  const other = devices.filter({ hasText: "Firefox on Windows" });
  await expect(other).toContainText("from 10.251.0.1");
  await expectAccessible(page);

  await other.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "That device has been signed out." }),
  ).toBeVisible();
  await expect(devices).toHaveCount(1);
  expect((await firefox.request.get("/api/me")).status()).toBe(401);
  await firefox.close();
});

test("without JavaScript every other device can be signed out at once", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.251.0.2" },
  });
  const page = await context.newPage();
  await page.goto("/");
  const { email } = await signUpDirectly(page);
  const firefox = await anotherDevice(browser, email, "10.251.0.3");
  await page.goto("/account/sessions");
  const devices = page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await page.getByRole("button", { name: "Sign out every other device" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "1 other device has been signed out." }),
  ).toBeVisible();
  await expect(devices).toHaveCount(1);
  expect((await firefox.request.get("/api/me")).status()).toBe(401);
  await firefox.close();
  await context.close();
});
