import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { e2eFixtures } from "./support/fixtures.ts";
import { expect, test } from "./support/test.ts";

// Replying changes what the reviewed course's page shows: this runs after the tests that read it.

test("the teacher answers a review under it, then takes the answer back without JavaScript", async ({
  page,
  browser,
}) => {
  // A whole journey in two browsers (about 30 s alone, twice that on a busy machine).
  test.slow();
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Teacher Rae" });
  await makeOwnerOf(e2eDatabaseUrl, email);
  // Found by name: the other tests add courses, which moves it between the catalogue's pages.
  await page.goto(`/services?q=${encodeURIComponent(e2eFixtures.reviewedCourse.name)}`);
  await page.getByRole("link", { name: `Details of ${e2eFixtures.reviewedCourse.name}` }).click();
  const review = page.getByRole("region", { name: "Reviews" }).getByRole("listitem").filter({
    hasText: "Ben Carter",
  });
  await review.getByText("Reply to Ben Carter", { exact: true }).click();
  await review.getByLabel("Your reply to Ben Carter").fill("Speaking units 7 to 9 are for you.");
  await review.getByRole("button", { name: "Save the reply" }).click();
  await expect(page.getByText("Reply saved")).toBeVisible();
  await expect(review).toContainText("The teacher's answer");
  await expect(review).toContainText("Speaking units 7 to 9 are for you.");
  await expectAccessible(page);

  // The same controls are plain forms: they work without JavaScript.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { "x-forwarded-for": "10.246.0.1" },
  });
  const noScript = await plain.newPage();
  await noScript.goto(page.url());
  const same = noScript.getByRole("region", { name: "Reviews" }).getByRole("listitem").filter({
    hasText: "Ben Carter",
  });
  await same.getByText("Edit the reply to Ben Carter", { exact: true }).click();
  await same.getByRole("button", { name: "Delete the reply" }).click();
  await expect(noScript.getByRole("status").filter({ hasText: "Reply deleted" })).toBeVisible();
  await expect(same).not.toContainText("The teacher's answer");
  await plain.close();
});
