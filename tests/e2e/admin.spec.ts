import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { SECOND_FACTOR_FIRST } from "../../scripts/owner.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { openAccountMenu } from "./support/header.ts";
import { expect, test } from "./support/test.ts";

test("an owner finds Admin in the navigation; a student neither sees it nor reaches it", async ({
  page,
}) => {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Teacher Tess" });
  const navigation = page.getByRole("navigation", { name: "Main" });
  await page.goto("/");
  await openAccountMenu(page);
  await expect(navigation.getByRole("link", { name: "My Courses" })).toBeVisible();
  await expect(navigation.getByRole("link", { name: "Admin" })).toHaveCount(0);
  const refused = await page.goto("/admin");
  expect(refused?.status()).toBe(404);

  const granted = await makeOwnerOf(e2eDatabaseUrl, email);
  expect(granted).toEqual({ code: 0, output: `${email} is now an owner.\n${SECOND_FACTOR_FIRST}` });
  await page.goto("/");
  await openAccountMenu(page);
  await navigation.getByRole("link", { name: "Admin" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin");
  await expect(page.getByRole("region", { name: "Owners" })).toContainText(email);
  await expectAccessible(page);
});
