import { lastMailTo, PASSWORD, signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { openAccountMenu } from "./support/header.ts";
import { expect, test } from "./support/test.ts";

const NEW_PASSWORD = "another quite unusual passphrase";

test("a student changes their name and password from their account page; their other device is signed out and they are told by mail", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Careful Cara" });
  // A second device, signed in to the same account.
  const otherDevice = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { "x-forwarded-for": "10.252.0.1" },
  });
  const signIn = await otherDevice.request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  expect((await otherDevice.request.get("/api/me")).status()).toBe(200);

  await page.goto("/");
  await openAccountMenu(page);
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your account");
  await expect(page.getByRole("main")).toContainText(email);
  await expect(page.getByRole("main")).toContainText(
    "Not confirmed yet: open the link we sent you.",
  );
  await expectAccessible(page);
  // The name first: it shows in the account menu once saved.
  await page.getByLabel("Name", { exact: true }).fill("Cara Careful");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your name is saved." })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByLabel("Account menu of Cara Careful"),
  ).toBeVisible();
  await page.getByRole("link", { name: "Change your password" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change your password");
  await expectAccessible(page);

  const current = page.getByLabel("Current password", { exact: true });
  await current.fill("not my password at all");
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveAccessibleDescription("This is not your current password.");

  await current.fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your password has been changed." }),
  ).toBeVisible();
  // Still signed in here; signed out there.
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByLabel(/^Account menu of /),
  ).toBeVisible();
  expect((await otherDevice.request.get("/api/me")).status()).toBe(401);
  await otherDevice.close();

  const mail = await lastMailTo(email, 5000, /Subject: Your IELTS Hub password was changed/);
  expect(mail).toContain("If it was not you");
});

test("without JavaScript the password change form works, its errors beside the fields", async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.252.0.2" },
  });
  const page = await context.newPage();
  await page.goto("/");
  await signUpDirectly(page);
  await page.goto("/account/password");
  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("New password", { exact: true }).fill("password");
  await page.getByRole("button", { name: "Change password" }).click();
  const fresh = page.getByLabel("New password", { exact: true });
  await expect(fresh).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await fresh.fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Your password has been changed." }),
  ).toBeVisible();
  await context.close();
});
