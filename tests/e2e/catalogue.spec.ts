import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

const cardNames = (page: Page) => page.locator("main article").getByRole("heading");
const search = (page: Page) => page.getByRole("search", { name: "Search the courses" });

test("search, sort, filter and paging work together, and the choices stay in the address", async ({
  page,
}) => {
  test.slow(); // Eight page loads in one flow.
  await page.goto("/services");
  await search(page).getByLabel("Search courses").fill("essays");
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("4 courses match your search.")).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=essays/);
  // With JavaScript a changed sort applies at once.
  await search(page).getByLabel("Sort by").selectOption("Price: high to low");
  await expect(page).toHaveURL(/sort=price-high/);
  await expect(cardNames(page)).toHaveText([
    "IELTS MASTER Membership (180 days)",
    "IELTS SPEED Membership (90 days)",
    "15 Full IELTS Practice Tests with Model Answers",
    "IELTS Writing Task 2: Essay Mastery",
  ]);
  await expectAccessible(page);

  // A course for both modules counts for each; the page links keep every choice.
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(search(page).getByLabel("Search courses")).toHaveValue("");
  await search(page).getByLabel("IELTS module").selectOption("General Training");
  await expect(page.getByText("12 courses match your search.")).toBeVisible();
  await search(page).getByLabel("Sort by").selectOption("Price: low to high");
  await expect(cardNames(page).first()).toHaveText("Grammar for IELTS: Accuracy and Range");
  await page
    .getByRole("navigation", { name: "Pages of services" })
    .getByRole("link", { name: "2", exact: true })
    .click();
  await expect(page).toHaveURL(/module=general/);
  await expect(page).toHaveURL(/sort=price-low/);
  await expect(page).toHaveURL(/page=2/);
  await expect(cardNames(page)).toHaveCount(3);
  await expect(cardNames(page).last()).toHaveText("IELTS MASTER Membership (180 days)");

  // The empty result, as axe sees it (axe needs the page's JavaScript).
  await page.goto("/services?q=zzzz");
  await expect(page.getByRole("heading", { name: "No course matches your search." })).toBeVisible();
  await expectAccessible(page);
});

test("on a phone without JavaScript the form searches by its button, and an empty result offers the way back", async ({
  browser,
}) => {
  test.slow(); // Five page loads in one flow.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/services");
  await search(page).getByLabel("Search courses").fill("essays");
  await search(page).getByLabel("Sort by").selectOption("Price: low to high");
  await search(page).getByLabel("Price to ($)").fill("46");
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 course matches your search.")).toBeVisible();
  await expect(cardNames(page)).toHaveText(["IELTS Writing Task 2: Essay Mastery"]);

  await search(page).getByLabel("Search courses").fill("zzzz");
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No course matches your search." })).toBeVisible();
  await page.getByRole("link", { name: "Show all courses" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(cardNames(page)).toHaveCount(9);
  await context.close();
});

test("a course page shows its details and what you will learn; its card says them in short", async ({
  page,
}) => {
  await page.goto("/services");
  const card = page.locator("main article").first();
  await expect(card).toContainText("Academic & General · Band 6.5–7.0 · 2 days · Live classes");
  await card.getByRole("link", { name: /^Details of/ }).click();
  const facts = page.locator("dl");
  await expect(facts).toContainText("IELTS moduleAcademic and General Training");
  await expect(facts).toContainText("LevelBand 6.5–7.0");
  await expect(facts).toContainText("Length2 days");
  await expect(facts).toContainText("FormatLive classes");
  const learn = page.getByRole("region", { name: "What you will learn" });
  await expect(learn.getByRole("listitem")).toHaveCount(3);
  await expectAccessible(page);
});
