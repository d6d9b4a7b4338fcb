import { expectAccessible } from "./support/axe.ts";
import { e2eFixtures } from "./support/fixtures.ts";
import { expect, test } from "./support/test.ts";

test("a course without reviews shows its details, 'No ratings yet' and 'please add a review'", async ({
  page,
}) => {
  await page.goto("/services");
  await page.getByRole("link", { name: "Details of IELTS SPEED Membership (90 days)" }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(
    "IELTS SPEED Membership (90 days)",
  );
  await expect(main.getByRole("img", { name: "IELTS SPEED Membership (90 days)" })).toBeVisible();
  await expect(main).toContainText("Price: $ 89");
  await expect(main).toContainText("Ninety days of full access");
  await expect(main.getByText("No ratings yet")).toBeVisible();
  await expect(main.getByRole("link", { name: "Enroll Today" })).toBeVisible();
  await expect(main.getByText("please add a review")).toBeVisible();
  const login = main.getByRole("link", { name: "Log in to add a review" });
  await expect(login).toHaveAttribute("href", /^\/login\?redirectTo=%2Fservices%2F[\w-]+$/);
  await expect(main.getByRole("textbox")).toHaveCount(0);
  await expectAccessible(page);
});

test("a reviewed course shows its rating and reviews newest first, as text", async ({ page }) => {
  await page.goto("/services?page=2");
  await page.getByRole("link", { name: `Details of ${e2eFixtures.reviewedCourse.name}` }).click();
  const main = page.getByRole("main");
  await expect(main.getByRole("article").getByText("4.5 out of 5 stars")).toBeAttached();
  await expect(main).toContainText("(2 reviews)");
  // The summary above the reviews says the same, with a bar per star.
  await expect(main.getByText("2 ratings · 2 reviews")).toBeVisible();
  await expect(main.getByRole("link", { name: "5 stars: 1 review (50%)" })).toBeVisible();

  const reviews = main.getByRole("list", { name: "Reviews" }).getByRole("listitem");
  await expect(reviews).toHaveCount(2);
  const [older, newer] = e2eFixtures.reviewedCourse.reviews;
  await expect(reviews.nth(0)).toContainText(newer.author);
  await expect(reviews.nth(0)).toContainText(newer.message);
  await expect(
    reviews.nth(0).getByRole("img", { name: `${newer.author} has no photo` }),
  ).toBeVisible();
  await expect(reviews.nth(0).getByRole("img", { name: "4 out of 5 stars" })).toBeVisible();
  await expect(reviews.nth(1)).toContainText(older.author);
  await expect(
    reviews.nth(1).getByRole("img", { name: `Photo of ${older.author}` }),
  ).toHaveAttribute("src", older.photo);
  await expect(main.getByText("please add a review")).toHaveCount(0);
  await expectAccessible(page);
});

test("the details page is rendered with its data before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/services?page=2");
  await page.getByRole("link", { name: `Details of ${e2eFixtures.reviewedCourse.name}` }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(e2eFixtures.reviewedCourse.name);
  await expect(page.getByRole("main")).toContainText(e2eFixtures.reviewedCourse.reviews[0].message);
  await context.close();
});
