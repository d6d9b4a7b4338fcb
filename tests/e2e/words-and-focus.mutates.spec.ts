import { signUpDirectly } from "./support/accounts.ts";
import { holdPosts } from "./support/held-posts.ts";
import { expect, test } from "./support/test.ts";

// Posting a review changes a course's rating, so this runs after the tests that read ratings.

test("a button says what it does while it works, and focus lands on the result or the new page's heading", async ({
  page,
}) => {
  test.slow(); // Sign-up, three navigations and a held-back post.
  await page.goto("/");
  await signUpDirectly(page, { name: "Kenji Mori" });

  // A link to another page: focus on its heading, as after a full load.
  await page.getByRole("link", { name: "See All" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeFocused();
  // A filter on the same page leaves focus where it is.
  const sort = page.getByLabel("Sort by");
  // As a keyboard user changes it: the arrow key picks the next order, which applies at once.
  await sort.focus();
  await sort.press("ArrowDown");
  await expect(page).toHaveURL(/sort=price-low/);
  await expect(sort).toBeFocused();

  // The course by its name (other tests add courses, so it is not always on the first page).
  await page.getByLabel("Search courses").fill("grammar accuracy");
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByRole("link", { name: "Details of Grammar for IELTS: Accuracy and Range" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await page.getByRole("radio", { name: "4 out of 5 stars" }).check({ force: true });
  await page.getByLabel("Your review", { exact: true }).fill("Clear rules and useful exercises.");
  // Hold the post back a moment, as a slow network would, to see the button while it works.
  const release = await holdPosts(page, (url) => url.pathname.includes("/services/"));
  await page.getByRole("button", { name: "Review", exact: true }).click();
  await expect(page.getByRole("button", { name: "Posting…" })).toBeDisabled();
  release();
  const result = page.locator("[data-action-result]");
  await expect(result).toContainText("You have reviewed this course.");
  await expect(result).toBeFocused();
  await expect(
    page.getByRole("status").filter({ hasText: "Review successfully added" }),
  ).toBeVisible();
});

test("a password can be shown and hidden once the page runs JavaScript, and without it stays a plain field", async ({
  page,
  browser,
}) => {
  await page.goto("/login");
  const password = page.getByLabel("Password");
  await password.fill("my secret words");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(page.getByRole("button", { name: "Hide" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(password).toHaveAttribute("type", "password");

  const plain = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto("/login");
  await expect(noScript.getByLabel("Password")).toHaveAttribute("type", "password");
  await expect(noScript.getByRole("button", { name: "Show" })).toHaveCount(0);
  await plain.close();
});

test("every focus ring shows: inside a card's clipped image, and white on the navy hero", async ({
  page,
}) => {
  await page.goto("/");
  const heroButton = page.locator('[data-surface="dark"]').getByRole("link").first();
  await heroButton.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(heroButton).toBeFocused();
  // The button's colours (its ring's too) ease in over 150 ms: the ring ends white.
  await expect
    .poll(() => heroButton.evaluate((element) => getComputedStyle(element).outlineColor))
    .toBe("rgb(255, 255, 255)");
  const imageLink = page.getByRole("link", { name: /^View the picture of/ }).first();
  await imageLink.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(imageLink).toBeFocused();
  const ring = await imageLink.evaluate((element) => {
    const style = getComputedStyle(element);
    return { width: style.outlineWidth, offset: style.outlineOffset, style: style.outlineStyle };
  });
  // Drawn inside the link, so the card's rounded clipping cannot cut it off.
  expect(ring).toEqual({ width: "2px", offset: "-4px", style: "solid" });
});
