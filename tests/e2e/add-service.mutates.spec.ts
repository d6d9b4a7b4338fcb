import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// Changes the catalogue, so it runs after the tests that count its pages (playwright.config.ts).
test("a signed-in user adds a service, which then leads the catalogue", async ({ page }) => {
  await page.goto("/");
  await signUpDirectly(page);
  await page.goto("/add-service");
  await expectAccessible(page);
  await page.getByLabel("Service Name").fill("Pronunciation Clinic");
  await page.getByLabel("Price").fill("-5");
  await page.getByLabel("Description").fill("Sounds, stress and intonation for Speaking Band 7.");
  await page.getByRole("button", { name: "Submit" }).click();
  // The browser refuses a negative number before the server sees it.
  await expect(page).toHaveURL(/\/add-service$/);
  await page.getByLabel("Price").fill("19.99");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Successfully added a service")).toBeVisible();
  await expect(page).toHaveURL(/\/services$/);
  const first = page.locator("main article").first();
  await expect(first.getByRole("heading")).toHaveText("Pronunciation Clinic");
  await expect(first).toContainText("Price: $ 19.99");
});
