import type { Page } from "@playwright/test";
import { openDatabase } from "../../db/index.ts";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { insertReview, insertService, insertUser } from "../support/fixtures.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// A course of its own with twelve reviews (it joins the catalogue's last page, so this runs with
// the tests that change the catalogue).
test.describe.configure({ mode: "serial" });

const STARS = [5, 5, 5, 5, 4, 4, 4, 3, 3, 2, 1, 5];
let courseId = "";

test.beforeAll(async () => {
  const { db } = openDatabase(e2eDatabaseUrl);
  try {
    courseId = await insertService(db, {
      name: "Summary Test Course",
      description: "A course with a dozen reviews, made for the end-to-end tests.",
      createdAt: new Date("2020-01-01T00:00:00Z"),
    });
    for (const [n, rating] of STARS.entries()) {
      const userId = await insertUser(db, { name: `Reviewer ${n + 1}` });
      const reviewId = await insertReview(db, {
        serviceId: courseId,
        userId,
        rating,
        message: `Review number ${n + 1}.`,
        createdAt: new Date(Date.UTC(2026, 0, n + 1)),
      });
      // Three students reported their band: Academic 6.0 → 7.0, 6.5 → 7.0, 5.5 → 6.5.
      const bands = [
        [6, 7],
        [6.5, 7],
        [5.5, 6.5],
      ][n];
      if (bands) {
        await db
          .updateTable("reviews")
          .set({
            ielts_module: "academic",
            band_before: bands[0],
            band_achieved: bands[1],
            test_month: "2026-03",
          })
          .where("id", "=", reviewId)
          .execute();
      }
    }
  } finally {
    await db.destroy();
  }
});

const reviewItems = (page: Page) =>
  page.getByRole("list", { name: "Reviews" }).getByRole("listitem");

test("the summary, its star filters, the sorts, the module filter and 'Show more' work in place", async ({
  page,
}) => {
  await page.goto(`/services/${courseId}`);
  await expect(page.getByText("12 ratings · 12 reviews")).toBeVisible();
  await expect(
    page.getByText("3 students reported their band: median 7.0 achieved, average gain +0.8"),
  ).toBeVisible();
  await expect(page.getByText("Academic · Band 5.5 → 6.5 · March 2026")).toBeVisible();
  await expect(reviewItems(page)).toHaveCount(10);
  await expectAccessible(page);
  await page.evaluate(() => {
    (window as { stayed?: boolean }).stayed = true;
  });

  await page.getByRole("link", { name: /^Show more/ }).click();
  await expect(reviewItems(page)).toHaveCount(12);
  await expect(page).toHaveURL(/page=2/);

  await page.getByRole("link", { name: "4 stars: 3 reviews (25%)" }).click();
  await expect(reviewItems(page)).toHaveCount(3);
  for (const item of await reviewItems(page).all()) {
    await expect(item.getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Showing 4-star reviews: show all reviews" }).click();
  await expect(reviewItems(page)).toHaveCount(10);

  await page.getByLabel("Sort by").selectOption("lowest");
  await expect(
    reviewItems(page).first().getByRole("img", { name: "1 out of 5 stars" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/sort=lowest/);
  await page.getByLabel("IELTS module").selectOption("academic");
  await expect(reviewItems(page)).toHaveCount(3);
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
});

test("a signed-in student marks a review helpful and takes it back", async ({ page }) => {
  await page.goto("/");
  await signUpDirectly(page, { name: "Voting Vera" });
  await page.goto(`/services/${courseId}?sort=newest`);
  const first = reviewItems(page).first();
  await first.getByRole("button", { name: /^Helpful \(0\): mark as helpful/ }).click();
  const pressed = first.getByRole("button", { name: /^Helpful \(1\): take back your vote/ });
  // The vote and the list's reload take a few seconds on a loaded two-core machine.
  await expect(pressed).toHaveAttribute("aria-pressed", "true", { timeout: 15_000 });
  await page.getByLabel("Sort by").selectOption("helpful");
  await expect(reviewItems(page).first()).toContainText("Review number 12.", { timeout: 15_000 });
  await reviewItems(page)
    .first()
    .getByRole("button", { name: /^Helpful \(1\)/ })
    .click();
  await expect(
    reviewItems(page)
      .first()
      .getByRole("button", { name: /^Helpful \(0\)/ }),
  ).toHaveAttribute("aria-pressed", "false", { timeout: 15_000 });
});

test("without JavaScript the filters, the sort, 'Show more' and votes work as links and forms", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.246.0.9" },
  });
  const page = await context.newPage();
  try {
    await page.goto("/");
    await signUpDirectly(page, { name: "Plain Pat" });
    await page.goto(`/services/${courseId}`);
    await page.getByRole("link", { name: "5 stars: 5 reviews (42%)" }).click();
    await expect(reviewItems(page)).toHaveCount(5);
    await page.getByLabel("Sort by").selectOption("lowest");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/stars=5/);
    await expect(page).toHaveURL(/sort=lowest/);
    await expect(reviewItems(page)).toHaveCount(5);
    await page.goto(`/services/${courseId}`);
    await page.getByRole("link", { name: /^Show more/ }).click();
    await expect(reviewItems(page)).toHaveCount(12);
    await reviewItems(page)
      .first()
      .getByRole("button", { name: /mark as helpful/ })
      .click();
    await expect(
      reviewItems(page)
        .first()
        .getByRole("button", { name: /take back your vote/ }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
