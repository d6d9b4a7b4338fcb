import type { Browser, Page } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

/**
 * The blog as a reader meets it, on the seeded articles: the list, a tag's page and a post, each
 * with and without JavaScript, each passing axe (which runs in the page, so with JavaScript).
 */
const JWT = "What is JWT, and how does it work?";
const NODE_CONCURRENCY = "How does Node.js handle many requests at the same time?";
const JS_VS_NODE = "What is the difference between JavaScript and Node.js?";

async function withoutJavaScript(browser: Browser, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await use(await context.newPage());
  } finally {
    await context.close();
  }
}

async function checkList(page: Page, { axe }: { axe: boolean }) {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const jwt = page.getByRole("article").filter({ hasText: JWT });
  await expect(jwt.getByText("11 April 2022")).toBeVisible();
  await expect(jwt.getByText(/\d+ min read/)).toBeVisible();
  await expect(jwt.getByRole("link", { name: "Security" })).toHaveAttribute(
    "href",
    "/blog/tag/security",
  );
  await expect(page.getByRole("link", { name: "Atom feed" })).toHaveAttribute(
    "href",
    "/blog/feed.xml",
  );
  if (axe) await expectAccessible(page);
}

async function checkTagAndPost(page: Page, { axe }: { axe: boolean }) {
  await page.goto("/blog");
  await page
    .getByRole("article")
    .filter({ hasText: NODE_CONCURRENCY })
    .getByRole("link", { name: "Node.js", exact: true })
    .click();
  await expect(page).toHaveURL(/\/blog\/tag\/node-js$/);
  await expect(page.getByRole("heading", { level: 1, name: "Posts tagged Node.js" })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(2);
  if (axe) await expectAccessible(page);

  await page.getByRole("link", { name: JS_VS_NODE }).click();
  await expect(page).toHaveURL(/\/blog\/javascript-vs-nodejs$/);
  await expect(page.getByRole("heading", { level: 1, name: JS_VS_NODE })).toBeVisible();
  await expect(page.getByText("14 March 2022")).toBeVisible();
  const more = page.getByRole("navigation", { name: "More posts" });
  await expect(more.getByRole("link", { name: /Previous post/ })).toContainText(NODE_CONCURRENCY);
  if (axe) await expectAccessible(page);
  await more.getByRole("link", { name: /Next post/ }).click();
  await expect(page).toHaveURL(/\/blog\/jwt$/);
  await expect(page.getByRole("heading", { level: 1, name: JWT })).toBeVisible();
  await expect(page).toHaveTitle(`${JWT} - IELTS Hub`);
}

test("/blog lists the posts with their date, reading time, tags and the feed", async ({ page }) => {
  await checkList(page, { axe: true });
});

test("/blog works without JavaScript", async ({ browser }) => {
  await withoutJavaScript(browser, (page) => checkList(page, { axe: false }));
});

test("a tag's page and a post's page, with previous and next", async ({ page }) => {
  await checkTagAndPost(page, { axe: true });
});

test("a tag's page and a post's page without JavaScript", async ({ browser }) => {
  await withoutJavaScript(browser, (page) => checkTagAndPost(page, { axe: false }));
});

test("a post that does not exist is the 404 page", async ({ page }) => {
  const response = await page.goto("/blog/no-such-post");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Sorry, we couldn't find this page.",
  );
});
