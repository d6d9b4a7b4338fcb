import type { Page } from "@playwright/test";
import { lastMailTo, PASSWORD, signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { openAccountMenu } from "./support/header.ts";
import { expect, test } from "./support/test.ts";

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** Leaves the account menu open, with 'Log Out' in view. */
async function expectSignedIn(page: Page) {
  await openAccountMenu(page);
  for (const link of ["My Review", "Add Service"]) {
    await expect(nav(page).getByRole("link", { name: link })).toBeVisible();
  }
  await expect(nav(page).getByRole("button", { name: "Log Out" })).toBeVisible();
  await expect(nav(page).getByRole("link", { name: "Login" })).toHaveCount(0);
}

async function expectSignedOut(page: Page) {
  await expect(nav(page).getByRole("link", { name: "Login" })).toBeVisible();
  await expect(nav(page).getByRole("button", { name: "Log Out" })).toHaveCount(0);
}

test.describe("register", () => {
  test("creates the account, signs in, toasts and shows the photo as the avatar", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/register");
    await expectAccessible(page);
    await page.getByLabel("Name").fill("Maria Lopez");
    await page.getByLabel("Photo URL (optional)").fill(`${baseURL}/favicon.svg`);
    await page.getByLabel("Email").fill(uniqueEmail("maria"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page.getByText("Register Successfully Complete")).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expectSignedIn(page);
    await expect(
      page.getByRole("banner").getByRole("img", { name: "Photo of Maria Lopez" }),
    ).toHaveAttribute("src", `${baseURL}/favicon.svg`);
  });

  test("shows each problem next to its field", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("Tom");
    await page.getByLabel("Photo URL (optional)").fill("ftp://example.com/me.png");
    await page.getByLabel("Email").fill(uniqueEmail());
    await page.getByLabel("Password").fill("password123");
    await page.getByRole("button", { name: "Register", exact: true }).click();
    const password = page.getByLabel("Password");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${await password.getAttribute("aria-describedby")}`)).toContainText(
      "too common",
    );
    await expect(page.getByLabel("Photo URL (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(
      page.getByText("Please enter an address starting with http:// or https://."),
    ).toBeVisible();
    await expectAccessible(page);
    await expectSignedOut(page);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "x-forwarded-for": "10.250.0.1" },
    });
    const page = await context.newPage();
    await page.goto("/register?redirectTo=/blog");
    await page.getByLabel("Name").fill("No Script");
    await page.getByLabel("Email").fill(uniqueEmail("noscript"));
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Register", exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(
      page.getByRole("status").filter({ hasText: "Register Successfully Complete" }),
    ).toBeVisible();
    await expectSignedIn(page);
    await context.close();
  });
});

test.describe("login and logout", () => {
  test("a wrong password toasts the error code; the right one toasts success and returns to the origin", async ({
    page,
    browser,
  }) => {
    const other = await browser.newPage();
    const { email } = await signUpDirectly(other);
    await other.close();

    await page.goto("/login?redirectTo=%2Fblog");
    await expectAccessible(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("not my password at all");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Incorrect e-mail or password." }),
    ).toContainText("(invalid-email-or-password)");
    await expectSignedOut(page);

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Login Success")).toBeVisible();
    await expect(page).toHaveURL(/\/blog$/);
    await expectSignedIn(page);
  });

  test("'Remember me' decides whether the session outlives the browser", async ({ browser }) => {
    const setup = await browser.newPage();
    const { email } = await signUpDirectly(setup);
    await setup.close();
    for (const remember of [false, true]) {
      const context = await browser.newContext({
        extraHTTPHeaders: { "x-forwarded-for": `10.251.0.${remember ? 2 : 1}` },
      });
      const page = await context.newPage();
      await page.goto("/login");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      if (remember) await page.getByLabel("Remember me").check();
      await page.getByRole("button", { name: "Log in", exact: true }).click();
      await expectSignedIn(page);
      const session = (await context.cookies()).find((cookie) =>
        cookie.name.endsWith("session_token"),
      );
      if (remember) {
        const days = ((session?.expires ?? 0) - Date.now() / 1000) / 86_400;
        expect(days).toBeGreaterThan(29);
      } else {
        expect(session?.expires).toBe(-1);
      }
      await context.close();
    }
  });

  test("Log Out ends the session on the server", async ({ page, browser }) => {
    await page.goto("/");
    await signUpDirectly(page);
    await page.reload();
    await expectSignedIn(page);
    const stolen = await page.context().cookies();
    await nav(page).getByRole("button", { name: "Log Out" }).click();
    await expectSignedOut(page);
    // The old cookie, replayed elsewhere, no longer signs anyone in.
    const replay = await browser.newContext();
    await replay.addCookies(stolen);
    const again = await replay.newPage();
    await again.goto("/");
    await expectSignedOut(again);
    await replay.close();
  });

  test("login and logout work without JavaScript", async ({ browser }) => {
    const setup = await browser.newPage();
    const { email } = await signUpDirectly(setup);
    await setup.close();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { "x-forwarded-for": "10.252.0.1" },
    });
    const page = await context.newPage();
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("wrong password here");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Incorrect e-mail or password." }),
    ).toContainText("(invalid-email-or-password)");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Login Success" })).toBeVisible();
    await expectSignedIn(page);
    await nav(page).getByRole("button", { name: "Log Out" }).click();
    await expectSignedOut(page);
    await context.close();
  });
});

test.describe("password reset", () => {
  test("asks for the e-mail first, then mails a link that sets a new password once", async ({
    page,
    browser,
  }) => {
    const setup = await browser.newPage();
    const { email } = await signUpDirectly(setup);
    await setup.close();

    await page.goto("/login");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(page.getByText("Enter your e-mail address above")).toBeVisible();

    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(
      page.getByText("Password Reset Successfully, Please Check your email"),
    ).toBeVisible();

    const link =
      /(http\S+\/api\/auth\/reset-password\/\S+)/.exec(
        await lastMailTo(email, 5000, /reset-password/),
      )?.[1] ?? "";
    expect(link).not.toBe("");
    await page.goto(link);
    await expect(page).toHaveTitle("Choose a new password - IELTS Hub");
    await expectAccessible(page);
    await page.getByLabel("New password").fill("my brand new passphrase");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByText("Your password has been changed.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("my brand new passphrase");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expectSignedIn(page);

    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("expired or was already used");
  });
});

test("the password reset works without JavaScript", async ({ browser }) => {
  const setup = await browser.newPage();
  const { email } = await signUpDirectly(setup);
  await setup.close();
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.254.0.1" },
  });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Password Reset Successfully, Please Check your email" }),
  ).toBeVisible();
  const link =
    /(http\S+\/api\/auth\/reset-password\/\S+)/.exec(
      await lastMailTo(email, 5000, /reset-password/),
    )?.[1] ?? "";
  await page.goto(link);
  await page.getByLabel("New password").fill("passphrase without scripts");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Your password has been changed." }),
  ).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("passphrase without scripts");
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  await openAccountMenu(page);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" }),
  ).toBeVisible();
  await context.close();
});

test.describe("Google", () => {
  test("a new Google account signs up with Google's name and photo and returns to the origin", async ({
    page,
  }) => {
    await page.goto("/login?redirectTo=%2Fcontact");
    await page.getByRole("button", { name: "Log in with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByLabel("Email").fill(uniqueEmail("google"));
    await page.getByLabel("Name").fill("Grace Google");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByText("Login Success")).toBeVisible();
    await expectSignedIn(page);
    await expect(
      page.getByRole("banner").getByRole("img", { name: "Photo of Grace Google" }),
    ).toHaveAttribute("src", /^data:image\/svg\+xml/);
  });

  test("a Google account with the e-mail of an existing account signs into that account", async ({
    page,
    browser,
  }) => {
    const setup = await browser.newPage();
    const { email } = await signUpDirectly(setup, { name: "Original Name" });
    await setup.close();
    await page.goto("/register");
    await page.getByRole("button", { name: "Register with Google" }).click();
    await expect(page.getByRole("heading", { name: "Choose an account" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Name").fill("Another Name");
    await page.getByRole("button", { name: "Continue" }).click();
    await expectSignedIn(page);
    await expect(
      page.getByRole("banner").getByRole("img", { name: /Original Name/ }),
    ).toBeVisible();
    // The unproven password (whoever set it) no longer opens the account.
    const stranger = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": "10.253.0.1" },
    });
    const oldPassword = await stranger.request.post("/api/auth/sign-in/email", {
      data: { email, password: PASSWORD },
    });
    expect(oldPassword.status()).toBe(401);
    await stranger.close();
  });
});

test("the account menu opened before the page's scripts have run stays open once they have", async ({
  page,
}) => {
  await signUpDirectly(page, { name: "Early Opener" });
  // The scripts are held back until the menu is open, as on a slow connection.
  let releaseScripts = () => {};
  const scriptsReleased = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  // The frame's own goto: the page's waits for hydration, which the held scripts would stop.
  await page.mainFrame().goto("/");
  await nav(page).getByLabel("Account menu of Early Opener").click();
  const logOut = nav(page).getByRole("button", { name: "Log Out" });
  await expect(logOut).toBeVisible();
  releaseScripts();
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await expect(logOut).toBeVisible();
});
