import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { PASSWORD, signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// Posting reviews changes courses' ratings, so these run after the tests that read them.

async function openCourse(page: Page, name: string) {
  // Found by name: the other tests add courses, which moves courses between the catalogue's pages.
  for (const listPage of [`/services?q=${encodeURIComponent(name)}`]) {
    await page.goto(listPage);
    const details = page.getByRole("link", { name: `Details of ${name}` });
    if ((await details.count()) > 0) {
      await details.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
      return;
    }
  }
  throw new Error(`${name} is not in the catalogue`);
}

/** Clicks the star itself, as a person would; the radio inside is visually hidden. */
async function chooseStars(page: Page, stars: number) {
  const radio = page.getByRole("radio", { name: `${stars} out of 5 stars` });
  await page.locator("label", { has: radio }).click();
  await expect(radio).toBeChecked();
}

const reviewsList = (page: Page) =>
  page.getByRole("list", { name: "Reviews" }).getByRole("listitem");

/**
 * Takes back, through the JSON API, every review the student with this e-mail address wrote, if
 * there is such a student (their session cookie stays in the request's context).
 */
async function takeBackReviewsOf(request: APIRequestContext, origin: string, email: string) {
  const signIn = await request.post("/api/auth/sign-in/email", {
    data: { email, password: PASSWORD },
  });
  if (!signIn.ok()) return;
  const reviews = (await (await request.get("/api/my-reviews")).json()) as { _id: string }[];
  for (const review of reviews) {
    // A write made with a session cookie comes from the site's own pages, or it is refused.
    const deleted = await request.delete(`/api/reviews/${review._id}`, { headers: { origin } });
    if (!deleted.ok()) throw new Error(`could not take back ${review._id}: ${deleted.status()}`);
  }
}

test("a student posts, edits and deletes a review, and the rating follows", async ({
  page,
}, testInfo) => {
  // One whole journey: a dozen pages and four accessibility checks take about 15 s alone, and
  // twice that on a busy machine, where the default 30 s cut it short at random.
  test.slow();
  // A retry finds the course as the failed attempt left it, maybe with that attempt's review: it
  // is taken back first, as the student who wrote it. One address per attempt (the end-to-end
  // database is new for every run), so that an attempt knows its predecessors'.
  const studentOfAttempt = (attempt: number) => `priya-attempt-${attempt}@example.com`;
  const origin = new URL(testInfo.project.use.baseURL ?? "").origin;
  for (let earlier = 0; earlier < testInfo.retry; earlier++) {
    await takeBackReviewsOf(page.request, origin, studentOfAttempt(earlier));
  }
  await page.context().clearCookies();
  await page.goto("/");
  await signUpDirectly(page, { name: "Priya Patel", email: studentOfAttempt(testInfo.retry) });
  const course = "IELTS Listening: Strategies for All Four Sections";
  await openCourse(page, course);
  await expect(page.getByRole("main").getByText("No ratings yet")).toBeVisible();
  await expectAccessible(page);

  const text = "<b>Bold claim</b> The map questions finally make sense.";
  await chooseStars(page, 4);
  await page.getByLabel("Your review", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Review", exact: true }).click();
  await expect(page.getByText("Review successfully added")).toBeVisible();
  await expect(reviewsList(page).first()).toContainText("Priya Patel");
  await expect(reviewsList(page).first()).toContainText(text);
  await expect(
    reviewsList(page).first().getByRole("img", { name: "4 out of 5 stars" }),
  ).toBeVisible();
  await expect(page.getByRole("article").getByText("4.0 out of 5 stars")).toBeAttached();
  await expect(page.getByRole("main")).toContainText("(1 review)");
  await expect(page.getByLabel("Your review", { exact: true })).toHaveCount(0);

  await page.getByRole("link", { name: "Edit your review" }).click();
  await expect(page.getByRole("heading", { name: "Update your review" })).toBeVisible();
  await expect(page.getByText(course)).toBeVisible();
  await expect(page.getByText(/Reviewing as .+@example\.com/)).toBeVisible();
  await expect(page.getByLabel("4 out of 5 stars")).toBeChecked();
  await expect(page.getByLabel("Your review", { exact: true })).toHaveValue(text);
  await expectAccessible(page);
  await chooseStars(page, 2);
  await page.getByLabel("Your review", { exact: true }).fill("Second thoughts: too fast for me.");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Review updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/my-reviews$/);
  await expect(page.getByRole("table")).toContainText("Second thoughts: too fast for me.");
  await expectAccessible(page);

  await openCourse(page, course);
  await expect(page.getByRole("article").getByText("2.0 out of 5 stars")).toBeAttached();

  await page.goto("/my-reviews");
  const deleteLink = page.getByRole("link", { name: `Delete your review of ${course}` });
  await deleteLink.click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("table")).toContainText("Second thoughts");
  await deleteLink.click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Review Delete Success")).toBeVisible();
  await expect(page.getByText("No reviews were added")).toBeVisible();

  await openCourse(page, course);
  await expect(page.getByRole("main").getByText("No ratings yet")).toBeVisible();
});

