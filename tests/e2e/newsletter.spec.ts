import { lastMailTo, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

test("the subscribe box asks to confirm by e-mail; the link confirms, and one click unsubscribes", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("reader");
  await page.goto("/");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(
    page.getByText("Please check your e-mail to confirm your subscription."),
  ).toBeVisible();
  const confirm = /(http\S+\/newsletter\/confirm\?token=[\w-]+)/.exec(await lastMailTo(email))?.[1];
  await page.goto(confirm ?? "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are subscribed");
  await expectAccessible(page);

  // Unsubscribing works without JavaScript and without signing in.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.243.0.1" },
  });
  const noScript = await plain.newPage();
  await noScript.goto((confirm ?? "").replace("/newsletter/confirm", "/newsletter/unsubscribe"));
  await noScript.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(noScript.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
  await plain.close();
});
