import type { Browser } from "@playwright/test";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// Holding courses for approval is a site-wide setting: this runs alone, after every other test.

async function browsing(browser: Browser, address: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  return { context, page: await context.newPage() };
}

test("the owner holds students' courses for approval and approves one; the student's side works without JavaScript", async ({
  browser,
}) => {
  // The owner's browser runs JavaScript (and the accessibility check, which needs it).
  const teacher = await browsing(browser, "10.248.0.1", true);
  await teacher.page.goto("/");
  const { email } = await signUpDirectly(teacher.page, { name: "Teacher Tom" });
  await makeOwnerOf(e2eDatabaseUrl, email);
  await teacher.page.goto("/admin");
  await teacher.page.getByLabel("wait for my approval").check();
  await teacher.page.getByRole("button", { name: "Save the setting" }).click();
  await expect(teacher.page.getByText("now wait for your approval")).toBeVisible();

  const student = await browsing(browser, "10.248.0.2", false);
  try {
    await student.page.goto("/");
    await signUpDirectly(student.page, { name: "Eager Student" });
    await student.page.goto("/add-service");
    await student.page.getByLabel("Service Name").fill("Essay feedback club");
    await student.page.getByLabel("Price").fill("9");
    await student.page.getByLabel("Description").fill("Weekly essays, marked.");
    await student.page.getByRole("button", { name: "Submit" }).click();
    await expect(student.page.getByText("Waiting for approval")).toBeVisible();
    await student.page.goto("/services");
    await expect(student.page.getByRole("main")).not.toContainText("Essay feedback club");

    await teacher.page.goto("/admin");
    await expectAccessible(teacher.page);
    await teacher.page.getByRole("button", { name: "Approve Essay feedback club" }).click();
    await expect(teacher.page.getByText("The course is in the catalogue.")).toBeVisible();
    await student.page.goto("/services");
    await expect(student.page.getByRole("main")).toContainText("Essay feedback club");
  } finally {
    await teacher.page.goto("/admin");
    await teacher.page.getByLabel("are published at once").check();
    await teacher.page.getByRole("button", { name: "Save the setting" }).click();
    await teacher.context.close();
    await student.context.close();
  }
});
