import type { Browser, Page } from "@playwright/test";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// The FAQ and the contact details are the whole site's: this runs after every other test, one
// test at a time, and puts back the site's own words at the end.
test.describe.configure({ mode: "serial" });

const SPEC_FAQ = [
  "How many practice tests are included?",
  "What is the difference between the SPEED and MASTER memberships?",
  "How many video lessons are there?",
  "How is the core course organised?",
  "Is this for the Academic or the General Training test?",
];
const PHONE = "+44 20 7946 0958";

async function browsing(browser: Browser, address: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  return { context, page: await context.newPage() };
}

/** The home page's FAQ questions, in the order a visitor reads them. */
async function faqAsVisitorSees(page: Page) {
  await page.goto("/");
  const faq = page.getByRole("region", { name: "Frequently asked questions" });
  return faq.locator("summary").allTextContents();
}

/** The page's answer to a save: a toast, or without JavaScript the same words in the page. */
const told = (page: Page, message: string) => page.getByRole("status").filter({ hasText: message });

const faqItem = (page: Page, position: number) =>
  page.getByRole("form", { name: `Question ${position}`, exact: true });

/** The teacher's steps on /admin/site: the same with and without JavaScript. */
async function editAsTeacher(teacher: Page) {
  await teacher.goto("/admin/site");
  await teacher.getByRole("button", { name: "Move up: question 3" }).click();
  await expect(told(teacher, "The question moved up.")).toBeVisible();
  await expect(faqItem(teacher, 2).getByLabel("Question", { exact: true })).toHaveValue(
    SPEC_FAQ[2] ?? "",
  );

  await teacher.getByLabel("Phone").fill(PHONE);
  await teacher.getByRole("button", { name: "Save contact details" }).click();
  await expect(told(teacher, "The contact details are saved.")).toBeVisible();
  await expect(
    teacher.getByRole("region", { name: "Contact details" }).getByText(/Last changed by Teacher/),
  ).toBeVisible();
}

async function seenByVisitor(visitor: Page) {
  expect(await faqAsVisitorSees(visitor)).toEqual([
    SPEC_FAQ[0],
    SPEC_FAQ[2],
    SPEC_FAQ[1],
    SPEC_FAQ[3],
    SPEC_FAQ[4],
  ]);
  await expect(visitor.getByRole("contentinfo").getByRole("link", { name: PHONE })).toHaveAttribute(
    "href",
    "tel:+442079460958",
  );
  await visitor.goto("/contact");
  await expect(
    visitor.getByRole("region", { name: "Other ways to reach me" }).getByRole("link", {
      name: PHONE,
    }),
  ).toBeVisible();
}

/** Back to the site's own order and no phone, as the other tests expect, however far the test got. */
async function restore(teacher: Page) {
  await teacher.goto("/admin/site");
  const second = faqItem(teacher, 2).getByLabel("Question", { exact: true });
  if ((await second.inputValue()) === SPEC_FAQ[2]) {
    await teacher.getByRole("button", { name: "Move down: question 2" }).click();
    await expect(told(teacher, "The question moved down.")).toBeVisible();
  }
  await teacher.getByLabel("Phone").fill("");
  await teacher.getByRole("button", { name: "Save contact details" }).click();
  await expect(told(teacher, "The contact details are saved.")).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test(`the teacher reorders the FAQ and sets the phone number, and a visitor sees both (${
    javaScriptEnabled ? "with" : "without"
  } JavaScript)`, async ({ browser }) => {
    const run = javaScriptEnabled ? 1 : 2;
    const teacher = await browsing(browser, `10.249.${run}.1`, javaScriptEnabled);
    const visitor = await browsing(browser, `10.249.${run}.2`, javaScriptEnabled);
    try {
      expect(await faqAsVisitorSees(visitor.page)).toEqual(SPEC_FAQ);
      await teacher.page.goto("/");
      const { email } = await signUpDirectly(teacher.page, { name: `Teacher ${run}` });
      await makeOwnerOf(e2eDatabaseUrl, email);
      await teacher.page.goto("/admin");
      await teacher.page.getByRole("link", { name: "Site words" }).click();
      await expect(teacher.page).toHaveURL(/\/admin\/site$/);
      if (javaScriptEnabled) await expectAccessible(teacher.page);

      await editAsTeacher(teacher.page);
      await seenByVisitor(visitor.page);
      if (javaScriptEnabled) await expectAccessible(visitor.page);
    } finally {
      await restore(teacher.page);
      expect(await faqAsVisitorSees(visitor.page)).toEqual(SPEC_FAQ);
      await teacher.context.close();
      await visitor.context.close();
    }
  });
}
