import type { Page } from "@playwright/test";

/**
 * A mark left on the page's `window`. A navigation done in place (React Router's client-side
 * navigation) keeps the window and its mark; a full page load makes a new window without it.
 */
export async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as { stayedInPlace?: boolean }).stayedInPlace = true;
  });
}

/** Whether the mark markWindow left is still there: the page was never reloaded since. */
export async function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { stayedInPlace?: boolean }).stayedInPlace === true);
}
