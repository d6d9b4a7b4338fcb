import { beforeAll, describe, expect, it } from "vitest";
import { countWords } from "../../core/writing/word-count.ts";
import { cookieHeader, ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertWritingDraft, insertWritingTask } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

/**
 * The Writing answer pages (issue 38, points 2 to 5; decision 0060) as a browser without
 * JavaScript uses them: the test screen's form (save, start again, submit in two steps), the full
 * test, a submitted answer's page with its marks, and the student's list on /writing; with the
 * refusals (bad input beside the field, 404 for what is not theirs or not there).
 */
const ESSAY = [
  "Some people think that cities should close their centres to private cars. In my opinion this is a good idea, but it must be done carefully.",
  "Firstly, streets without cars are safer for children and older people. Moreover, the air is cleaner, which is better for the enviroment and for our health.",
  "However, shops may lose customers who come by car. Therefore the city should build cheap car parks outside the centre and run frequent buses from them.",
  "In conclusion, I believe that the the advantages are greater than the disadvantages.",
].join("\r\n\r\n");

/** A textarea's text as the page holds it (HTML-escaped, a line break kept). */
function textareaValue(html: string, name: string): string | undefined {
  const match = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return match?.[1]
    ?.replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

describe.each(engines)("the Writing answer pages on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const db = () => site.database.db;
  type Person = Awaited<ReturnType<typeof signUpWithToken>>;
  let student: Person;
  let other: Person;
  let owner: Person;
  let taskId: string;
  let letterId: string;
  let draftTaskId: string;
  let address = 0;
  const from = () => ({
    "x-forwarded-for": `10.41.${Math.floor(++address / 250)}.${address % 250}`,
  });
  const page = (path: string, who?: Person | null) =>
    site.app.request(`${ORIGIN}${path}`, {
      headers: { ...from(), ...(who ? { cookie: who.cookie } : {}) },
      redirect: "manual",
    });
  const send = (path: string, fields: Record<string, string>, who: Person | null = student) =>
    postForm(site.app, path, fields, { ...from(), ...(who ? { cookie: who.cookie } : {}) });
  const submissions = (authorId: string) =>
    db()
      .selectFrom("writing_submissions")
      .selectAll()
      .where("author_id", "=", authorId)
      .orderBy("submitted_at", "desc")
      .execute();

  beforeAll(async () => {
    await site.app.prepareWritingMeasures();
    student = await signUpWithToken(site.app, db(), { name: "Student Mei" });
    other = await signUpWithToken(site.app, db(), { name: "Student Omar" });
    owner = await signUpWithToken(site.app, db(), { name: "The Teacher" });
    await makeOwner(db(), owner.email);
    taskId = await insertWritingTask(db(), {
      title: "Cars in the city centre",
      prompt:
        "Some people believe that city centres should be closed to private cars.\n\nDiscuss both views and give your own opinion.",
    });
    letterId = await insertWritingTask(db(), {
      kind: "general-task-1",
      title: "A borrowed camera",
      prompt: "Write a letter to your friend about their camera.",
    });
    draftTaskId = await insertWritingTask(db(), { title: "Not yet", status: "draft" });
  });

  it("sends a visitor to sign in and back, and is 404 for a task that is not published", async () => {
    const visitor = await page(`/writing/tasks/${taskId}/write?timed=1`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/writing/tasks/${taskId}/write?timed=1`)}`,
    );
    for (const path of [
      `/writing/tasks/${draftTaskId}/write`,
      "/writing/tasks/no-such-task/write",
      "/writing/submissions/no-such-answer",
      `/writing/test?task1=${taskId}&task2=${taskId}`,
      `/writing/test?task1=${letterId}&task2=${draftTaskId}`,
      "/writing?page=0",
      "/writing?page=2",
    ])
      expect((await page(path, student)).status, path).toBe(404);
  });

  it("shows the screen as a plain form: the task, the box without spell-check, Save draft and Submit", async () => {
    const screen = await page(`/writing/tasks/${taskId}/write?timed=1`, student);
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(html).toContain("Cars in the city centre");
    expect(html).toContain("Discuss both views and give your own opinion.");
    // (React writes some attributes' names as their properties are spelled; HTML reads them alike.)
    const box = (/<textarea[^>]*name="text"[^>]*>/.exec(html)?.[0] ?? "").toLowerCase();
    expect(box).toContain('spellcheck="false"');
    expect(box).toContain('autocorrect="off"');
    expect(box).toContain('autocapitalize="off"');
    expect(box).toContain('maxlength="15000"');
    expect(html).toContain('value="save-draft"');
    expect(html).toContain('value="submit"');
    expect(html).toContain("The countdown needs JavaScript: you have 40 minutes");
    expect(html).toContain("<details open");
  });

  it("refuses an empty or too long answer beside the box, keeping what was typed, and saves nothing", async () => {
    const path = `/writing/tasks/${taskId}/write`;
    const empty = await send(path, { intent: "submit", text: "  \r\n " });
    expect(empty.status).toBe(400);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain("Your answer has no words yet");
    expect(/<textarea[^>]*>/.exec(emptyPage)?.[0]).toContain('aria-invalid="true"');
    const long = `${"word ".repeat(3100)}`;
    const tooLong = await send(path, { intent: "submit-confirmed", text: long });
    expect(tooLong.status).toBe(400);
    const tooLongPage = await tooLong.text();
    expect(tooLongPage).toContain(
      "An answer may be at most 15,000 characters; this one has 15,500.",
    );
    expect(textareaValue(tooLongPage, "text")).toBe(long);
    const badIntent = await send(path, { intent: "publish", text: "Hello" });
    expect(badIntent.status).toBe(400);
    expect(await badIntent.text()).toContain("Choose Save or Submit.");
    expect(await submissions(student.id)).toHaveLength(0);
  });

  it("saves a draft, offers it on coming back, continues it, and starts again when asked", async () => {
    const path = `/writing/tasks/${taskId}/write`;
    const saved = await send(path, { intent: "save-draft", text: "Some people say <b>cars</b>" });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toMatch(/Saved at \d\d:\d\d:\d\d/);
    const offer = await (await page(path, student)).text();
    expect(offer).toContain("You have a draft of this answer");
    // Markup is text: "<b>cars</b>" is one word.
    expect(offer).toContain("4 words");
    expect(offer).toContain(`href="${path}?continue=1"`);
    const continued = await (await page(`${path}?continue=1`, student)).text();
    expect(textareaValue(continued, "text")).toBe("Some people say <b>cars</b>");
    // Another student's screen knows nothing of it.
    expect(await (await page(path, other)).text()).not.toContain("You have a draft");

    // The screen's script starts again in place: the draft goes, and no redirect.
    await send(path, { intent: "save-draft", text: "Another start" });
    const inPlace = await send(path, { intent: "discard-draft", js: "1" });
    expect(inPlace.status).toBe(200);
    expect(await (await page(path, student)).text()).not.toContain("You have a draft");
    await send(path, { intent: "save-draft", text: "Some people say <b>cars</b>" });

    const again = await send(`${path}?continue=1`, { intent: "discard-draft" });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(path);
    expect(await (await page(path, student)).text()).not.toContain("You have a draft");
  });

  it("submits in two steps without JavaScript: the words counted as the server counts them, then the answer with its measures", async () => {
    const path = `/writing/tasks/${taskId}/write?timed=1`;
    await insertWritingDraft(db(), { taskId, authorId: student.id, text: "An earlier draft" });
    const asked = await send(path, { intent: "submit", text: ESSAY, timed: "1" });
    expect(asked.status).toBe(200);
    const askedPage = await asked.text();
    expect(askedPage).toContain("Submit your answer?");
    expect(askedPage).toContain(`Your answer has ${countWords(ESSAY)} words`);
    expect(askedPage).toContain("(the task asks for at least 250)");
    expect(askedPage).toContain('value="submit-confirmed"');
    // As sent (a browser reads the box's line breaks as "\n" whichever it is given).
    expect(textareaValue(askedPage, "text")?.replaceAll("\r\n", "\n")).toBe(
      ESSAY.replaceAll("\r\n", "\n"),
    );
    expect(await submissions(student.id)).toHaveLength(0);

    const startedAt = String(Date.now() - 95_000);
    const done = await send(path, {
      intent: "submit-confirmed",
      text: ESSAY,
      timed: "1",
      startedAt,
    });
    expect(done.status).toBe(302);
    const location = done.headers.get("location") ?? "";
    expect(location).toMatch(/^\/writing\/submissions\/[^/?]+$/);
    const [row] = await submissions(student.id);
    expect(row?.text).toBe(ESSAY.replaceAll("\r\n", "\n"));
    expect(Boolean(row?.timed)).toBe(true);
    expect(Boolean(row?.time_ran_out)).toBe(false);
    // Without JavaScript, the time since the page was served.
    expect(Number(row?.seconds_taken)).toBeGreaterThanOrEqual(95);
    expect(Number(row?.seconds_taken)).toBeLessThan(120);
    // The draft went with it.
    expect(
      await db()
        .selectFrom("writing_drafts")
        .selectAll()
        .where("author_id", "=", student.id)
        .execute(),
    ).toEqual([]);

    const answer = await site.app.request(`${ORIGIN}${location}`, {
      headers: { ...from(), cookie: `${student.cookie}; ${cookieHeader(done)}` },
    });
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain("Your answer is submitted. Here are its measures.");
    expect(html).toContain(`Under length: ${countWords(ESSAY)} of 250 words`);
    expect(html).toContain("timed");
    expect(html).not.toMatch(/\bband \d/i);
    // Each flag a <mark> the keyboard reaches, described by its note in the list below.
    expect(html).toMatch(
      /<mark class="writing-mark writing-mark-spelling" id="flag-(\d+)" tabindex="0" aria-describedby="flag-\1-note">enviroment<sup aria-hidden="true"/,
    );
    expect(html).toMatch(
      /<span id="flag-\d+-note"><a href="#flag-\d+"[^>]*>“enviroment”<\/a> Spelling/,
    );
    // "the the" holds no other flag; "Moreover" is a linking word inside no other.
    expect(html).toContain("writing-mark-repeated");
    expect(html).toContain("writing-mark-linking");
    expect(html).toContain("Key to the marks");
  });

  it("shows an answer to its author and the owners only, markup as text, and a withdrawn task as withdrawn", async () => {
    const done = await send(`/writing/tasks/${letterId}/write`, {
      intent: "submit-confirmed",
      text: "Dear Tom,\n\nI am sorry <script>alert(1)</script> about your camera.\n\nBest wishes,\nAnna",
    });
    expect(done.status).toBe(302);
    const location = done.headers.get("location") ?? "";
    expect((await page(location, student)).status).toBe(200);
    expect((await page(location, owner)).status).toBe(200);
    expect((await page(location, other)).status).toBe(404);
    const visitor = await page(location, null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    const html = await (await page(location, student)).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("untimed practice");

    await db()
      .updateTable("writing_tasks")
      .set({ withdrawn_at: new Date().toISOString() })
      .where("id", "=", letterId)
      .execute();
    const withdrawn = await (await page(location, student)).text();
    expect(withdrawn).toContain("Withdrawn task");
    expect(withdrawn).toContain("The teacher has withdrawn this task");
    expect(withdrawn).not.toContain("Write this task again");
    const list = await (await page("/writing", student)).text();
    expect(list).toContain("A borrowed camera");
    expect(list).toContain("Withdrawn task");
    await db()
      .updateTable("writing_tasks")
      .set({ withdrawn_at: null })
      .where("id", "=", letterId)
      .execute();
    expect(await (await page(location, student)).text()).toContain("Write this task again");
    // Set back to a draft, the task is not offered: no link leads to its 404.
    await db()
      .updateTable("writing_tasks")
      .set({ status: "draft" })
      .where("id", "=", letterId)
      .execute();
    expect(await (await page(location, student)).text()).not.toContain("Write this task again");
    await db()
      .updateTable("writing_tasks")
      .set({ status: "published" })
      .where("id", "=", letterId)
      .execute();
  });

  it("lists the student's own answers on /writing, newest first, with task, date, words, time taken and status", async () => {
    const html = await (await page("/writing", student)).text();
    expect(html).toContain("Your answers");
    expect(html).toContain("2 answers, newest first.");
    expect(html.indexOf("A borrowed camera")).toBeLessThan(html.indexOf("Cars in the city centre"));
    expect(html).toContain("Time taken");
    expect(html).toContain("Submitted");
    expect(html).toContain("Take a full Writing test (60 minutes)");
    // Another student's list is theirs alone; a visitor has none.
    expect(await (await page("/writing", other)).text()).toContain("None yet");
    const visitor = await (await page("/writing", null)).text();
    expect(visitor).not.toContain("Your answers");
  });

  it("sets a full test: chosen or drawn at random, both answers submitted at the end, an empty one left out", async () => {
    const chooser = await (await page("/writing/test", student)).text();
    expect(chooser).toContain("Any Task 1, at random");
    expect(chooser).toContain("General Training Task 1: A borrowed camera");
    expect(chooser).toContain("Task 2: Cars in the city centre");
    const drawn = await page("/writing/test?task1=random-general&task2=random-task-2", student);
    expect(drawn.status).toBe(302);
    const sitting = drawn.headers.get("location") ?? "";
    expect(sitting).toBe(`/writing/test?task1=${letterId}&task2=${taskId}`);
    const screen = await (await page(`${sitting}&continue=1`, student)).text();
    expect(screen).toContain("Part 1: A borrowed camera");
    expect(screen).toContain("Part 2: Cars in the city centre");
    expect(screen).toContain('name="text1"');
    expect(screen).toContain('name="text2"');

    const nothing = await send(sitting, { intent: "submit", text1: " ", text2: "" });
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain("Both answers are empty");

    const before = (await submissions(student.id)).length;
    const asked = await (
      await send(sitting, { intent: "submit", text1: "Dear Tom, I broke it.", text2: "" })
    ).text();
    expect(asked).toContain("General Training Task 1: 5 words");
    expect(asked).toContain("Task 2: 0 words");
    const done = await send(sitting, {
      intent: "submit-confirmed",
      text1: "Dear Tom, I broke it.",
      text2: "",
      timed: "1",
      secondsTaken1: "1500",
      secondsTaken2: "1500",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toMatch(/^\/writing\/submissions\/[^/?]+$/);
    expect((await submissions(student.id)).length).toBe(before + 1);

    const both = await send(sitting, {
      intent: "submit-confirmed",
      text1: "Dear Tom, I broke it and I am sorry.",
      text2: ESSAY,
      timed: "1",
      timeRanOut: "1",
      secondsTaken1: "3600",
      secondsTaken2: "3600",
    });
    expect(both.status).toBe(302);
    const location = both.headers.get("location") ?? "";
    expect(location).toMatch(/^\/writing\/submissions\/[^/?]+\?test=[^/?]+$/);
    const latest = (await submissions(student.id)).slice(0, 2);
    const first = latest.find((row) => row.task_id === letterId);
    const second = latest.find((row) => row.task_id === taskId);
    expect(first?.text).toBe("Dear Tom, I broke it and I am sorry.");
    expect(Boolean(second?.time_ran_out)).toBe(true);
    expect(Number(second?.seconds_taken)).toBe(3600);
    const answer = await (await page(location, student)).text();
    expect(answer).toContain("This Writing test&#x27;s answers");
    expect(answer).toContain("Part 2: Task 2");
    // The other part's link is only there for someone who may read it.
    const [, otherId] = location.split("?test=");
    expect(otherId).toBe(second?.id);
    const ownersView = await (
      await page(`/writing/submissions/${first?.id}?test=${otherId}`, owner)
    ).text();
    expect(ownersView).toContain("Part 2: Task 2");
    const othersView = await await page(`/writing/submissions/${first?.id}?test=${otherId}`, other);
    expect(othersView.status).toBe(404);
  });
});
