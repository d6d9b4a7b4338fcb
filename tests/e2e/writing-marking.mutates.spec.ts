import type { Page } from "@playwright/test";
import { openDatabase } from "../../db/index.ts";
import { baseURL, e2eDatabaseUrl } from "../../playwright.config.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { lastMailTo, signUpDirectly } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";
import { CARS_ESSAY } from "./support/writing-essays.ts";

// The teacher marks a student's essay (issue 39, points 2 to 4): from the queue, comments added
// by selecting words with the mouse (and, without JavaScript, by quoting them), the four bands
// and a summary, Return to student; the student follows the mail's link and reaches each
// highlight by keyboard. Each test's student and answer are its own; they answer a seeded task.

const essay = CARS_ESSAY.join("\n\n");

/** A student with an essay sent for marking; the id of the answer. */
async function essaySentForMarking(
  page: Page,
  name: string,
): Promise<{ id: string; email: string }> {
  await page.goto("/");
  const { email } = await signUpDirectly(page, { name });
  await page.goto("/writing");
  await page.getByRole("link", { name: "Cars in the city centre", exact: true }).click();
  await page.waitForURL(/\/writing\/tasks\/[^/]+$/);
  const taskId = new URL(page.url()).pathname.split("/")[3] ?? "";
  const submitted = await page.request.post(`/writing/tasks/${taskId}/write`, {
    form: { intent: "submit-confirmed", text: essay },
    headers: { origin: baseURL },
    maxRedirects: 0,
  });
  expect(submitted.status()).toBe(302);
  const id = (submitted.headers().location ?? "").split("/").pop() ?? "";
  // Sending it for marking is the student's own page's work (tested with it): here, the row.
  const { db } = openDatabase(e2eDatabaseUrl);
  try {
    const now = new Date().toISOString();
    await db
      .insertInto("writing_markings")
      .values({
        submission_id: id,
        requested_at: now,
        band_task: null,
        band_coherence_cohesion: null,
        band_lexical_resource: null,
        band_grammatical_range_accuracy: null,
        note_task: null,
        note_coherence_cohesion: null,
        note_lexical_resource: null,
        note_grammatical_range_accuracy: null,
        summary: null,
        marked_by: null,
        returned_at: null,
        corrected_at: null,
        updated_at: now,
      })
      .execute();
  } finally {
    await db.destroy();
  }
  return { id, email };
}

/** Selects the words in the answer as a person does: a press before them, a drag, a release after. */
async function selectWords(page: Page, words: string) {
  const box = await page.evaluate((wanted) => {
    for (const block of document.querySelectorAll("[data-answer-block]")) {
      const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? "").indexOf(wanted);
        if (at < 0) continue;
        // In view: a pointer outside the window would drag the selection to the page's end.
        (node.parentElement as HTMLElement).scrollIntoView({ block: "center" });
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        const rects = [...range.getClientRects()];
        const first = rects[0] as DOMRect;
        const last = rects.at(-1) as DOMRect;
        return {
          from: { x: first.left + 1, y: first.top + first.height / 2 },
          to: { x: last.right - 1, y: last.top + last.height / 2 },
        };
      }
    }
    return null;
  }, words);
  if (!box) throw new Error(`"${words}" is not in the answer as one run of text`);
  await page.mouse.move(box.from.x, box.from.y);
  await page.mouse.down();
  await page.mouse.move(box.to.x, box.to.y, { steps: 8 });
  await page.mouse.up();
}

