import type { Locator, Page } from "@playwright/test";
import { countWords } from "../../core/writing/word-count.ts";
import { PASSWORD, signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";
import { CAMERA_LETTER, CARS_ESSAY, MUSEUM_REPORT } from "./support/writing-essays.ts";

// Students write Writing answers on the test screen (issue 38, points 2 to 5): timed with the
// page's clock moved by the test, untimed without JavaScript, the full test, on a phone. Each
// student is new, so their drafts and answers are their own; they answer the seeded sample
// tasks, which the other Writing spec never changes. They run with the tests that change shared
// data, as that spec does.

const essay = CARS_ESSAY.join("\n\n");

/** The id of a seeded task, found as a student finds it: by its title on /writing. */
async function openTask(page: Page, title: string): Promise<string> {
  await page.goto("/writing");
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  return new URL(page.url()).pathname.split("/")[3] ?? "";
}

/** The answer's text as shown on its page, without the marks' numbers. */
async function shownAnswer(page: Page): Promise<string> {
  return page
    .getByRole("region", { name: "Your answer" })
    .locator("div.whitespace-pre-wrap")
    .evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const number of copy.querySelectorAll("sup")) number.remove();
      return copy.textContent ?? "";
    });
}

const saveStatus = (page: Page) => page.locator("[data-save-status]");

/** The text box's words as the page counts them live. */
async function expectWordCount(box: Locator, text: string) {
  const page = box.page();
  await expect(
    page.getByText(`Words: ${countWords(text)}`, { exact: false }).first(),
  ).toBeVisible();
}

