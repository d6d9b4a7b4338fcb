import { test as base, expect } from "@playwright/test";

/**
 * Playwright's test, plus a check after each test that the page logged no error and threw
 * nothing: a hydration mismatch or a script blocked by the CSP fails the test that caused it.
 * A resource answering 404 is expected on the 404 pages and is not counted.
 */
export const test = base.extend<{ pageErrors: string[] }>({
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
