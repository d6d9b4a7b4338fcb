import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { startWebhookReceiver, verifyWebhook } from "../support/webhook-receiver.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// An endpoint that takes every event hears the other tests' reviews while it exists: it runs with
// the tests that change data, and is deleted at its end.

test("the owner adds a webhook endpoint, copies its secret (shown once), sends a test event and sees it delivered", async ({
  page,
}) => {
  test.slow();
  // The test server runs with WEBHOOKS_ALLOW_PRIVATE=true, so this receiver on 127.0.0.1 is allowed.
  const receiver = await startWebhookReceiver();
  const url = receiver.url("/ielts-hub");
  try {
    await page.goto("/");
    const { email } = await signUpDirectly(page, { name: "Teacher Wren" });
    await makeOwnerOf(e2eDatabaseUrl, email);
    await page.goto("/admin");
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Webhooks");
    await expectAccessible(page);

    // Refused beside the field first: a cloud's metadata service.
    const address = page.getByRole("textbox", { name: "Endpoint address" });
    await address.fill("http://169.254.169.254/latest/meta-data/");
    await page.getByRole("button", { name: "Add the endpoint" }).click();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#field-url-error")).toContainText("link-local address");
    await expectAccessible(page);

    await address.fill(url);
    await page.getByRole("button", { name: "Add the endpoint" }).click();
    const secretField = page.getByLabel("Signing secret");
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const secret = await secretField.inputValue();
    await expectAccessible(page);

    const endpoint = page.getByRole("article", { name: `Endpoint ${url}` });
    await endpoint.getByRole("button", { name: `Send a test event to ${url}` }).click();
    await expect(page.getByText("Test event sent")).toBeVisible();
    // The endpoint also takes review.created, which tests running beside this one may send
    // first: look for the test event among what arrived, every delivery signed.
    let ping: unknown;
    for (let count = 1; ping === undefined && count <= 20; count++) {
      const received = await receiver.waitFor(count, 10_000);
      ping = received
        .map((delivery) => verifyWebhook(secret, delivery.headers, delivery.body))
        .find((event) => (event as { type?: string } | undefined)?.type === "ping");
    }
    expect(ping).toMatchObject({ type: "ping" });

    // The delivery is listed once it is back; the secret is not shown again.
    const deliveries = endpoint.getByRole("list", { name: `Recent deliveries to ${url}` });
    await expect(async () => {
      await page.reload();
      await expect(deliveries).toContainText("Delivered (HTTP 200)", { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(deliveries.getByRole("listitem").filter({ hasText: "ping" })).toContainText(
      "1 attempt",
    );
    await expect(page.getByLabel("Signing secret")).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
    await expectAccessible(page);

    await endpoint.getByText("Delete this endpoint…").click();
    await endpoint.getByRole("button", { name: `Delete ${url}` }).click();
    await expect(page.getByText("Endpoint deleted.")).toBeVisible();
    await expect(page.getByRole("article", { name: `Endpoint ${url}` })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