/** Presses Tab from the top of the course until the focus enters `group`. */
async function tabInto(group: Locator) {
  const page = group.page();
  await page.getByRole("link", { name: "Enroll Today" }).focus();
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press("Tab");
    const inside = await group.evaluate((element) => element.contains(document.activeElement));
    if (inside) return;
  }
  throw new Error("Tab never reached the star rating");
}

test("the star rating is a keyboard-operable radio group", async ({ page }) => {
  await page.goto("/");
  await signUpDirectly(page);
  await openCourse(page, "Grammar for IELTS: Accuracy and Range");
  const group = page.getByRole("group", { name: "Rating" });
  await expect(group.getByRole("radio")).toHaveCount(5);
  const star = (n: number) => page.getByLabel(`${n} out of 5 stars`);
  // Tab reaches the first star while none is chosen.
  await tabInto(group);
  await expect(star(1)).toBeFocused();
  // The arrow keys follow the order on screen: right and down go up a star, left and up down one.
  await page.keyboard.press("ArrowRight");
  await expect(star(2)).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(star(4)).toBeChecked();
  await page.keyboard.press("ArrowLeft");
  await expect(star(3)).toBeChecked();
  await page.keyboard.press("ArrowUp");
  await expect(star(2)).toBeChecked();
  // The stars up to the chosen one are filled, the rest not.
  const filled = await group
    .locator("label")
    .evaluateAll((labels) => labels.map((label) => getComputedStyle(label).color));
  expect(filled[0]).toBe(filled[1]);
  expect(filled[1]).not.toBe(filled[2]);
  // Back in the group, Tab lands on the chosen star.
  await tabInto(group);
  await expect(star(2)).toBeFocused();
});

test("a review sent after the session ended gets 'Please Login' and is not stored", async ({
  page,
}) => {
  await page.goto("/");
  await signUpDirectly(page);
  const course = "Vocabulary for Band 7 and Above";
  await openCourse(page, course);
  await page.context().clearCookies();
  await chooseStars(page, 5);
  await page.getByLabel("Your review", { exact: true }).fill("Sent from a stale page");
  await page.getByRole("button", { name: "Review", exact: true }).click();
  await expect(page.getByText("Please Login")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("main")).not.toContainText("Sent from a stale page");
  await expect(page.getByRole("link", { name: "Log in to add a review" })).toBeVisible();
});

test("posting, editing and deleting work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.249.0.1" },
  });
  const page = await context.newPage();
  await page.goto("/");
  await signUpDirectly(page, { name: "Plain Form" });
  const course = "IELTS Speaking Confidence: Parts 1, 2 and 3";
  await openCourse(page, course);
  await chooseStars(page, 5);
  await page.getByLabel("Your review", { exact: true }).fill("Works with plain forms.");
  await page.getByRole("button", { name: "Review", exact: true }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Review successfully added" }),
  ).toBeVisible();
  await expect(reviewsList(page).first()).toContainText("Works with plain forms.");

  await page.getByRole("link", { name: "Edit your review" }).click();
  await page.getByLabel("Your review", { exact: true }).fill("Edited with plain forms.");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Review updated successfully" }),
  ).toBeVisible();

  await page.getByRole("link", { name: `Delete your review of ${course}` }).click();
  await expect(
    page.getByRole("heading", { name: "Are you sure you want to delete" }),
  ).toBeVisible();
  await page
    .getByRole("region", { name: "Are you sure you want to delete" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Review Delete Success" })).toBeVisible();
  await expect(page.getByText("No reviews were added")).toBeVisible();
  await context.close();
});

test("my reviews are a table on wide screens and cards on small ones", async ({ page }) => {
  await page.goto("/");
  await signUpDirectly(page);
  await openCourse(page, "IELTS General Training: Reading and Letter Writing");
  await chooseStars(page, 3);
  await page.getByLabel("Your review", { exact: true }).fill("Letters are clearer now.");
  await page.getByRole("button", { name: "Review", exact: true }).click();
  await expect(page.getByText("Review successfully added")).toBeVisible();
  await page.goto("/my-reviews");
  await expect(page.getByRole("table")).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("table")).toBeHidden();
  await expect(
    page.getByRole("listitem").filter({ hasText: "Letters are clearer now." }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("adding a service works without JavaScript, with errors next to the fields", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.249.0.2" },
  });
  const page = await context.newPage();
  await page.goto("/");
  await signUpDirectly(page);
  await page.goto("/add-service");
  await page.getByLabel("Service Name").fill("Reading speed workshop");
  await page.getByLabel("Price").fill("10.555");
  await page.getByLabel("Description").fill("Read faster without losing the thread.");
  // The browser's own step check would stop 10.555; the server must say it too.
  await page.locator("main form").evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Price")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("at most two decimals")).toBeVisible();
  await page.getByLabel("Price").fill("10.55");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Successfully added a service" }),
  ).toBeVisible();
  await expect(page.locator("main article").first().getByRole("heading")).toHaveText(
    "Reading speed workshop",
  );
  await context.close();
});