test("the teacher marks an essay by selecting words, returns it, and the student reads each comment in place", async ({
  page,
  browser,
}) => {
  test.slow();
  const student = await essaySentForMarking(page, "Student Lin");

  const teacherContext = await browser.newContext({
    extraHTTPHeaders: { "x-forwarded-for": "10.247.0.1" },
  });
  const teacher = await teacherContext.newPage();
  await teacher.goto("/");
  const { email: teacherEmail } = await signUpDirectly(teacher, { name: "Teacher Tom" });
  await makeOwnerOf(e2eDatabaseUrl, teacherEmail);
  await teacher.goto("/admin");
  await teacher.getByRole("link", { name: "Writing answers to mark" }).click();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Writing answers to mark");
  await expectAccessible(teacher);
  await teacher.locator(`a[href="/admin/writing/submissions/${student.id}"]`).click();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText("Cars in the city centre");
  await teacher.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await expectAccessible(teacher);

  const comments: [string, string, string][] = [
    ["the the large shopping centres", "Grammatical Range and Accuracy", "You wrote “the” twice."],
    ["a opportunity", "Lexical Resource", "“an opportunity”: a vowel sound follows."],
    ["In my opinion, the advantages", "Task Response", "Your position is clear here."],
  ];
  for (const [words, criterion, text] of comments) {
    await selectWords(teacher, words);
    const panel = teacher.getByRole("dialog", { name: "Add a comment" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText(`On “${words}”`);
    await panel.getByLabel("Criterion").selectOption({ label: criterion });
    await panel.getByLabel("Comment", { exact: true }).fill(text);
    await panel.getByRole("button", { name: "Add the comment" }).click();
    await expect(panel).toHaveCount(0);
    await expect(teacher.locator("mark.comment-mark", { hasText: words }).first()).toBeVisible();
  }
  await expect(teacher.getByText("3 comments so far.")).toBeVisible();
  await expectAccessible(teacher);
  await teacher.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(teacher);
  await teacher.setViewportSize({ width: 1280, height: 720 });

  for (const [label, band] of [
    ["Task Response band", "7"],
    ["Coherence and Cohesion band", "6"],
    ["Lexical Resource band", "6"],
    ["Grammatical Range and Accuracy band", "7"],
  ] as const) {
    await teacher.getByLabel(label).selectOption(band);
  }
  await teacher
    .getByLabel("Summary", { exact: true })
    .fill("A **clear** essay. Check articles and doubled words.");
  await teacher.getByRole("button", { name: "Save marks" }).click();
  await expect(teacher.getByText("Marks saved.")).toBeVisible();
  await expect(teacher.getByText(/^Task band: 6\.5$/)).toBeVisible();
  await teacher.getByRole("button", { name: "Return to student" }).click();
  await expect(teacher.getByText(/^Returned to the student /)).toBeVisible();
  await expect(teacher.getByRole("heading", { name: "Correct the marking" })).toBeVisible();
  await teacherContext.close();

  const mail = await lastMailTo(student.email, 5000, /is marked/);
  const link = /http:\/\/localhost:\d+(\/writing\/submissions\/[^\s]+)/.exec(mail)?.[1] ?? "";
  expect(link).toBe(`/writing/submissions/${student.id}`);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "The teacher's marking" })).toBeVisible();
  await expect(page.getByText(/^Task band: 6\.5$/)).toBeVisible();
  // Tab reaches the highlights in the order of the text, each described by its comment.
  const first = page.locator("#passage-1");
  await first.focus();
  await expect(first).toHaveAttribute("aria-describedby", "comment-1-note");
  await expect(page.locator("#comment-1-note")).toContainText(
    "Comment 1, Grammatical Range and Accuracy",
  );
  await page.keyboard.press("Tab");
  // The comment's link back to its passage comes next, then the next passage.
  await expect(page.getByRole("link", { name: /To the passage of comment 1/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.locator("#passage-2")).toBeFocused();
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);
});

test("without JavaScript the teacher comments by quoting the words, and a refusal says why beside the field", async ({
  page,
  browser,
}) => {
  test.slow();
  const student = await essaySentForMarking(page, "Student Ana");
  const teacherContext = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.247.0.2" },
  });
  const teacher = await teacherContext.newPage();
  await teacher.goto("/");
  const { email } = await signUpDirectly(teacher, { name: "Teacher Kim" });
  await makeOwnerOf(e2eDatabaseUrl, email);
  await teacher.goto(`/admin/writing/submissions/${student.id}`);
  await teacher.getByLabel("The passage's exact words").fill("to private cars");
  await teacher.getByLabel("Criterion").first().selectOption({ label: "General" });
  await teacher.getByLabel("Comment", { exact: true }).first().fill("Which one?");
  await teacher.getByRole("button", { name: "Add the comment" }).click();
  await expect(teacher.getByText("These words are in the answer twice")).toBeVisible();
  await expect(teacher.getByLabel("The passage's exact words")).toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await teacher
    .getByLabel("The passage's exact words")
    .fill("closing their centres to private cars");
  await teacher.getByRole("button", { name: "Add the comment" }).click();
  await expect(teacher.getByRole("status").filter({ hasText: "Comment added." })).toBeVisible();
  await expect(teacher.locator("#passage-1")).toHaveText(/closing their centres to private cars/);
  // (axe needs the page's scripts: the first test checks the same page with them.)
  await teacherContext.close();
});
