import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

/**
 * Each footer entry, where it leads, and the heading of the page there. "Cookie policy" comes
 * before "Privacy policy": followed from /privacy itself it would only scroll, loading nothing.
 */
const footerLinks = [
  ["Academic module", "/services?module=academic", "Services"],
  ["General Training", "/services?module=general", "Services"],
  ["About me", "/about", "About me"],
  ["Contact", "/contact", "Contact"],
  ["API", "/api/docs", "API reference"],
  ["Terms of use", "/terms", "Terms of use"],
  ["Cookie policy", "/privacy#cookies", "Privacy policy"],
  ["Privacy policy", "/privacy", "Privacy policy"],
] as const;

test("every footer link leads to a page with its heading, without JavaScript", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  // Nothing in the footer looks like a link without being one.
  await expect(footer.locator("a:not([href])")).toHaveCount(0);
  await expect(footer.getByRole("link")).toHaveCount(footerLinks.length);
  // Every page has the footer: each link is followed from the page the previous one opened.
  for (const [label, href, heading] of footerLinks) {
    const link = page.getByRole("contentinfo").getByRole("link", { name: label, exact: true });
    await expect(link).toHaveAttribute("href", href);
    const [response] = await Promise.all([
      page.waitForResponse((answer) => answer.request().isNavigationRequest()),
      link.click(),
    ]);
    expect(response.status(), label).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    if (href.endsWith("#cookies")) {
      await expect(page.getByRole("heading", { level: 2, name: "Cookies" })).toBeInViewport();
    }
  }
  await context.close();
});

test("with JavaScript, a footer link opens its page in place", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" }).click();
  await expect(page).toHaveTitle("Terms of use - IELTS Hub");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
});

for (const [path, heading] of [
  ["/about", "About me"],
  ["/privacy", "Privacy policy"],
  ["/terms", "Terms of use"],
] as const) {
  test(`${path} has its heading and passes axe`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  });
}
