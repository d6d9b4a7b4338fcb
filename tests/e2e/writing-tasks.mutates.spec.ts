import type { Page } from "@playwright/test";
import sharp from "sharp";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { PASSWORD, signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// The teacher writes Writing tasks on /admin/writing/tasks, and students find them on /writing
// (issue 38). These add tasks to the shared Writing page: they run with the tests that change
// shared data.

/** A chart as a teacher would upload one: a PNG of bars on white. */
async function chartPicture() {
  const bars = [120, 260, 190, 330]
    .map(
      (height, index) =>
        `<rect x="${80 + index * 150}" y="${400 - height}" width="90" height="${height}" fill="#1d4ed8"/>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="440"><rect width="720" height="440" fill="#fff"/>${bars}</svg>`;
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  return { name: "rainfall-chart.png", mimeType: "image/png", buffer };
}

async function signInAsTeacher(page: Page) {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Teacher Wren" });
  await makeOwnerOf(e2eDatabaseUrl, email);
}

/** The page is no wider than its window: nothing to scroll sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test("the teacher writes an Academic Task 1 with its chart; a visitor finds it, signs in and comes back to it", async ({
  page,
  browser,
}) => {
  // A picture upload, two people and several axe runs on a loaded machine.
  test.slow();
  await signInAsTeacher(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Writing tasks", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Writing tasks");
  // The six sample tasks a fresh site has.
  await expect(page.getByRole("link", { name: "Museum visitors in Harlow Bay" })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("link", { name: "Write a task" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New Writing task");
  await page.getByLabel("Kind of task").selectOption("academic-task-1");
  // The kind's time and length stand in for empty fields.
  await expect(page.getByLabel("Minutes")).toHaveAttribute("placeholder", "20");
  await expect(page.getByLabel("Minimum words")).toHaveAttribute("placeholder", "150");
  const title = `Rainfall in four cities ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page
    .getByLabel("Prompt (Markdown)")
    .fill(
      "The chart below shows the **average yearly rainfall** in four cities.\nWrite a report for a university lecturer describing the information.\n\nWrite at least 150 words.",
    );
  // The preview follows the typing, rendered as students will read it.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("average yearly rainfall");
  await expect(preview.locator("br")).toHaveCount(1);

  // Published without a picture, an Academic Task 1 is refused, the reason beside the field.
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const pictureField = page.getByLabel("Picture file");
  await expect(pictureField).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/needs its picture .* before it is published/)).toBeVisible();
  await expectAccessible(page);

  await pictureField.setInputFiles(await chartPicture());
  const description =
    "A bar chart of average yearly rainfall: Aston 120 mm, Brill 260 mm, Corran 190 mm and Dunmore 330 mm.";
  await page.getByLabel("Picture description").fill(description);
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText("Saved: students see it on the Writing page.")).toBeVisible();
  await expect(page.getByText(/^Academic Task 1 · Published, last saved/)).toBeVisible();
  await expect(page.getByRole("img", { name: description })).toHaveAttribute(
    "src",
    /^\/images\/uploads\/[0-9a-f-]{36}-720\.webp$/,
  );
  await expect(page.getByLabel("Minutes")).toHaveValue("20");
  await expectAccessible(page);
  const taskUrl = await page
    .getByRole("link", { name: "See it as students do" })
    .getAttribute("href");
  expect(taskUrl).toMatch(/^\/writing\/tasks\/[0-9a-f-]{36}$/);

  // A student-to-be, with an account but not signed in here.
  const studentEmail = uniqueEmail("writer");
  const studentContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "10.250.38.1" },
  });
  const student = await studentContext.newPage();
  try {
    const signUp = await student.request.post("/api/auth/sign-up/email", {
      data: { name: "Student Ines", email: studentEmail, password: PASSWORD },
    });
    expect(signUp.ok()).toBe(true);
    await student.context().clearCookies();

    await student.goto("/");
    await student
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Writing" })
      .click();
    await expect(student.getByRole("heading", { level: 1 })).toHaveText("Writing practice");
    const academic = student.getByRole("region", { name: "Academic Task 1" });
    await expect(academic.getByRole("listitem").first()).toContainText(title);
    await expectAccessible(student);
    await academic.getByRole("link", { name: title }).click();

    await expect(student).toHaveURL(new RegExp(`${taskUrl}$`));
    await expect(student.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(student.getByText("20 minutes · at least 150 words")).toBeVisible();
    await expect(student.locator("article strong")).toHaveText("average yearly rainfall");
    const chart = student.getByRole("img", { name: description });
    await expect
      .poll(() => chart.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(student.getByRole("link", { name: "Start timed" })).toHaveCount(0);
    await expectAccessible(student);

    // Asked to sign in, and back on the task afterwards.
    await student.getByRole("link", { name: "Sign in to start" }).click();
    await expect(student).toHaveURL(`/login?redirectTo=${encodeURIComponent(taskUrl ?? "")}`);
    await student.getByLabel("Email").fill(studentEmail);
    await student.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await student.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(student).toHaveURL(new RegExp(`${taskUrl}$`));
    await expect(student.getByRole("link", { name: "Start timed" })).toHaveAttribute(
      "href",
      `${taskUrl}/write?timed=1`,
    );
    await expect(student.getByRole("link", { name: "Practise untimed" })).toHaveAttribute(
      "href",
      `${taskUrl}/write`,
    );
    await expectAccessible(student);

    // On a phone, the list and the task fit the screen; the task's chart with them.
    await student.setViewportSize({ width: 320, height: 700 });
    await expectNoSidewaysScroll(student);
    await student.goto("/writing");
    await expectNoSidewaysScroll(student);
  } finally {
    await studentContext.close();
  }
});

test("without JavaScript the teacher previews and saves a Task 2 draft, which students never see", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.250.38.2" },
  });
  const page = await context.newPage();
  try {
    await signInAsTeacher(page);
    // (No axe run here: on any signed-in page without JavaScript, /add-service and
    // /admin/posts/new as well, axe's run never ends on this machine; the page with
    // JavaScript is checked above.)
    await page.goto("/admin/writing/tasks/new");
    const title = `Online shopping ${Date.now()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page
      .getByLabel("Prompt (Markdown)")
      .fill(
        "Some people say shops in town centres will **disappear**.\n\nTo what extent do you agree?",
      );
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.locator("strong")).toHaveText("disappear");
    // The form comes back as typed, and nothing was saved.
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    // Without JavaScript the toast's words are in the page, in a <noscript> status: found by
    // its role, as site-words.settings.spec.ts finds them (getByText found nothing there).
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Draft saved: only you see it until you publish it." }),
    ).toBeVisible();
    await expect(page.getByLabel("Minutes")).toHaveValue("40");
    await expect(page.getByLabel("Minimum words")).toHaveValue("250");
    const taskUrl = await page
      .getByRole("link", { name: "Preview it as students will" })
      .getAttribute("href");

    const visitor = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": "10.250.38.3" },
    });
    try {
      const answer = await visitor.request.get(taskUrl ?? "");
      expect(answer.status()).toBe(404);
      expect(await (await visitor.request.get("/writing")).text()).not.toContain(title);
    } finally {
      await visitor.close();
    }
    await page.goto(`/admin/writing/tasks?q=${encodeURIComponent("online shopping")}`);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
  } finally {
    await context.close();
  }
});