test("a timed Task 2: the countdown turns red at 10 minutes, a reload and a lost connection lose no word, and the answer goes in when the time runs out", async ({
  page,
}) => {
  test.slow();
  await page.clock.install();
  await page.goto("/");
  await signUpDirectly(page, { name: "Student Mei" });
  const taskId = await openTask(page, "Cars in the city centre");
  await page.getByRole("link", { name: "Start timed" }).click();
  await expect(page).toHaveURL(`/writing/tasks/${taskId}/write?timed=1`);

  const timer = page.getByRole("timer");
  await expect(timer).toHaveText("40 minutes left");
  await expect(timer).not.toHaveAttribute("data-warning");
  const box = page.getByLabel("Your answer", { exact: true });
  // No spell-check or autocorrect, as in the test.
  await expect(box).toHaveAttribute("spellcheck", "false");
  await expect(box).toHaveAttribute("autocorrect", "off");
  await expect(box).toHaveAttribute("autocapitalize", "off");
  await expectAccessible(page);

  // The first two paragraphs; the draft reaches the server within 10 seconds of the page's clock.
  const firstPart = CARS_ESSAY.slice(0, 2).join("\n\n");
  await box.fill(firstPart);
  await expectWordCount(box, firstPart);
  await page.clock.fastForward(10_000);
  await expect(saveStatus(page)).toHaveText(/^Saved at \d\d:\d\d:\d\d$/);

  // A few words typed, and the page reloaded at once: nothing is lost.
  const typed = `${firstPart}\n\n${CARS_ESSAY[2]?.split(". ")[0]}.`;
  await box.pressSequentially(typed.slice(firstPart.length));
  await page.reload();
  await expect(
    page.getByRole("heading", { name: "You have a draft of this answer" }),
  ).toBeVisible();
  await expect(page.getByText(/^Time left: (39|40) minutes\.$/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(box).toHaveValue(typed);
  await expect(timer).toHaveText(/^(39|40) minutes left$/);

  // The connection goes for a while: the words wait on this device, and are saved once it is back.
  await page.context().setOffline(true);
  const offlinePart = CARS_ESSAY.slice(0, 4).join("\n\n");
  await box.fill(offlinePart);
  await expect(saveStatus(page)).toHaveText(
    "Offline: kept on this device, saved when you are back",
  );
  await page.clock.fastForward(10_000);
  await expect(saveStatus(page)).toHaveText(
    "Offline: kept on this device, saved when you are back",
  );
  await page.context().setOffline(false);
  await expect(saveStatus(page)).toHaveText(/^Saved at \d\d:\d\d:\d\d$/);
  const saved = await page.request.get(`/api/writing/drafts/${taskId}`);
  expect(saved.status()).toBe(200);
  expect((await saved.json()).draft.text).toBe(offlinePart);

  await box.fill(essay);
  await expectWordCount(box, essay);

  // Ten minutes left: red, and said aloud. (The page's clock also runs on by itself meanwhile.)
  const secondsLeft = async () => Number(await timer.getAttribute("data-seconds-left"));
  await page.clock.fastForward(((await secondsLeft()) - 10 * 60 - 40) * 1000);
  await expect(timer).toHaveText("11 minutes left");
  await expect(timer).not.toHaveAttribute("data-warning");
  await page.clock.fastForward(((await secondsLeft()) - 10 * 60 + 10) * 1000);
  await expect(timer).toHaveText("10 minutes left");
  await expect(timer).toHaveAttribute("data-warning", "true");
  await expect(page.getByText("10 minutes left.", { exact: true })).toBeAttached();
  // It can be hidden, and shown again.
  await page.getByRole("button", { name: "Hide time" }).click();
  await expect(timer).toHaveCount(0);
  await page.getByRole("button", { name: "Show time" }).click();
  await expect(timer).toHaveAttribute("data-warning", "true");

  // Five minutes left, then the end: the answer is submitted as it stands.
  await page.clock.fastForward(((await secondsLeft()) - 5 * 60 + 10) * 1000);
  await expect(page.getByText("5 minutes left.", { exact: true })).toBeAttached();
  await page.clock.fastForward(((await secondsLeft()) + 2) * 1000);
  await expect(page).toHaveURL(/\/writing\/submissions\/[^/?]+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cars in the city centre");
  await expect(page.getByText(/submitted when the time ran out/)).toBeVisible();
  expect(await shownAnswer(page)).toBe(essay);

  // The measures, never a band.
  const measures = page.getByRole("region", { name: "Measures" });
  await expect(measures.getByText(String(countWords(essay)), { exact: true })).toBeVisible();
  await expect(measures).toContainText(`At least 250: long enough`);
  await expect(measures).not.toContainText(/band \d/i);
  const flags = page.getByRole("region", { name: "Marked in your answer" });
  await expect(flags).toContainText("“enviroment” Spelling");
  await expect(flags).toContainText("“the the” The same word twice");
  await expect(flags).toContainText("“a” “an” before “opportunity”");
  // A flag's link leads to its mark in the text, which the keyboard reaches.
  await flags.getByRole("link", { name: "“enviroment”" }).click();
  await expect(page.locator("mark:focus")).toHaveText(/^enviroment\d+$/);
  await expectAccessible(page);

  // Listed on /writing, newest first.
  await page.goto("/writing");
  // The list of answers itself: the section also names the courses that include marking.
  const answers = page.getByRole("list", { name: "Your answers" });
  await expect(answers.getByRole("listitem").first()).toContainText("Cars in the city centre");
  await expect(answers.getByRole("listitem").first()).toContainText("Submitted (time ran out)");
  await expect(answers.getByRole("listitem").first()).toContainText(String(countWords(essay)));
  await expectAccessible(page);
  // The draft went with the submission.
  expect((await page.request.get(`/api/writing/drafts/${taskId}`)).status()).toBe(404);
});

test("untimed without JavaScript: a visitor signs in, comes back, saves a draft, and submits after confirming the words counted", async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { "x-forwarded-for": "10.250.39.1" },
  });
  const page = await context.newPage();
  try {
    const email = uniqueEmail("nojs-writer");
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      data: { name: "Student Omar", email, password: PASSWORD },
    });
    expect(signUp.ok()).toBe(true);
    await context.clearCookies();

    const taskId = await openTask(page, "A borrowed camera");
    const writeUrl = `/writing/tasks/${taskId}/write`;
    await page.goto(writeUrl);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(writeUrl)}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(writeUrl);
    await expect(page.getByRole("timer")).toHaveCount(0);

    const letter = CAMERA_LETTER.join("\n");
    const box = page.getByLabel("Your answer", { exact: true });
    await expect(box).toHaveAttribute("spellcheck", "false");
    await box.fill(letter);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText(/^Saved at \d\d:\d\d:\d\d$/)).toBeVisible();
    await expect(box).toHaveValue(letter);

    // Coming back, the draft is offered; Continue is a link that works without JavaScript.
    await page.goto(writeUrl);
    await expect(
      page.getByRole("heading", { name: "You have a draft of this answer" }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(box).toHaveValue(letter);

    // An empty answer is refused beside the box.
    await box.fill("   ");
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByText("Your answer has no words yet")).toBeVisible();
    await expect(box).toHaveAttribute("aria-invalid", "true");

    await box.fill(letter);
    await page.getByRole("button", { name: "Submit", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Submit your answer?" })).toBeVisible();
    await expect(page.getByText(`Your answer has ${countWords(letter)} words`)).toBeVisible();
    await page.getByRole("button", { name: "Yes, submit" }).click();

    await expect(page).toHaveURL(/\/writing\/submissions\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A borrowed camera");
    await expect(page.getByText(/untimed practice/)).toBeVisible();
    expect(await shownAnswer(page)).toBe(letter);
    await expect(page.getByRole("region", { name: "Measures" })).toContainText(
      "At least 150: long enough",
    );
    // Someone else's answer is not there for them.
    const submissionUrl = page.url();
    const stranger = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": "10.250.39.2" },
    });
    try {
      const strangerPage = await stranger.newPage();
      await signUpDirectly(strangerPage, { name: "Someone Else" });
      expect((await strangerPage.request.get(submissionUrl)).status()).toBe(404);
    } finally {
      await stranger.close();
    }
  } finally {
    await context.close();
  }
});

