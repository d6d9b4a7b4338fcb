import { expect, type Page } from "@playwright/test";

/**
 * Opens the signed-in person's menu (their avatar in the navigation bar), which holds
 * 'Account', 'My Review', 'My Courses', 'Add Service', 'Admin' and 'Log Out', with one click,
 * and expects it open: a first click that does not open it is a defect, not something to retry.
 *
 * The click waits until the page has settled, as a person's would land on the page they see:
 * the new page's header is there and, when the page runs its scripts, they have hydrated it
 * (`data-hydrated` on <html>, set once hydration is done, which waits for the first paint:
 * app/lib/deferred-hydration.server.ts, decision 0027) and no navigation is under way (its end
 * closes the menu, as it should: the person has moved on). Without JavaScript the menu is a
 * plain <details>, and the click opens it all the same.
 */
export async function openAccountMenu(page: Page) {
  const navigation = page.getByRole("navigation", { name: "Main" });
  const toggle = navigation.getByLabel(/^Account menu of /);
  const logOut = navigation.getByRole("button", { name: "Log Out" });
  await toggle.waitFor();
  await untilSettled(page);
  await expect(logOut).toBeHidden();
  await toggle.click();
  await expect(logOut).toBeVisible();
}

/** Hydrated, with no navigation or revalidation under way (when the page runs its scripts). */
async function untilSettled(page: Page) {
  // React Router's context is set by an inline script: it is there only when scripts run.
  const scripted = await page.evaluate(() => "__reactRouterContext" in window);
  if (!scripted) return;
  await page.waitForFunction(() => {
    const router = (
      window as {
        __reactRouterDataRouter?: {
          state: { navigation: { state: string }; revalidation: string };
        };
      }
    ).__reactRouterDataRouter;
    return (
      document.documentElement.hasAttribute("data-hydrated") &&
      router?.state.navigation.state === "idle" &&
      router.state.revalidation === "idle"
    );
  });
}
