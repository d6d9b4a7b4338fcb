import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

test.describe("layout on every page", () => {
  for (const [path, title] of [
    ["/", "Home - IELTS Hub"],
    ["/services", "Services - IELTS Hub"],
    ["/blog", "Blog - IELTS Hub"],
    ["/contact", "Contact - IELTS Hub"],
  ] as const) {
    test(`${path} has its title, a description, the navigation and the footer`, async ({
      page,
    }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w{3,}/);
      const nav = page.getByRole("navigation", { name: "Main" });
      for (const link of ["Home", "Courses", "Blog", "Contact", "Login"]) {
        await expect(nav.getByRole("link", { name: link, exact: true })).toBeVisible();
      }
      await expect(
        page.getByRole("banner").getByRole("img", { name: "Default profile icon" }),
      ).toBeVisible();
      await expect(page.getByRole("contentinfo")).toContainText("© 2022");
      await expectAccessible(page);
    });
  }

  test("the navigation links lead to their pages", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page).toHaveTitle("Blog - IELTS Hub");
    await nav.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveTitle("Contact - IELTS Hub");
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveTitle("Home - IELTS Hub");
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });
});

test.describe("404", () => {
  for (const path of ["/no-such-page", "/services/unknown-id", "/services/one/two"]) {
    test(`${path} shows the 404 page with status 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { name: "Sorry, we couldn't find this page." }),
      ).toBeVisible();
      await expect(page).toHaveTitle("Page not found - IELTS Hub");
      await expectAccessible(page);
      await page.getByRole("link", { name: "Back to homepage" }).click();
      await expect(page).toHaveTitle("Home - IELTS Hub");
    });
  }
});