test("the full Writing test: one Task 1 and one Task 2 in one 60-minute sitting, the parts switched at the bottom, both submitted at the end", async ({
  page,
}) => {
  test.slow();
  await page.goto("/");
  await signUpDirectly(page, { name: "Student Lena" });
  await page.goto("/writing");
  await page.getByRole("link", { name: "Take a full Writing test (60 minutes)" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Writing test");
  await expectAccessible(page);
  await page
    .getByLabel("Task 1")
    .selectOption({ label: "Academic Task 1: Museum visitors in Harlow Bay" });
  await page.getByLabel("Task 2").selectOption({ label: "Task 2: Cars in the city centre" });
  await page.getByRole("button", { name: "Start the 60-minute test" }).click();
  await expect(page).toHaveURL(/\/writing\/test\?task1=[^&]+&task2=[^&]+$/);
  await expect(page.getByRole("timer")).toHaveText("60 minutes left");

  const parts = page.getByRole("tablist", { name: "Parts of the test" });
  await expect(parts.getByRole("tab", { name: "Part 1 · 0 words" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(
    page.getByRole("heading", { name: "Part 1: Museum visitors in Harlow Bay" }),
  ).toBeVisible();
  await expectAccessible(page);
  const report = MUSEUM_REPORT.join("\n\n");
  await page.getByLabel("Your answer to Part 1").fill(report);
  await expect(
    parts.getByRole("tab", { name: `Part 1 · ${countWords(report)} words` }),
  ).toBeVisible();

  // The second part, by its tab; the arrow keys move between them too.
  await parts.getByRole("tab", { name: "Part 2 · 0 words" }).click();
  await expect(page.getByLabel("Your answer to Part 1")).toBeHidden();
  await page.getByLabel("Your answer to Part 2").fill(essay);
  await parts.getByRole("tab", { name: /^Part 2/ }).press("ArrowLeft");
  await expect(parts.getByRole("tab", { name: /^Part 1/ })).toBeFocused();
  await expect(page.getByLabel("Your answer to Part 1")).toHaveValue(report);

  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Submit your answers?" });
  await expect(dialog).toContainText(`Part 1 (Academic Task 1): ${countWords(report)} words`);
  await expect(dialog).toContainText(`Part 2 (Task 2): ${countWords(essay)} words`);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Submit", exact: true }).click();

  await expect(page).toHaveURL(/\/writing\/submissions\/[^/?]+\?test=/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Museum visitors in Harlow Bay");
  expect(await shownAnswer(page)).toBe(report);
  const both = page.getByRole("navigation", { name: "This Writing test's answers" });
  await both.getByRole("link", { name: "Part 2: Task 2" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cars in the city centre");
  expect(await shownAnswer(page)).toBe(essay);
  await expect(page.getByText(/ · timed · /)).toBeVisible();
});

test("on a phone: the task folds above the answer box, nothing scrolls sideways, and Submit asks first", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await signUpDirectly(page, { name: "Student Ana" });
  const taskId = await openTask(page, "Working from home");
  await page.goto(`/writing/tasks/${taskId}/write`);
  await expect(page.getByRole("timer")).toHaveCount(0);
  const fold = page.getByText("Fold the task away");
  await expect(fold).toBeVisible();
  await expect(page.getByText("Write at least 250 words.")).toBeVisible();
  await fold.click();
  await expect(page.getByText("Write at least 250 words.")).toBeHidden();
  await expect(page.getByText("Show the task")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);

  const answer = [
    "Nowadays more and more office workers spend some days of the week working at home. In my view the benefits of this trend are greater than the drawbacks.",
    "Firstly, people save the time and money they used to spend on travelling, and they can use this time for their family or for exercise. Secondly, many employees say they concentrate better at home because there are fewer interruptions than in a busy office.",
    "However, working from home can be lonely, and young workers may learn less when they cannot watch experienced colleagues. Therefore companies should keep some office days for meetings and training.",
  ].join("\n\n");
  const box = page.getByLabel("Your answer", { exact: true });
  await box.fill(answer);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Submit your answer?" });
  await expect(dialog).toContainText(`Task 2: ${countWords(answer)} words (under 250)`);
  await dialog.getByRole("button", { name: "Keep writing" }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await dialog.getByRole("button", { name: "Submit", exact: true }).click();

  await expect(page).toHaveURL(/\/writing\/submissions\/[^/?]+$/);
  await expect(page.getByRole("region", { name: "Measures" })).toContainText(
    `Under length: ${countWords(answer)} of 250 words`,
  );
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

/** The page is no wider than its window: nothing to scroll sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}
