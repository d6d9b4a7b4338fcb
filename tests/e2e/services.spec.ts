import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { e2eFixtures } from "./support/fixtures.ts";
import { expect, test } from "./support/test.ts";

const cards = (page: Page) => page.locator("main article");
const pagesOf = (page: Page) => page.getByRole("navigation", { name: "Pages of services" });

test("the catalogue shows 9 services a page, newest first, with page links 1..n", async ({
  page,
}) => {
  await page.goto("/services");
  await expect(cards(page)).toHaveCount(9);
  await expect(cards(page).first().getByRole("heading")).toHaveText(
    "Band 7 Intensive Weekend Bootcamp",
  );
  const pages = pagesOf(page);
  await expect(pages.getByRole("link")).toHaveText(["1", "2"]);
  await expect(pages.getByRole("link", { name: "1", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  await pages.getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/\/services\?page=2$/);
  await expect(cards(page)).toHaveCount(7);
  await expect(cards(page).last().getByRole("heading")).toHaveText(e2eFixtures.reviewedCourse.name);
  await expect(page).toHaveTitle("Services (page 2) - IELTS Hub");
  await expect(pages.getByRole("link", { name: "2", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expectAccessible(page);
});

test("each card shows image, name, price, a description cut at 100 characters and Details", async ({
  page,
}) => {
  await page.goto("/services");
  const first = cards(page).first();
  await expect(first).toContainText("Price: $ 59.50");
  const cut = await first.locator("p").filter({ hasText: "..." }).textContent();
  expect(cut).toBe(
    "Two intensive days of live online classes for candidates stuck at Band 6.5: timed Writing practice w...",
  );
  expect(cut?.length).toBe(103);
  await first.getByRole("link", { name: /^Details of/ }).click();
  await expect(page).toHaveURL(/\/services\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Band 7 Intensive Weekend Bootcamp",
  );

  await page.goto("/services?page=2");
  const short = cards(page).filter({ hasText: e2eFixtures.shortCourse.name });
  await expect(short).toContainText(e2eFixtures.shortCourse.description);
  await expect(short).not.toContainText("...");
});

test("pagination works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/services");
  await expect(cards(page)).toHaveCount(9);
  await pagesOf(page).getByRole("link", { name: "2", exact: true }).click();
  await expect(page).toHaveURL(/\/services\?page=2$/);
  await expect(cards(page)).toHaveCount(7);
  await pagesOf(page).getByRole("link", { name: "1", exact: true }).click();
  await expect(cards(page)).toHaveCount(9);
  await context.close();
});

test("a spinner shows while the next page loads in the browser", async ({ page }) => {
  await page.goto("/services");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/services\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await pagesOf(page).getByRole("link", { name: "2", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Loading" })).toBeVisible();
  release();
  await expect(cards(page)).toHaveCount(7);
  await expect(page.getByRole("status").filter({ hasText: "Loading" })).toHaveCount(0);
});

test("a page past the end says so and offers the way back", async ({ page }) => {
  const response = await page.goto("/services?page=7");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "There is no such page of services." }),
  ).toBeVisible();
  await expect(page.getByText("The catalogue has 2 pages.")).toBeVisible();
  await page.getByRole("link", { name: "Go to the first page" }).click();
  await expect(cards(page)).toHaveCount(9);
});

test.describe("lightbox", () => {
  const dialog = (page: Page) => page.getByRole("dialog");

  test("a card's image opens full size; Escape and Close close it", async ({ page }) => {
    await page.goto("/services");
    const opener = page.getByRole("link", {
      name: "View the picture of Band 7 Intensive Weekend Bootcamp full size",
    });
    await opener.click();
    await expect(dialog(page)).toBeVisible();
    await expect(
      dialog(page).getByRole("img", { name: "Band 7 Intensive Weekend Bootcamp" }),
    ).toBeVisible();
    await expect(dialog(page)).toContainText("(1 of 9)");
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog(page).getByRole("button", { name: "Close" }).click();
    await expect(dialog(page)).toBeHidden();
  });

  async function drag(page: Page, dx: number, dy: number) {
    const box = await page.getByTestId("lightbox-stage").boundingBox();
    if (!box) throw new Error("no stage");
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y + dy / 2);
    await page.mouse.move(x + dx, y + dy);
    await page.mouse.up();
  }

  test("a swipe of 40 px changes the picture; a shorter one does not", async ({ page }) => {
    await page.goto("/services");
    await page
      .getByRole("link", { name: /^View the picture of/ })
      .first()
      .click();
    await expect(dialog(page)).toContainText("(1 of 9)");
    await drag(page, -30, 0);
    await expect(dialog(page)).toContainText("(1 of 9)");
    await drag(page, -45, 0);
    await expect(dialog(page)).toContainText("(2 of 9)");
    await drag(page, 45, 0);
    await expect(dialog(page)).toContainText("(1 of 9)");
    await page.keyboard.press("ArrowRight");
    await expect(dialog(page)).toContainText("(2 of 9)");
  });

  test("pulling down 100 px closes it; a shorter pull does not", async ({ page }) => {
    await page.goto("/services");
    await page
      .getByRole("link", { name: /^View the picture of/ })
      .first()
      .click();
    await drag(page, 0, 80);
    await expect(dialog(page)).toBeVisible();
    await drag(page, 0, 110);
    await expect(dialog(page)).toBeHidden();
  });

  test("without JavaScript the image link opens the picture itself", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/services");
    await page
      .getByRole("link", { name: /^View the picture of/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/images\/services\/band-7-bootcamp\.svg$/);
    await context.close();
  });
});
