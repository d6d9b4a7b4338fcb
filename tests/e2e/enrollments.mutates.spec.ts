import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { openAccountMenu } from "./support/header.ts";
import { holdPosts } from "./support/held-posts.ts";
import { expect, test } from "./support/test.ts";

// A confirmed enrollment marks the student's reviews verified: this runs after the readers.

test("a student asks to enroll, the owner confirms, and the student can cancel without JavaScript", async ({
  page,
  browser,
}) => {
  const course = "IELTS Academic Reading: Skimming, Scanning and True/False/Not Given";
  await page.goto("/");
  await signUpDirectly(page, { name: "Enrolling Emma" });
  // Found by name: the other tests add courses, which moves courses between the catalogue's pages.
  for (const list of [`/services?q=${encodeURIComponent(course)}`]) {
    await page.goto(list);
    const details = page.getByRole("link", { name: `Details of ${course}` });
    if ((await details.count()) > 0) {
      await details.click();
      break;
    }
  }
  await page.getByRole("link", { name: "Enroll Today" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Enroll in ${course}`);
  await expectAccessible(page);
  await page.getByLabel("Message to the teacher (optional)").fill("Weekends, please.");
  await page.getByRole("button", { name: "Send the request" }).click();
  await expect(page.getByText("Your request is sent.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your request is waiting" })).toBeVisible();
  await openAccountMenu(page);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "My Courses" })
    .click();
  await expect(page.getByRole("main")).toContainText("Requested");
  await expectAccessible(page);

  const teacherContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "10.244.0.1" },
  });
  const teacher = await teacherContext.newPage();
  await teacher.goto("/");
  const { email } = await signUpDirectly(teacher, { name: "Teacher Ida" });
  await makeOwnerOf(e2eDatabaseUrl, email);
  await teacher.goto("/admin");
  await teacher.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  // Held back a moment, as a slow network would: the button says what it is doing meanwhile.
  const release = await holdPosts(teacher, (url) => url.pathname.startsWith("/admin"));
  const confirm = teacher.getByRole("button", { name: `Confirm Enrolling Emma in ${course}` });
  await confirm.click();
  await expect(confirm).toHaveText("Confirming…");
  await expect(confirm).toBeDisabled();
  release();
  await expect(teacher.getByText("Request confirmed")).toBeVisible();
  await teacherContext.close();

  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "x-forwarded-for": "10.244.0.2" },
  });
  const noScript = await plain.newPage();
  await noScript.goto("/my-courses");
  await expect(noScript.getByRole("main")).toContainText("Confirmed");
  await noScript.getByRole("button", { name: `Cancel the request to join ${course}` }).click();
  await expect(noScript.getByRole("status").filter({ hasText: "Request cancelled" })).toBeVisible();
  await expect(noScript.getByRole("main")).toContainText("Cancelled");
  await plain.close();
});
