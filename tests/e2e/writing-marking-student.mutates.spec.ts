import type { Page } from "@playwright/test";
import { addMarkingComment, returnMarking, saveMarks } from "../../core/writing/markings.server.ts";
import { openDatabase } from "../../db/index.ts";
import { baseURL, e2eDatabaseUrl } from "../../playwright.config.ts";
import { insertUser } from "../support/fixtures.ts";
import { makeOwnerOf } from "../support/owners.ts";
import { signUpDirectly, uniqueEmail } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import { expect, test } from "./support/test.ts";
import { CARS_ESSAY } from "./support/writing-essays.ts";

// The student's side of marking (issue 39, points 1, 5 and 6) with JavaScript: sending an answer
// for marking, a revised draft written on the screen from the answer's text, its changes and the
// earlier comments placed again, progress on /writing, and the owner's page about the student;
// axe on each page, at a phone's width too. The student is new; the course's allowance is given
// by an approved enrollment written to the test server's database, the marking by the core's own
// use cases there (the marking pages have their own spec). Runs with the specs that change data.

const essay = CARS_ESSAY.join("\n\n");
/** The revision: two slips corrected, the last paragraph's "a opportunity" left, one sentence cut. */
const revision = CARS_ESSAY.map((paragraph) =>
  paragraph
    .replace("enviroment", "environment")
    .replace("the the large", "the large")
    .replace(
      " This is a real risk, especially for small businesses which already struggle with online competition.",
      "",
    ),
).join("\n\n");

