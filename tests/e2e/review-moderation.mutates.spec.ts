import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { e2eFixtures } from "./support/fixtures.ts";
import { expect, test } from "./support/test.ts";

// Hiding a review changes the reviewed course's page: this runs after the tests that read it.

test("a student reports a review without JavaScript; the owner hides it from Admin", async ({
  page,
  browser,
}) => {
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.245.0.1" },
  });
  const student = await plain.newPage();
  await student.goto("/");
  await signUpDirectly(student, { name: "Watchful Student" });
  // Found by name: the other tests add courses, which moves it between the catalogue's pages.
  await student.goto(`/services?q=${encodeURIComponent(e2eFixtures.reviewedCourse.name)}`);
  await student
    .getByRole("link", { name: `Details of ${e2eFixtures.reviewedCourse.name}` })
    .click();
  const courseUrl = student.url();
  const review = student.getByRole("region", { name: "Reviews" }).getByRole("listitem").filter({
    hasText: "Aiko Tanaka",
  });
  await review.getByText("Report the review by Aiko Tanaka", { exact: true }).click();
  await review.getByLabel("What is wrong with it?").selectOption("off-topic");
  await review.getByLabel("A note for the owner (optional)").fill("Reads like an advert.");
  await review.getByRole("button", { name: "Send the report" }).click();
  await expect(
    student.getByRole("status").filter({ hasText: "the site's owner will look at it" }),
  ).toBeVisible();
  await plain.close();

  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Teacher Moe" });
  await makeOwnerOf(e2eDatabaseUrl, email);
  await page.goto("/admin");
  const reports = page.getByRole("region", { name: "Reported reviews" });
  await expect(reports).toContainText("Not about this course, by Watchful Student");
  await expectAccessible(page);
  await reports.getByRole("button", { name: "Hide the review by Aiko Tanaka" }).click();
  await expect(page.getByText("The review is hidden.")).toBeVisible();
  await page.goto(courseUrl);
  await expect(page.getByRole("region", { name: "Reviews" })).not.toContainText("Aiko Tanaka");
});
