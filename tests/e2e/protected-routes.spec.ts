import type { Page } from "@playwright/test";
import { PASSWORD, signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

async function logInWithForm(page: Page, email: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

for (const path of [
  "/my-reviews",
  "/add-service",
  "/update/some-review-id",
  "/account",
  "/account/password",
  "/account/sessions",
  "/account/two-factor",
  "/account/delete",
  "/account/data.json",
]) {
  test(`${path} sends an anonymous visitor to /login, remembering where they were going`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    await expect(page).toHaveTitle("Login - IELTS Hub");
  });
}

test("after logging in the visitor is back where they were going", async ({ page, browser }) => {
  const setup = await browser.newPage();
  const { email } = await signUpDirectly(setup);
  await setup.close();
  await page.goto("/my-reviews");
  await logInWithForm(page, email);
  await expect(page).toHaveURL(/\/my-reviews$/);
  await expect(page.getByRole("heading", { name: "My Reviews" })).toBeVisible();
  await expect(page.getByText("No reviews were added")).toBeVisible();
  await expectAccessible(page);
});

test("…also after logging in with Google", async ({ page }) => {
  await page.goto("/add-service");
  await page.getByRole("button", { name: "Log in with Google" }).click();
  await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
  await page.getByLabel("Email").fill(uniqueEmail("google-return"));
  await page.getByLabel("Name").fill("Returning Googler");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/add-service$/);
  await expect(page.getByRole("heading", { name: "Add Service" })).toBeVisible();
});

test("an unknown review id gives a signed-in user the 404 page", async ({ page }) => {
  await page.goto("/");
  await signUpDirectly(page, { email: uniqueEmail(), name: "Curious" });
  const response = await page.goto("/update/not-a-review");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "Sorry, we couldn't find this page." }),
  ).toBeVisible();
});
