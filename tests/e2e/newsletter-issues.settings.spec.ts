import type { Browser } from "@playwright/test";
import { openDatabase } from "../../db/index.ts";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { insertSubscribers } from "../support/fixtures.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { unfoldHeaders } from "../support/smtp-receiver.ts";
import { lastMailTo, signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// Sending a newsletter mails every confirmed subscriber of the site: this runs after the tests
// that subscribe and unsubscribe, one flow at a time.
test.describe.configure({ mode: "serial" });

async function ownerBrowsing(browser: Browser, address: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    javaScriptEnabled,
    extraHTTPHeaders: { "x-forwarded-for": address },
  });
  const page = await context.newPage();
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Teacher Nell" });
  await makeOwnerOf(e2eDatabaseUrl, email);
  return { context, page, email };
}

/** Two more confirmed readers; returns the list's confirmed count and the new addresses. */
async function addConfirmedReaders() {
  const { db } = openDatabase(e2eDatabaseUrl);
  try {
    const readers = [uniqueEmail("reader"), uniqueEmail("reader")];
    await insertSubscribers(
      db,
      readers.map((email) => ({ email, status: "confirmed" as const })),
    );
    const { count } = await db
      .selectFrom("newsletter_subscribers")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "confirmed")
      .executeTakeFirstOrThrow();
    return { confirmed: Number(count), readers };
  } finally {
    await db.destroy();
  }
}

test("the owner writes an issue, previews it, tests it on themselves and sends it, watching the numbers", async ({
  browser,
}) => {
  const { confirmed, readers } = await addConfirmedReaders();
  const { context, page, email } = await ownerBrowsing(browser, "10.249.0.1", true);
  try {
    await page.goto("/admin");
    await page.getByRole("link", { name: "Write an issue" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New newsletter");
    await expectAccessible(page);
    await page.getByLabel("Subject").fill("Your December plan");
    await page
      .getByLabel("Text (plain text or Markdown)")
      .fill("Dear reader,\n\n**Four weeks** to Band 7:\n\n- Listening\n- Writing");
    await page.getByRole("button", { name: "Save draft" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your December plan");
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.locator("strong")).toHaveText("Four weeks");
    await expect(preview.getByRole("listitem")).toHaveText(["Listening", "Writing"]);
    await expectAccessible(page);

    await page.getByRole("button", { name: `Send a test to ${email}` }).click();
    await expect(page.getByText(`A test is on its way to ${email}.`)).toBeVisible();
    expect(await lastMailTo(email, 5000, /Subject: \[Test\] Your December plan/)).toContain(
      "Subject: [Test] Your December plan",
    );

    await page.getByLabel(/It is ready: send it to all \d+ confirmed subscribers now/).check();
    await page.getByRole("button", { name: `Send to ${confirmed} subscribers` }).click();
    // The page follows the send without reloading until every copy is out.
    await page.evaluate(() => {
      (window as { stayed?: boolean }).stayed = true;
    });
    await expect(page.getByRole("region", { name: "Progress" }).getByRole("status")).toHaveText(
      `${confirmed} sent, 0 failed, 0 remaining.`,
      {
        timeout: 15_000,
      },
    );
    await expect(page.getByText(/^Sent /)).toBeVisible();
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    await expectAccessible(page);

    for (const reader of readers) {
      const copy = unfoldHeaders(await lastMailTo(reader));
      expect(copy).toContain("Subject: Your December plan");
      expect(copy).toMatch(/List-Unsubscribe: <http\S+\/newsletter\/unsubscribe\?token=[\w-]+>/);
      expect(copy).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    }
  } finally {
    await context.close();
  }
});

test("without JavaScript the owner writes, tests and sends an issue too", async ({ browser }) => {
  const { confirmed, readers } = await addConfirmedReaders();
  const { context, page, email } = await ownerBrowsing(browser, "10.249.0.2", false);
  try {
    await page.goto("/admin/newsletter/new");
    await page.getByRole("button", { name: "Save draft" }).click();
    // The browser's own check keeps an empty form from being sent; the server checks as well.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New newsletter");
    await page.getByLabel("Subject").fill("January: speaking week");
    await page.getByLabel("Text (plain text or Markdown)").fill("Practise with a partner.");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("January: speaking week");

    await page.getByRole("button", { name: `Send a test to ${email}` }).click();
    expect(await lastMailTo(email, 5000, /Subject: \[Test\] January: speaking week/)).toContain(
      "Subject: [Test] January: speaking week",
    );

    await page.getByLabel(/It is ready/).check();
    await page.getByRole("button", { name: `Send to ${confirmed} subscribers` }).click();
    await expect(page.getByRole("heading", { name: "Progress" })).toBeVisible();
    for (const reader of readers) {
      expect(await lastMailTo(reader, 5000, /Subject: January: speaking week/)).toContain(
        "Subject: January: speaking week",
      );
    }
    await page.goto(page.url());
    await expect(page.getByRole("region", { name: "Progress" }).getByRole("status")).toHaveText(
      `${confirmed} sent, 0 failed, 0 remaining.`,
    );
  } finally {
    await context.close();
  }
});
