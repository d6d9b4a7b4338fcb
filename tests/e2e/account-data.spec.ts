import { readFile } from "node:fs/promises";
import { lastMailTo, PASSWORD, signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

const GOODBYE = "Your account has been deleted.";

test("a student downloads everything the site stores about them from their account page", async ({
  page,
}) => {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Curious Cora" });
  await page.goto("/account");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ielts-hub-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), "utf8"));
  expect(data).toMatchObject({
    format: "ielts-hub-account-data/1",
    profile: { name: "Curious Cora", email, emailVerified: false, owner: null },
    signInMethods: [{ provider: "password" }],
    reviews: [],
  });
  expect(data.sessions).toHaveLength(1);
  expect(JSON.stringify(data)).not.toMatch(/argon2|session_token/);
});

test("a student deletes their account: told what happens, a wrong password beside the field, then signed out with a goodbye", async ({
  page,
}) => {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Leaving Lena" });
  await page.goto("/account");
  await page.getByRole("link", { name: "Delete my account" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete your account");
  await expect(page.getByRole("main")).toContainText("This cannot be undone.");
  await expectAccessible(page);

  const password = page.getByLabel("Your password", { exact: true });
  await password.fill("not my password at all");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("This is not your password.");
  await expectAccessible(page);

  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: GOODBYE })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }),
  ).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
  expect(
    await lastMailTo(email, 5000, /Subject: Your IELTS Hub account has been deleted/),
  ).toContain("Subject: Your IELTS Hub account has been deleted");
});

test("without JavaScript the account is deleted the same way, the wrong password beside the field", async ({
  browser,
  extraHTTPHeaders,
}) => {
  // This test's own client address (a retry gets a new one).
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
    extraHTTPHeaders,
  });
  const page = await context.newPage();
  await page.goto("/");
  await signUpDirectly(page, { name: "Scriptless Sam" });
  await page.goto("/account/delete");
  const password = page.getByLabel("Your password", { exact: true });
  await password.fill("not my password at all");
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(password).toHaveAccessibleDescription("This is not your password.");

  await password.fill(PASSWORD);
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: GOODBYE })).toBeVisible();
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await context.close();
});
