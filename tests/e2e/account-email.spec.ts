import { lastMailTo, PASSWORD, signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

const BANNER = "Confirm your e-mail address";

/** The confirmation link of the newest mail to `to` that has one, as a path on this site. */
async function confirmationPath(to: string) {
  const mail = await lastMailTo(to, 5000, /\/verify-email\?token=/);
  const link = /(http\S+\/verify-email\?token=\S+)/.exec(mail)?.[1];
  if (!link) throw new Error(`No confirmation link in the newest mail to ${to}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("a new student confirms their address: the banner asks until then, and sends the link again", async ({
  page,
}) => {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Confirming Cleo" });
  await page.goto("/services");
  const banner = page.getByRole("complementary", { name: BANNER });
  await expect(banner).toBeVisible();
  await expectAccessible(page);
  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `We have sent a new link to ${email}.` }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/services$/);

  await page.goto(await confirmationPath(email));
  await expect(page).toHaveURL(/\/account$/);
  await expect(
    page.getByRole("status").filter({ hasText: "your e-mail address is confirmed" }),
  ).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Confirmed:");
  await expect(page.getByRole("complementary", { name: BANNER })).toHaveCount(0);
});

test("a student uploads a photo on their account page, and it shows in the header", async ({
  page,
}) => {
  await page.goto("/");
  await signUpDirectly(page, { name: "Pictured Pia" });
  await page.goto("/account");
  await expectAccessible(page);
  await page.getByLabel("Upload a picture", { exact: true }).setInputFiles({
    name: "me.png",
    mimeType: "image/png",
    // A 1×1 PNG.
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await page.getByRole("button", { name: "Save photo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your photo is saved." })).toBeVisible();
  await expect(
    page.getByRole("banner").getByRole("img", { name: "Photo of Pictured Pia" }),
  ).toHaveAttribute("src", /^\/images\/uploads\/[0-9a-f-]{36}-1\.webp$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a student changes their e-mail address: it changes when the new one is confirmed, and the old one is told", async ({
    page,
  }) => {
    await page.goto("/");
    const { email } = await signUpDirectly(page, { name: "Moving Mo" });
    const newEmail = uniqueEmail("moved");
    await page.goto("/account");
    const current = page.getByLabel("Current password", { exact: true });
    await page.getByLabel("New e-mail address", { exact: true }).fill(newEmail);
    await current.fill("not my password at all");
    await page.getByRole("button", { name: "Change e-mail address" }).click();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toHaveAccessibleDescription("This is not your current password.");

    await current.fill(PASSWORD);
    await page.getByRole("button", { name: "Change e-mail address" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `We have sent a link to ${newEmail}.` }),
    ).toBeVisible();
    await expect(page.getByRole("main")).toContainText(email);

    await page.goto(await confirmationPath(newEmail));
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("main")).toContainText(newEmail);
    await expect(page.getByRole("main")).toContainText("Confirmed:");
    expect(
      await lastMailTo(email, 5000, /Subject: Your IELTS Hub e-mail address was changed/),
    ).toContain("Subject: Your IELTS Hub e-mail address was changed");
  });
});

test.describe("Google", () => {
  test("an account made with Google sets a first password just after signing in", async ({
    page,
  }) => {
    await page.goto("/login?redirectTo=%2Faccount%2Fpassword");
    await page.getByRole("button", { name: "Log in with Google" }).click();
    // The login page has an Email field too: fill the stand-in's once it is there.
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    const email = uniqueEmail("google");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Name").fill("Gia Google");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a password");
    // The sign-in's toast first: axe holds a toast that is there, not one still on its way in.
    await expect(page.getByRole("status").filter({ hasText: "Login Success" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("a password of my very own");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your password is set" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Change your password");
    expect(
      await lastMailTo(email, 5000, /Subject: Your IELTS Hub account has a password now/),
    ).toContain("Subject: Your IELTS Hub account has a password now");
  });
});
