import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// Adding, editing and deleting courses changes the catalogue: these run after the tests that read it.

test("a student edits and deletes the course they added, after confirming", async ({ page }) => {
  test.slow(); // A whole course's life: add, edit, delete, each with its pages (54 s seen when busy).
  await page.goto("/");
  await signUpDirectly(page, { name: "Course Author" });
  await page.goto("/add-service");
  await page.getByLabel("Service Name").fill("Pronunciation clinic");
  await page.getByLabel("Price").fill("18");
  await page.getByLabel("Description").fill("Sounds, stress and rhythm.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await page.getByRole("link", { name: "Details of Pronunciation clinic", exact: true }).click();

  await page.getByRole("link", { name: "Edit Pronunciation clinic" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Service");
  await expect(page.getByLabel("Service Name")).toHaveValue("Pronunciation clinic");
  await expectAccessible(page);
  await page.getByLabel("Service Name").fill("Pronunciation clinic, 2nd edition");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Service updated")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Pronunciation clinic, 2nd edition",
  );

  await page.getByRole("link", { name: "Delete Pronunciation clinic, 2nd edition" }).click();
  await expect(page.getByText("This cannot be undone.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Pronunciation clinic, 2nd edition",
  );
  await page.getByRole("link", { name: "Delete Pronunciation clinic, 2nd edition" }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Service deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole("main")).not.toContainText("Pronunciation clinic");
});
