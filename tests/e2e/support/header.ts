import type { Page } from "@playwright/test";

/**
 * Opens the signed-in person's menu (their avatar in the navigation bar), which holds
 * 'Account', 'My Review', 'My Courses', 'Add Service', 'Admin' and 'Log Out'. It works without JavaScript.
 */
export async function openAccountMenu(page: Page) {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByLabel(/^Account menu of /)
    .click();
}
