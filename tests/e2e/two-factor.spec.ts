import type { Page } from "@playwright/test";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { runOwnerCommand } from "../../scripts/owner.ts";
import { totpCode } from "../support/totp.ts";
import { lastMailTo, PASSWORD, signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { openAccountMenu } from "./support/header.ts";
import { expect, test } from "./support/test.ts";

/** The key the setup page shows for apps that cannot scan, without its spaces. */
async function keyOnSetupPage(page: Page) {
  const key = await page
    .locator("code")
    .filter({ hasText: /^[A-Z2-7 ]+$/ })
    .textContent();
  return (key ?? "").replaceAll(" ", "");
}

/** Logs out from the account menu, and waits until the page shows the visitor's Login link. */
async function logOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole("button", { name: "Log Out" }).click();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }),
  ).toBeVisible();
}

async function logInWithPassword(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Two-factor sign-in");
}

test("an owner is led from Admin to turn on two-factor sign-in, scans the code, and signs in with the app's code", async ({
  page,
}) => {
  test.slow();
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Guarded Grace" });
  await runOwnerCommand(["grant", email], { DATABASE_URL: e2eDatabaseUrl });

  await page.goto("/");
  await openAccountMenu(page);
  await page.getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/account\/two-factor$/);
  await expect(page.getByRole("main")).toContainText(
    "As the site's owner, turn on two-factor sign-in before Admin opens.",
  );
  await expectAccessible(page);

  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const qrCode = page.getByRole("img", { name: /QR code/ });
  await expect(qrCode).toBeVisible();
  expect(await qrCode.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(
    10,
  );
  await expectAccessible(page);
  const key = await keyOnSetupPage(page);
  await page.getByLabel("Code from your app").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin");
  await expect(
    page.getByRole("status").filter({ hasText: "Two-factor sign-in is on." }),
  ).toBeVisible();
  expect(
    await lastMailTo(email, 5000, /Subject: Two-factor sign-in is on for your IELTS Hub/),
  ).toContain("Subject: Two-factor sign-in is on for your IELTS Hub");

  // Next time, the password alone does not sign in.
  await logOut(page);
  await logInWithPassword(page, email);
  await expectAccessible(page);
  const code = page.getByLabel("Code");
  await code.fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expect(code).toHaveAccessibleDescription(/That code did not work\./);
  await code.fill(totpCode(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login Success" })).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin");
  await page.goto("/account/two-factor");
  await expect(page.getByRole("main")).toContainText("You have 10 unused backup codes.");
  await expectAccessible(page);
});

test("without JavaScript a student turns it on, signs in with a backup code, and turns it off with the password and a code", async ({
  browser,
  extraHTTPHeaders,
}) => {
  test.slow();
  // This test's own client address (a retry gets a new one), so its sign-ins count alone.
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders,
  });
  const page = await context.newPage();
  const email = uniqueEmail();
  await page.goto("/");
  const signedUp = await page.request.post("/api/auth/sign-up/email", {
    data: { name: "Scriptless Sam", email, password: PASSWORD },
  });
  expect(signedUp.ok()).toBe(true);

  await page.goto("/account/two-factor");
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const key = await keyOnSetupPage(page);
  const backupCodes = await page
    .getByRole("list", { name: "Backup codes" })
    .getByRole("listitem")
    .allTextContents();
  await page.getByLabel("Code from your app").fill("123");
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByLabel("Code from your app")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Code from your app").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(page.getByRole("main")).toContainText("Two-factor sign-in is on.");

  await page.goto("/");
  await logOut(page);
  await logInWithPassword(page, email);
  await page.getByLabel("Code").fill(backupCodes[0] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login Success" })).toBeVisible();

  await page.goto("/account/two-factor");
  await expect(page.getByRole("main")).toContainText("You have 9 unused backup codes.");
  const turnOff = page.locator("form").filter({ hasText: "Turn it off" });
  await turnOff.getByLabel("Current password").fill(PASSWORD);
  await turnOff.getByLabel("Code from your app, or a backup code").fill(totpCode(key));
  await turnOff.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Two-factor sign-in is off." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Turn on two-factor sign-in" })).toBeVisible();
  await context.close();
});