async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>["db"]) => Promise<T>) {
  const { db } = openDatabase(e2eDatabaseUrl);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** The page is no wider than its window: nothing to scroll sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function atPhoneWidth(page: Page) {
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Writes and submits an answer on the screen, through its dialog; the answer's id. */
async function writeAndSubmit(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Your answer", exact: true });
  await box.fill(text);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page).toHaveURL(/\/writing\/submissions\/[^/?]+$/);
  return new URL(page.url()).pathname.split("/").at(-1) as string;
}

test("a student sends an answer for marking, revises it with the teacher's comments placed again, and sees the bands; the owner sees the same", async ({
  page,
  browser,
}) => {
  test.slow();
  await page.goto("/");
  const email = uniqueEmail();
  await signUpDirectly(page, { name: "Student Ana", email });
  const { studentId, teacherId } = await withDatabase(async (db) => {
    const student = await db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    const course = await db
      .selectFrom("services")
      .select("id")
      .where("name", "=", "IELTS Writing Task 2: Essay Mastery")
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("enrollments")
      .values({
        id: crypto.randomUUID(),
        service_id: course.id,
        user_id: student.id,
        start_date: null,
        message: null,
        status: "confirmed",
        owner_note: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { studentId: student.id, teacherId: await insertUser(db, { name: "Teacher Wren" }) };
  });

  // The answer, written and submitted on the screen.
  await page.goto("/writing");
  await page.getByRole("link", { name: "Cars in the city centre", exact: true }).click();
  await page.getByRole("link", { name: "Practise untimed" }).click();
  const taskId = new URL(page.url()).pathname.split("/")[3] as string;
  const firstId = await writeAndSubmit(page, essay);

  // Sent for marking from its page.
  const marking = page.getByRole("region", { name: "Marking by the teacher" });
  await expect(marking).toContainText(
    "Marking: 0 of 6 used, 6 left, from IELTS Writing Task 2: Essay Mastery (6 answers).",
  );
  await expect(marking).toContainText("An answer sent for marking cannot be changed");
  await expectAccessible(page);
  await marking.getByRole("button", { name: "Send for marking" }).click();
  await expect(marking).toContainText(/Sent for marking on .+ — waiting for the teacher/);
  await expect(marking.getByRole("button", { name: "Send for marking" })).toHaveCount(0);
  await expectAccessible(page);

  // The teacher marks it and returns it.
  await withDatabase(async (db) => {
    const writer = { userId: teacherId, isOwner: true, address: "10.99.0.1" };
    for (const [quote, criterion, text] of [
      ["enviroment", "lexicalResource", "Spelling: environment."],
      ["the the", "grammaticalRangeAccuracy", "One “the” too many."],
      [
        "This is a real risk, especially for small businesses which already struggle with online competition.",
        "task",
        "A good point: give an example to support it.",
      ],
      ["a opportunity", "grammaticalRangeAccuracy", "“an” before a vowel sound."],
    ] as const) {
      const added = await addMarkingComment(db, {
        writer,
        submissionId: firstId,
        place: { quote },
        criterion,
        text,
      });
      expect(added.ok, quote).toBe(true);
    }
    expect(
      (
        await saveMarks(db, {
          writer,
          submissionId: firstId,
          marks: {
            bands: {
              task: 6,
              coherenceCohesion: 7,
              lexicalResource: 6,
              grammaticalRangeAccuracy: 5,
            },
            summary: "A clear and balanced essay. Check articles and spelling.",
          },
        })
      ).ok,
    ).toBe(true);
    expect((await returnMarking(db, { writer, submissionId: firstId, siteUrl: baseURL })).ok).toBe(
      true,
    );
  });

  // A revised draft: the screen starts from the answer's text, and keeps no draft of it unchanged.
  await page.reload();
  // The returned marking and the revision's link share the page.
  await expect(page.getByRole("heading", { name: "The teacher's marking" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Write a revised draft" }).click();
  await expect(page).toHaveURL(`/writing/tasks/${taskId}/write?revise=${firstId}`);
  const box = page.getByRole("textbox", { name: "Your answer", exact: true });
  await expect(box).toHaveValue(essay);
  await expect(page.getByText("A revised draft of")).toBeVisible();
  await expect(page.getByRole("heading", { name: "You have a draft of this answer" })).toHaveCount(
    0,
  );
  await expectAccessible(page);
  // Leaving the page saves what changed; the earlier answer's own words are no draft.
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  expect((await page.request.get(`/api/writing/drafts/${taskId}`)).status()).toBe(404);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith("ielts-hub:writing-draft:")),
    ),
  ).toEqual([]);
  const revisionId = await writeAndSubmit(page, revision);
  expect(revisionId).not.toBe(firstId);

  // Its page: linked back, what changed, and the earlier comments.
  await expect(page.getByText("Revised draft of your answer of")).toBeVisible();
  const changes = page.getByRole("region", { name: "What changed" });
  await expect(changes).toContainText("since your earlier answer");
  await expect(changes.locator("del", { hasText: "enviroment" })).toBeVisible();
  await expect(changes.locator("ins", { hasText: "environment" })).toBeVisible();
  const earlier = page.getByRole("region", { name: "The teacher's earlier comments" });
  await expect(earlier).toContainText("2 still in the text, 2 no longer");
  // Each placed passage is reached by the keyboard and described by its comment.
  const firstPassage = earlier.locator("#earlier-passage-1");
  await firstPassage.focus();
  await expect(firstPassage).toBeFocused();
  await expect(firstPassage).toHaveAccessibleDescription(/Spelling: environment/);
  await expect(earlier).toContainText("Written before as");
  await expect(earlier.getByRole("heading", { name: "No longer in the text" })).toBeVisible();
  await expectAccessible(page);
  await atPhoneWidth(page);

  // The revision uses the allowance like any answer.
  await page
    .getByRole("region", { name: "Marking by the teacher" })
    .getByRole("button", { name: "Send for marking" })
    .click();
  await expect(page.getByRole("region", { name: "Marking by the teacher" })).toContainText(
    "waiting for the teacher",
  );

  // /writing: the allowance, the statuses and the progress.
  await page.goto("/writing");
  await expect(page.getByText("Marking: 2 of 6 used, 4 left")).toBeVisible();
  const progress = page.getByRole("region", { name: "Your progress" });
  await expect(progress).toContainText(
    "Your lowest criterion so far: Grammatical Range and Accuracy (mean 5.0)",
  );
  await expect(progress).toContainText("Most comments: Grammatical Range and Accuracy, 2");
  await expect(progress.getByRole("img", { name: /Bands of your first attempts/ })).toBeVisible();
  await expectAccessible(page);
  await atPhoneWidth(page);

  // The owner's page about the student.
  const teacherContext = await browser.newContext({ baseURL });
  const teacherPage = await teacherContext.newPage();
  await teacherPage.goto("/");
  const teacher = await signUpDirectly(teacherPage, { name: "Teacher Rowan" });
  await makeOwnerOf(e2eDatabaseUrl, teacher.email);
  await teacherPage.goto(`/admin/writing/students/${studentId}`);
  await expect(teacherPage.getByRole("heading", { level: 1 })).toHaveText("Writing: Student Ana");
  await expect(teacherPage.getByText("Marking: 2 of 6 used, 4 left")).toBeVisible();
  await expect(teacherPage.getByRole("region", { name: "Their progress" })).toContainText(
    "Their lowest criterion so far",
  );
  await expect(
    teacherPage.getByRole("link", { name: "Cars in the city centre" }).first(),
  ).toHaveAttribute("href", `/admin/writing/submissions/${revisionId}`);
  await expectAccessible(teacherPage);
  await atPhoneWidth(teacherPage);
  await teacherContext.close();
});
