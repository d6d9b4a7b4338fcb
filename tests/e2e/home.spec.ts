import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

test("home shows the hero, the 3 newest services, About Me, the FAQ and the subscribe box", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Certify your English proficiency today!",
  );

  const latest = page.getByRole("region", { name: "Newest courses" });
  const cards = latest.getByRole("article");
  await expect(cards).toHaveCount(3);
  await expect(cards.first().getByRole("heading")).toHaveText("Band 7 Intensive Weekend Bootcamp");
  await expect(cards.first()).toContainText("Price: $ 59.50");
  // Asked for by its content version, so that a browser may keep it (server/public-file-versions.ts).
  await expect(cards.first().locator("img")).toHaveAttribute(
    "src",
    /^\/images\/services\/band-7-bootcamp\.svg\?v=[\w-]+$/,
  );
  await expect(latest.getByRole("link", { name: "See All" })).toHaveAttribute("href", "/services");

  await expect(page.getByRole("heading", { name: "About Me" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Subscribe for study tips" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  await expectAccessible(page);
});

test("the FAQ has five collapsible answers carrying the site's claims", async ({ page }) => {
  await page.goto("/");
  const faq = page.getByRole("region", { name: "Frequently asked questions" });
  const items = faq.locator("details");
  await expect(items).toHaveCount(5);
  const practice = faq.getByText("15 full practice tests, each with all four papers");
  await expect(practice).toBeHidden();
  await faq.getByText("How many practice tests are included?").click();
  await expect(practice).toBeVisible();
  await faq.getByText("How many practice tests are included?").click();
  await expect(practice).toBeHidden();

  const answers = (
    await items.evaluateAll((all) => all.map((item) => item.textContent ?? ""))
  ).join(" ");
  for (const claim of [
    "15 full practice tests",
    "90 days",
    "180 days",
    "SPEED",
    "MASTER",
    "Over 400 videos",
    "10 units",
  ]) {
    expect(answers).toContain(claim);
  }
});

test("Details in the hero and a card's Details button lead to the catalogue and the course", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Details", exact: true }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page).toHaveTitle("Services - IELTS Hub");
  await page.goto("/");
  await page.getByRole("link", { name: "Details of IELTS MASTER Membership (180 days)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "IELTS MASTER Membership (180 days)",
  );
  await expect(page).toHaveTitle("IELTS MASTER Membership (180 days) - IELTS Hub");
});
