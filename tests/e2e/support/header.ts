import { expect, type Page } from "@playwright/test";

/**
 * Opens the signed-in person's menu (their avatar in the navigation bar), which holds
 * 'Account', 'My Review', 'My Courses', 'Add Service', 'Admin' and 'Log Out'. It works without
 * JavaScript. A click that lands while the page is still being replaced after a navigation (the
 * new page's header closed again) is repeated until the menu shows.
 */
export async function openAccountMenu(page: Page) {
  const navigation = page.getByRole("navigation", { name: "Main" });
  const toggle = navigation.getByLabel(/^Account menu of /);
  const logOut = navigation.getByRole("button", { name: "Log Out" });
  await expect(async () => {
    if (!(await logOut.isVisible())) await toggle.click();
    await expect(logOut).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}
