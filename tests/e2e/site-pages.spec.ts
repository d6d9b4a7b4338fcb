import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";
import { markWindow, windowMarked } from "./support/window-mark.ts";

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
  // A mark on the window: a full page load would start a new one, without it.
  await markWindow(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" }).click();
  await expect(page).toHaveTitle("Terms of use - IELTS Hub");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of use" })).toBeVisible();
  expect(await windowMarked(page)).toBe(true);
});

/**
 * The public pages (those of the sitemap, a course, a blog post, the sign-in and sign-up forms):
 * each shows every footer link, with its exact address, and each of those addresses answers 200.
 */
const publicPages = [
  "/",
  "/services",
  "/blog",
  "/blog/jwt",
  "/contact",
  "/about",
  "/privacy",
  "/terms",
  "/api/docs",
  "/login",
  "/register",
];

test("every public page shows each footer link with its exact address, and each answers 200", async ({
  page,
}) => {
  test.slow(); // A dozen pages and their links.
  await page.goto("/services");
  const detailsLink = page.getByRole("link", { name: /^Details of / }).first();
  const coursePage = await detailsLink.getAttribute("href");
  expect(coursePage).toMatch(/^\/services\/[\w-]+$/);
  const answered = new Map<string, number>();
  for (const path of [...publicPages, coursePage as string]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link"), path).toHaveCount(footerLinks.length);
    for (const [label, href] of footerLinks) {
      await expect(
        footer.getByRole("link", { name: label, exact: true }),
        `${label} on ${path}`,
      ).toHaveAttribute("href", href);
      if (!answered.has(href)) {
        answered.set(href, (await page.request.get(href)).status());
      }
    }
  }
  expect(Object.fromEntries(answered)).toEqual(
    Object.fromEntries(footerLinks.map(([, href]) => [href, 200])),
  );
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
