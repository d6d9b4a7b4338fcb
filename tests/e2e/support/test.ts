import { test as base, expect, type Page } from "@playwright/test";

/**
 * Playwright's test, plus a check after each test that the page logged no error and threw
 * nothing: a hydration mismatch or a script blocked by the CSP fails the test that caused it.
 * A resource answering 404 is expected on the 404 pages and is not counted.
 */
let testNumber = 0;

/**
 * A page's scripts load once it has painted (app/lib/deferred-hydration.server.ts), after its
 * load event: when it has them, wait for hydration, as a person would see the page react.
 */
async function untilHydrated(page: Page) {
  if ((await page.locator('script[type="module"]').count()) === 0) return;
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

export const test = base.extend<{ pageErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await untilHydrated(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await untilHydrated(page);
        return response;
      };
    }
    await use(page);
  },
  // The server trusts X-Forwarded-For here: one address per test keeps rate limits per test.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    testNumber++;
    await use({
      "x-forwarded-for": `10.${testInfo.workerIndex % 250}.${Math.floor(testNumber / 250) % 250}.${testNumber % 250}`,
    });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          errors.push(`console: ${message.text()}`);
        }
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
