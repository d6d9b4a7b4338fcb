import type { Page } from "@playwright/test";
import { openDatabase } from "../../db/index.ts";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { insertReview, insertService } from "../support/fixtures.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { openAccountMenu } from "./support/header.ts";
import { expect, test } from "./support/test.ts";

// Adds courses to the catalogue (and an owner): this runs with the tests that change it.

/** An unbroken word of `length` characters, as a pasted link or a long compound would be. */
function unbroken(length: number) {
  return "Donaudampfschifffahrtsgesellschaftskapitaenswitwe".repeat(10).slice(0, length);
}

// Each written in Arabic first, then one long word: the longest each field takes (an account's
// name 100 characters, a course's name 120), and a review with a word of 200 characters.
const ACCOUNT_NAME = `ليلى حداد ${unbroken(90)}`;
const COURSE_NAME = `دورة الكتابة الأكاديمية ${unbroken(96)}`;
const REVIEW = `ممتاز جدا، شكرا للمعلمة. ${unbroken(200)}`;
/** The start of each, to find it on a page. */
const ARABIC_STARTS = ["ليلى حداد", "دورة الكتابة", "ممتاز جدا"];

test("long words and right-to-left names stay on a phone's screen and read the right way round", async ({
  page,
}) => {
  test.slow(); // Six pages at a phone's width.
  expect(ACCOUNT_NAME).toHaveLength(100);
  expect(COURSE_NAME).toHaveLength(120);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: ACCOUNT_NAME });
  await makeOwnerOf(e2eDatabaseUrl, email);
  const { db } = openDatabase(e2eDatabaseUrl);
  let courseId = "";
  try {
    const user = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    courseId = await insertService(db, { name: COURSE_NAME, createdBy: user.id });
    // The same name waiting for approval: the owner's list of courses out of the catalogue.
    await insertService(db, { name: COURSE_NAME, createdBy: user.id, status: "pending" });
    const reviewId = await insertReview(db, {
      serviceId: courseId,
      userId: user.id,
      rating: 5,
      message: REVIEW,
    });
    // Reported: the owner's list of reported reviews shows it.
    await db
      .insertInto("review_reports")
      .values({
        id: crypto.randomUUID(),
        review_id: reviewId,
        reporter_id: user.id,
        reason: "off-topic",
        note: null,
        created_at: new Date().toISOString(),
        resolved_at: null,
      })
      .execute();
  } finally {
    await db.destroy();
  }

  const pages: [string, string[]][] = [
    [`/services/${courseId}`, [COURSE_NAME, ACCOUNT_NAME, REVIEW]],
    [`/services?q=${encodeURIComponent("دورة الكتابة الأكاديمية")}`, [COURSE_NAME]],
    ["/my-reviews", [COURSE_NAME, REVIEW]],
    ["/account", [ACCOUNT_NAME]],
    ["/admin", [ACCOUNT_NAME, COURSE_NAME, REVIEW]],
  ];
  for (const [path, texts] of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    if (path === "/account") await openAccountMenu(page);
    for (const text of texts) {
      await expect(
        page.getByText(text, { exact: true }).filter({ visible: true }).first(),
        `${text.slice(0, 12)} on ${path}`,
      ).toBeVisible();
    }
    const { scrolls, overflowing } = await sidewaysScroll(page);
    expect(scrolls, `${path} scrolls sideways; past its edge: ${overflowing.join(", ")}`).toBe(
      false,
    );
    expect(await wronglyDirected(page), `user-written text not dir="auto" on ${path}`).toEqual([]);
  }
  // The account's name in its form reads right-to-left too.
  await page.goto("/account");
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("dir", "auto");
  expect(
    await page.getByLabel("Name", { exact: true }).evaluate((input) => input.matches(":dir(rtl)")),
  ).toBe(true);
});

/**
 * Whether the page scrolls sideways (wider than the window), and which visible elements stick
 * out past its right edge (to say where, when it does).
 */
async function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const overflowing = [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || element.closest("dialog") !== null) return false;
        // Its box, or what spills out of it (a word wider than its box).
        const style = getComputedStyle(element);
        const spills =
          style.display !== "inline" &&
          style.overflowX === "visible" &&
          box.left + element.scrollWidth > width + 1;
        return box.right > width + 0.5 || spills;
      })
      // The innermost ones: their ancestors stick out because of them.
      .filter(
        (element, _, all) => !all.some((other) => other !== element && element.contains(other)),
      )
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`.slice(0, 80));
    return { overflowing, scrolls: root.scrollWidth > width };
  });
}

/**
 * The visible text the people wrote (each starting in Arabic) that is not set apart with
 * dir="auto" (or a <bdi>), or does not read right-to-left there.
 */
async function wronglyDirected(page: Page) {
  return page.evaluate((starts) => {
    const wrong: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? "";
      if (!starts.some((start) => text.startsWith(start))) continue;
      const parent = node.parentElement;
      if (!parent || parent.checkVisibility() === false) continue;
      const isolated = parent.closest("[dir], bdi");
      const marked =
        isolated !== null &&
        (isolated.tagName === "BDI" || isolated.getAttribute("dir") === "auto") &&
        isolated !== document.documentElement;
      if (!marked || !parent.matches(":dir(rtl)")) {
        wrong.push(`<${parent.tagName.toLowerCase()}> ${text.slice(0, 20)}`);
      }
    }
    return wrong;
  }, ARABIC_STARTS);
}
