import type { Page } from "@playwright/test";

/**
 * Holds back the page's form posts to matching addresses, as a slow network would, so a test can
 * see a button while it works; the returned function lets them go.
 */
export async function holdPosts(page: Page, matches: (url: URL) => boolean) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(matches, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  return release;
}
