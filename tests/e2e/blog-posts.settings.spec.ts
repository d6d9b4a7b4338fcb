import type { Page } from "@playwright/test";
import sharp from "sharp";
import { instantToLocalDateTime } from "../../core/site/time-zones.ts";
import { e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";

// The teacher writes posts on /admin/posts. These set the teacher's time zone, a site-wide
// setting, and add posts to the blog: they run with the tests that change site settings.
test.describe.configure({ mode: "serial" });

const TEACHER_ZONE = "Asia/Kolkata";

/** A wall-clock time in the zone to the second, as the "Goes out at" field takes it. */
function wallClockToTheSecond(instant: Date, timeZone: string): string {
  const seconds = String(instant.getUTCSeconds()).padStart(2, "0");
  return `${instantToLocalDateTime(instant, timeZone)}:${seconds}`;
}

/** A phone's photo: camera-like noise, a few megabytes, stored on its side as phones do. */
async function phonePhoto() {
  const buffer = await sharp({
    create: {
      width: 3024,
      height: 2016,
      channels: 3,
      background: "#000000",
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 82 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  expect(buffer.byteLength).toBeGreaterThan(2.5 * 1024 * 1024);
  return { name: "IMG_20261125_101500.jpg", mimeType: "image/jpeg", buffer };
}

async function signInAsTeacher(page: Page) {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name: "Teacher Priya" });
  await makeOwnerOf(e2eDatabaseUrl, email);
}

test("the teacher writes a post with a picture, watches the preview, schedules it seconds ahead in her time zone and it goes out by itself", async ({
  page,
  request,
  browser,
}) => {
  // It waits for the scheduler in real time, besides a 3 MB upload and five axe runs.
  test.slow();
  await signInAsTeacher(page);
  await page.goto("/admin");
  await page.getByLabel("Your time zone").selectOption(TEACHER_ZONE);
  await page.getByRole("button", { name: "Save the time zone" }).click();
  await expect(page.getByText(`Times are now read and shown in ${TEACHER_ZONE}.`)).toBeVisible();

  await page.getByRole("link", { name: "Posts", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Posts");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Write a post" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("New post");

  const title = `Three steps to a Task 2 plan ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  await expect(page.getByLabel("Address on the blog")).toHaveAttribute(
    "placeholder",
    /^three-steps-to-a-task-2-plan-/,
  );
  await page
    .getByLabel("Post (Markdown)")
    .fill(
      "Plan **before** you write.\n\n## The three steps\n\n1. Read the question twice\n2. Pick a side\n3. Note two reasons\n\n> Five minutes of planning saves twenty of rewriting.\n\n| Step | Minutes |\n|---|---|\n| Plan | 5 |",
    );
  // The preview follows the typing, rendered as the blog renders it.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "The three steps" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("before");
  await expect(preview.getByRole("listitem")).toHaveCount(3);
  await expect(preview.locator("blockquote")).toContainText("Five minutes of planning");
  await expect(preview.getByRole("table")).toBeVisible();
  await expect(page.getByRole("button", { name: "Preview" })).toHaveCount(0);

  await page.getByLabel("Picture file").setInputFiles(await phonePhoto());
  await page.getByLabel("Picture description").fill("A notebook with a Task 2 plan in pencil");
  await page.getByLabel("Tags").fill("Writing, Task 2");
  await page.getByLabel("Status").selectOption("scheduled");
  await expectAccessible(page);
  // The time is set last, just before saving, and far enough ahead that a busy machine (axe and a
  // 3 MB upload take seconds under load) still saves it before its time: a save after its time is
  // rightly refused ("Please choose a time in the future.").
  const goesOut = new Date(Date.now() + 15_000);
  await page
    .getByLabel(`Goes out at (${TEACHER_ZONE})`)
    .fill(wallClockToTheSecond(goesOut, TEACHER_ZONE));
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText(/^Scheduled for .* \(Asia\/Kolkata\)\.$/)).toBeVisible();
  const slug = await page.getByLabel("Address on the blog").inputValue();
  expect(slug).toMatch(/^three-steps-to-a-task-2-plan-\d+$/);
  await expect(
    page.getByRole("img", { name: "A notebook with a Task 2 plan in pencil" }),
  ).toHaveAttribute("src", /^\/images\/uploads\/[0-9a-f-]{36}-\d+\.webp$/);
  await expectAccessible(page);

  // No request is needed: the server's scheduler publishes it at its time.
  await expect
    .poll(async () => (await request.get(`/api/posts/${slug}`)).status(), { timeout: 45_000 })
    .toBe(200);
  const published = (await (await request.get(`/api/posts/${slug}`)).json()) as {
    title: string;
    featureImage: { url: string; alt: string } | null;
    tags: { name: string }[];
  };
  expect(published.title).toBe(title);
  expect(published.featureImage?.alt).toBe("A notebook with a Task 2 plan in pencil");
  expect(published.tags.map((tag) => tag.name)).toEqual(["Writing", "Task 2"]);
  const list = (await (await request.get("/api/posts")).json()) as { posts: { slug: string }[] };
  expect(list.posts[0]?.slug).toBe(slug);

  // A visitor finds it first on the blog, with its picture, and reads it.
  const visitorContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "10.250.26.3" },
  });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto("/blog");
    const newest = visitor.locator("main article").first();
    await expect(newest.getByRole("heading", { level: 2 })).toHaveText(title);
    await expect(
      newest.getByRole("img", { name: "A notebook with a Task 2 plan in pencil" }),
    ).toBeVisible();
    await expectAccessible(visitor);
    await newest.getByRole("link", { name: title }).click();
    await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(visitor.getByRole("heading", { name: "The three steps" })).toBeVisible();
    // The post's tag (exactly "Writing"; the navigation's Writing page is another link).
    await expect(
      visitor.getByRole("main").getByRole("link", { name: "Writing", exact: true }),
    ).toBeVisible();
    await expectAccessible(visitor);
  } finally {
    await visitorContext.close();
  }

  await page.reload();
  await expect(page.getByText(/^Published .* \(Asia\/Kolkata\)\./)).toBeVisible();
  await expect(page.getByRole("link", { name: "See it on the blog" })).toHaveAttribute(
    "href",
    `/blog/${slug}`,
  );
});

/**
 * Every heading of a part of the page, in order, as "h2 Text": what a screen reader's list of
 * headings reads out.
 */
function headingsIn(page: Page, selector: string) {
  return page
    .locator(selector)
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((headings) =>
      headings.map((heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`),
    );
}

test("a post's headings follow its title with no level skipped, in the preview and on the blog, and axe finds their order right", async ({
  page,
  browser,
}) => {
  await signInAsTeacher(page);
  await page.goto("/admin/posts/new");
  const title = `Task 2 from plan to proofreading ${Date.now()}`;
  await page.getByLabel("Title", { exact: true }).fill(title);
  // Written with "## " as the hint says, one "####" straight under a "##", and a "###" after it.
  await page
    .getByLabel("Post (Markdown)")
    .fill(
      [
        "Forty minutes go faster than you think.",
        "## Before you write",
        "#### Read the question twice",
        "Underline what it asks.",
        "#### Pick a side",
        "Write it down in one line.",
        "### Note two reasons",
        "One for each body paragraph.",
        "## After you write",
        "Keep three minutes to read it again.",
      ].join("\n\n"),
    );
  const shown = [
    "h2 Before you write",
    "h3 Read the question twice",
    "h3 Pick a side",
    "h3 Note two reasons",
    "h2 After you write",
  ];
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "After you write" })).toBeVisible();
  // The preview sits beside the form, under the page's h1 like the post under its title.
  await expect
    .poll(() => headingsIn(page, "section[aria-labelledby=post-preview-heading] article"))
    .toEqual(shown);
  await expectAccessible(page);

  await page.getByLabel("Tags").fill("Writing");
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const slug = await page.getByLabel("Address on the blog").inputValue();

  const visitorContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "10.250.26.4" },
  });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(`/blog/${slug}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    expect(await headingsIn(visitor, "main article")).toEqual([`h1 ${title}`, ...shown]);
    await expectAccessible(visitor);
  } finally {
    await visitorContext.close();
  }
});

test("the teacher writes a post without JavaScript, previewing it with the Preview button", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.250.26.2" },
  });
  const page = await context.newPage();
  try {
    await signInAsTeacher(page);
    await page.goto("/admin/posts/new");
    const title = `Listening maps without a script ${Date.now()}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page
      .getByLabel("Post (Markdown)")
      .fill(
        "Label the map **as you listen**.\n\n## Where to look\n\n- the compass\n- the entrance",
      );
    await page.getByLabel("Tags").fill("Listening");
    await page.getByRole("button", { name: "Preview" }).click();

    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByRole("heading", { name: "Where to look" })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("as you listen");
    // The form comes back as typed, and nothing was saved.
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
    await expect(page.getByLabel("Tags")).toHaveValue("Listening");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByText(/^Draft, last saved .*\./)).toBeVisible();
    await page.goto(`/admin/posts?q=${encodeURIComponent("Listening maps")}`);
    await expect(page.getByRole("link", { name: title })).toBeVisible();
  } finally {
    await context.close();
  }
});
