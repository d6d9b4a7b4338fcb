import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";
import { markWindow, windowMarked } from "./support/window-mark.ts";

/**
 * The JSON API's reference (issue 28): every call by resource, from the site's own origin under
 * its CSP, and a form that sends a call from the page and shows what came back.
 */
test("/api/docs lists the calls by resource and passes axe", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page).toHaveTitle("API reference - IELTS Hub");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  for (const resource of ["Courses", "Reviews", "Enrollments", "Account", "Sign-in", "Blog"]) {
    await expect(
      page.getByRole("main").getByRole("heading", { level: 2, name: resource, exact: true }),
    ).toBeVisible();
  }
  await expect(page.getByRole("article", { name: "GET /api/services", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "the OpenAPI 3.1 document" })).toHaveAttribute(
    "href",
    "/api/openapi.json",
  );
  await expectAccessible(page);
});

test("its form tries GET /api/services and shows the answer's status, headers and body", async ({
  page,
}) => {
  await page.goto("/api/docs");
  const call = page.getByRole("article", { name: "GET /api/services", exact: true });
  await call.locator("summary").click();
  await expect(call.getByRole("heading", { level: 4, name: "Parameters" })).toBeVisible();
  const open = call.getByRole("button", { name: "Try it" });
  await expect(open).toHaveAttribute("aria-expanded", "false");
  await open.click();
  await expect(call.getByRole("button", { name: "Close the form" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await call.getByLabel(/^size/).fill("2");
  await call.getByLabel(/^sort/).fill("price-low");
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().includes("/api/services?")),
    call.getByRole("button", { name: "Send GET /api/services" }).click(),
  ]);
  expect(new URL(answer.url()).searchParams.get("size")).toBe("2");
  await expect(call.getByText("Answer: 200 OK")).toBeVisible();
  await expect(call.getByText(/etag: "/)).toBeVisible();
  const body = call.locator("pre").last();
  await expect(body).toContainText('"services"');
  await expect(body).toContainText('"count"');
  await expectAccessible(page);

  // A refusal shows as it came, too.
  await call.getByLabel(/^size/).fill("1000");
  await call.getByRole("button", { name: "Send GET /api/services" }).click();
  await expect(call.getByText("Answer: 400 Bad Request")).toBeVisible();
  await expect(call.locator("pre").last()).toContainText("size must be a whole number");
});

test("the footer's API link opens the reference in place, and a link to a shape opens it", async ({
  page,
}) => {
  await page.goto("/");
  // A mark on the window: a full page load would start a new one, without it.
  await markWindow(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "API", exact: true }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  expect(await windowMarked(page)).toBe(true);
  const call = page.getByRole("article", { name: "GET /api/services/{id}", exact: true });
  await call.locator("summary").click();
  await call.getByRole("link", { name: "ServiceWithSummary" }).click();
  const shape = page.getByRole("article", { name: "ServiceWithSummary", exact: true });
  await expect(shape.getByRole("table", { name: "Fields of ServiceWithSummary" })).toBeVisible();
  expect(await windowMarked(page)).toBe(true);
});
