import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

const articles = [
  ["sql-vs-nosql", "What is the difference between SQL and NoSQL databases?"],
  ["jwt", "What is JWT, and how does it work?"],
  ["javascript-vs-nodejs", "What is the difference between JavaScript and Node.js?"],
  ["nodejs-concurrency", "How does Node.js handle many requests at the same time?"],
] as const;

test("the blog lists the four articles, each with a page of its own", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("article")).toHaveCount(4);
  for (const [slug, question] of articles) {
    await expect(
      page.getByRole("heading", { level: 2, name: question }).getByRole("link"),
    ).toHaveAttribute("href", `/blog/${slug}`);
  }
});

for (const [slug, question] of articles) {
  test(`/blog/${slug} shows its article`, async ({ page }) => {
    await page.goto(`/blog/${slug}`);
    await expect(page.getByRole("heading", { level: 1, name: question })).toBeInViewport();
    await expect(page).toHaveTitle(`${question} - IELTS Hub`);
  });
}

test("the contact form sends the message, says so and clears the form", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Lee Chen");
  await page.getByLabel("Email").fill("lee@example.com");
  await page.getByLabel("Message").fill("Which course suits Band 6?");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Message sent")).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("");
  await expectAccessible(page);
});

test("the contact form sends without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.247.0.1" },
  });
  const page = await context.newPage();
  await page.goto("/contact");
  await page.getByLabel("Name").fill("Ana Plain");
  await page.getByLabel("Email").fill("ana@example.com");
  await page.getByLabel("Message").fill("Sent from a plain form.");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("");
  await context.close();
});

test("the contact form needs every field before it is submitted", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByLabel("Name")).toHaveJSProperty("validity.valueMissing", true);
  await expect(page.getByRole("alert")).toHaveCount(0);
});
