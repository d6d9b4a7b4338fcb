import type { Page } from "@playwright/test";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

const cardNames = (page: Page) => page.locator("main article").getByRole("heading");
const search = (page: Page) => page.getByRole("search", { name: "Search the courses" });
/** The "Filters" disclosure's own button (a <summary>): it says how many filters are in use. */
const filters = (page: Page) => search(page).locator("summary", { hasText: /^Filters/ });

const PHONE = { width: 390, height: 844 };

/**
 * A visitor on a phone sees a course without scrolling: the first card starts on the first
 * screen, and its name is there whole (the card's top alone can be a strip of its picture).
 */
async function expectFirstCourseOnTheFirstScreen(page: Page) {
  const card = page.locator("main article").first();
  const box = await card.boundingBox();
  expect(box, "the first course card is laid out").not.toBeNull();
  expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(PHONE.height);
  const name = await card.getByRole("heading").boundingBox();
  expect(name, "the first course's name is laid out").not.toBeNull();
  expect((name?.y ?? 0) + (name?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(
    PHONE.height,
  );
}

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
    viewport: PHONE,
  });
  const page = await context.newPage();
  await page.goto("/services");
  await expectFirstCourseOnTheFirstScreen(page);
  await search(page).getByLabel("Search courses").fill("essays");
  // The other fields are folded away; the browser's own disclosure opens them, no script needed.
  await expect(search(page).getByLabel("Sort by")).toBeHidden();
  await filters(page).click();
  await search(page).getByLabel("Sort by").selectOption("Price: low to high");
  await search(page).getByLabel("Price to ($)").fill("46");
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("1 course matches your search.")).toBeVisible();
  await expect(cardNames(page)).toHaveText(["IELTS Writing Task 2: Essay Mastery"]);
  // The answer shows the filters in use, open, with what was chosen.
  await expect(filters(page)).toHaveText(/^Filters \(2 in use\)$/);
  await expect(search(page).getByLabel("Sort by")).toBeVisible();
  await expect(search(page).getByLabel("Sort by")).toHaveValue("price-low");
  await expect(search(page).getByLabel("Price to ($)")).toHaveValue("46");

  await search(page).getByLabel("Search courses").fill("zzzz");
  await search(page).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "No course matches your search." })).toBeVisible();
  await page.getByRole("link", { name: "Show all courses" }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(cardNames(page)).toHaveCount(9);
  await context.close();
});

test("on a phone the search box and the first course are on the first screen, the other filters behind a Filters disclosure, open while one is in use", async ({
  page,
}) => {
  test.slow(); // Five page loads in one flow.
  await page.setViewportSize(PHONE);
  await page.goto("/services");
  await expectFirstCourseOnTheFirstScreen(page);
  await expect(search(page).getByLabel("Search courses")).toBeInViewport();
  await expect(filters(page)).toHaveText(/^Filters$/);
  for (const label of ["Sort by", "IELTS module", "Price from ($)", "Price to ($)"]) {
    await expect(search(page).getByLabel(label)).toBeHidden();
  }
  await expectAccessible(page);

  // Opened, the fields work as they do on a wide screen: a changed module applies at once.
  await filters(page).click();
  await search(page).getByLabel("IELTS module").selectOption("General Training");
  await expect(page).toHaveURL(/module=general/);
  await expect(page.getByText("12 courses match your search.")).toBeVisible();
  await expect(filters(page)).toHaveText(/^Filters \(1 in use\)$/);
  await expect(search(page).getByLabel("IELTS module")).toBeVisible();
  await expectAccessible(page);

  // Arriving at an address with a filter in use (a shared link, Back), it is open too ...
  await page.goto("/services?sort=price-high");
  await expect(search(page).getByLabel("Sort by")).toHaveValue("price-high");
  await expect(search(page).getByLabel("Sort by")).toBeVisible();
  // ... and so it is when a filter is refused, to show why beside the field.
  await page.goto("/services?minPrice=-5");
  await expect(search(page).getByLabel("Price from ($)")).toBeVisible();
  await expect(search(page).getByLabel("Price from ($)")).toHaveAccessibleDescription(
    "The lowest price cannot be negative.",
  );
  // Words alone are no filter: the disclosure stays shut, the courses on the first screen.
  await page.goto("/services?q=writing&sort=newest&module=&minPrice=&maxPrice=");
  await expect(search(page).getByLabel("Search courses")).toHaveValue("writing");
  await expect(search(page).getByLabel("Sort by")).toBeHidden();
  await expectFirstCourseOnTheFirstScreen(page);
});

test("on a wide screen the search form is one row, with no disclosure", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/services");
  await expect(filters(page)).toBeHidden();
  const tops = await Promise.all(
    ["Search courses", "Sort by", "IELTS module", "Price from ($)", "Price to ($)"].map(
      async (label) => (await search(page).getByLabel(label).boundingBox())?.y,
    ),
  );
  const button = await search(page).getByRole("button", { name: "Search" }).boundingBox();
  // Side by side: each field (an input, a select, the button) starts within a few pixels of the
  // search box, never a row below it.
  const first = tops[0] ?? Number.POSITIVE_INFINITY;
  for (const top of [...tops, button?.y]) {
    expect(Math.abs((top ?? Number.POSITIVE_INFINITY) - first)).toBeLessThan(12);
  }
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
