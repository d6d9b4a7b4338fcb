import { openDatabase } from "../../db/index.ts";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { insertReview, insertService } from "../support/fixtures.ts";
import { PASSWORD, signUpDirectly } from "./support/accounts.ts";
import { expect, test } from "./support/test.ts";

// A review of a course of its own (it joins the catalogue): this runs with the tests that change it.

test("'Skip to content' moves the focus to the main content, and Tab goes on from there", async ({
  page,
}) => {
  await page.goto("/services");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next Tab lands inside the main content, past the header's links.
  await page.keyboard.press("Tab");
  expect(
    await page.evaluate(() => document.querySelector("main")?.contains(document.activeElement)),
  ).toBe(true);
});

test("the delete confirmation takes the focus, and gives it back to its Delete link when it closes", async ({
  page,
}) => {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Keyboard Kamal" });
  const course = "Keyboard Test Course";
  const { db } = openDatabase(e2eDatabaseUrl);
  try {
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const serviceId = await insertService(db, { name: course });
    await insertReview(db, { serviceId, userId: user.id, rating: 4, message: "Good pace." });
  } finally {
    await db.destroy();
  }
  await page.goto("/my-reviews");
  const deleteLink = page.getByRole("link", { name: `Delete your review of ${course}` });
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete" });
  const focusInDialog = () =>
    page.evaluate(() => document.querySelector("dialog")?.contains(document.activeElement));

  // Escape closes it.
  await deleteLink.focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  expect(await focusInDialog()).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteLink).toBeFocused();

  // So does Cancel, pressed with the keyboard; Tab stays inside the dialog meanwhile.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  expect(await focusInDialog()).toBe(true);
  await page.keyboard.press("Tab");
  expect(await focusInDialog()).toBe(true);
  await dialog.getByRole("button", { name: "Cancel" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(deleteLink).toBeFocused();
  await expect(page.getByRole("table")).toContainText("Good pace.");
});

test("after signing in to the page asked for, the focus is on that page's heading", async ({
  page,
}) => {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Returning Rana" });
  await page.context().clearCookies();
  await page.goto("/my-reviews");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-reviews$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Password").press("Enter");
  await expect(page).toHaveURL(/\/my-reviews$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Reviews" })).toBeFocused();
});
