import type { Page } from "@playwright/test";
import { openDatabase } from "../../db/index.ts";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { insertReview, insertService, insertUser } from "../support/fixtures.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { PASSWORD, signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { e2eFixtures } from "./support/fixtures.ts";
import { expect, test } from "./support/test.ts";

// Phones: no page scrolls sideways, and the header's menus work with and without JavaScript.
// The signed-in pages need a course and a review of the student's own, which join the catalogue's
// last page: so this runs with the tests that change the catalogue.

const SMALL_PHONE = { width: 320, height: 700 };
const PHONE = { width: 390, height: 844 };

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const menuButton = (page: Page) => nav(page).getByLabel("Menu", { exact: true });

/**
 * Loads `path` at 320 px, then looks at 320 and 390 px: the page must be no wider than the
 * screen. On failure the message names the elements that stick out, to say what to fix.
 */
async function expectNoSidewaysScroll(page: Page, path: string, status = 200) {
  await page.setViewportSize(SMALL_PHONE);
  const response = await page.goto(path);
  expect(response?.status(), `${path} answered`).toBe(status);
  for (const viewport of [SMALL_PHONE, PHONE]) {
    await page.setViewportSize(viewport);
    const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      wide: [...document.body.querySelectorAll("*")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(-3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`),
    }));
    expect
      .soft(scrollWidth, `${path} at ${viewport.width} px is wider than the screen: ${wide}`)
      .toBeLessThanOrEqual(innerWidth);
  }
}

function courseIdNamed(name: string): Promise<string> {
  const { db } = openDatabase(e2eDatabaseUrl);
  return db
    .selectFrom("services")
    .select("id")
    .where("name", "=", name)
    .executeTakeFirstOrThrow()
    .then((row) => row.id)
    .finally(() => db.destroy());
}

test("no public page scrolls sideways on a phone", async ({ page }) => {
  test.slow();
  const course = await courseIdNamed(e2eFixtures.reviewedCourse.name);
  for (const path of [
    "/",
    "/services",
    "/services?page=2",
    `/services/${course}`,
    `/services/${course}/enroll`,
    "/blog",
    "/blog/tag/node-js",
    "/blog/nodejs-concurrency",
    "/contact",
    "/login",
    "/register",
    "/reset-password",
    "/login/two-factor",
  ]) {
    await expectNoSidewaysScroll(page, path);
  }
  await expectNoSidewaysScroll(page, "/no-such-page", 404);
  // A confirmation link without its token says so (400).
  await expectNoSidewaysScroll(page, "/verify-email", 400);
});

test("no signed-in page scrolls sideways on a phone, the owner's included", async ({ page }) => {
  test.slow();
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Phone Owner" });
  await makeOwnerOf(e2eDatabaseUrl, email);
  const { db } = openDatabase(e2eDatabaseUrl);
  let course = "";
  let review = "";
  try {
    const { id: owner } = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    course = await insertService(db, {
      name: "Phone Layout Course: Academic Writing Task 2 Essentials",
      description: "A course of the phone layout test, with reviews from its owner and others.",
      createdAt: new Date("2020-01-01T00:00:00Z"),
      createdBy: owner,
    });
    review = crypto.randomUUID();
    await insertReview(db, {
      id: review,
      serviceId: course,
      userId: owner,
      rating: 4,
      message: "Clear lessons. ".repeat(20),
    });
    const other = await insertUser(db, { name: "Another Student" });
    await insertReview(db, { serviceId: course, userId: other, rating: 5 });
  } finally {
    await db.destroy();
  }
  for (const path of [
    "/my-reviews",
    "/my-courses",
    "/add-service",
    `/update/${review}`,
    `/services/${course}`,
    `/services/${course}/edit`,
    "/admin",
    "/admin/site",
    "/admin/webhooks",
    "/admin/newsletter/new",
    "/account",
    "/account/password",
    "/account/sessions",
    "/account/two-factor",
    "/account/delete",
  ]) {
    await expectNoSidewaysScroll(page, path);
  }
});

test("on a phone the links sit behind 'Menu', which closes on Escape and on navigation", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const courses = nav(page).getByRole("link", { name: "Courses" });
  await expect(courses).toBeHidden();
  await menuButton(page).click();
  for (const link of ["Home", "Courses", "Blog", "Contact", "Login"]) {
    await expect(nav(page).getByRole("link", { name: link, exact: true })).toBeVisible();
  }
  await expectAccessible(page);

  await page.keyboard.press("Escape");
  await expect(courses).toBeHidden();
  await expect(menuButton(page)).toBeFocused();

  await menuButton(page).click();
  await courses.click();
  await expect(page).toHaveTitle("Services - IELTS Hub");
  await expect(courses).toBeHidden();
});

test("the phone menu works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: SMALL_PHONE });
  const page = await context.newPage();
  await page.goto("/");
  await menuButton(page).click();
  await nav(page).getByRole("link", { name: "Courses" }).click();
  await expect(page).toHaveTitle("Services - IELTS Hub");
  await expect(nav(page).getByRole("link", { name: "Courses" })).toBeHidden();
  await context.close();
});

test("the avatar opens the account menu; toasts show at the bottom of a phone", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/login");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  // react-hot-toast's toast (the page's spinner is a status too, but not a live region).
  const toast = page.locator("[role=status][aria-live]").first();
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThan(PHONE.height / 2);

  const { email } = await signUpDirectly(page, { name: "Menu Student" });
  await page.goto("/");
  const account = nav(page).getByLabel("Account menu of Menu Student");
  const logOut = nav(page).getByRole("button", { name: "Log Out" });
  await expect(logOut).toBeHidden();
  await account.click();
  await expect(nav(page).getByText(email)).toBeVisible();
  for (const link of ["My Review", "My Courses", "Add Service"]) {
    await expect(nav(page).getByRole("link", { name: link })).toBeVisible();
  }
  await expect(nav(page).getByRole("link", { name: "Admin" })).toHaveCount(0);
  await expect(logOut).toBeVisible();
  await expectAccessible(page);

  await page.keyboard.press("Escape");
  await expect(logOut).toBeHidden();
  await expect(account).toBeFocused();

  await account.click();
  await nav(page).getByRole("link", { name: "My Courses" }).click();
  await expect(page).toHaveTitle("My Courses - IELTS Hub");
  await expect(logOut).toBeHidden();
});
