import { beforeAll, describe, expect, it } from "vitest";
import { ABSENT_QUOTE_MESSAGE, ambiguousQuoteMessage } from "../../core/writing/anchoring.ts";
import { BAND_ROUNDING_RULE } from "../../core/writing/bands.ts";
import { sendForMarking } from "../../core/writing/marking-allowance.server.ts";
import { NOT_READY_MESSAGE } from "../../core/writing/markings.server.ts";
import { CARS_ESSAY } from "../e2e/support/writing-essays.ts";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import {
  insertEnrollment,
  insertService,
  insertWritingAnswer,
  insertWritingTask,
} from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

/**
 * The teacher's marking pages (issue 39, points 2 to 4) as a browser without JavaScript uses
 * them: the queue on /admin/writing and the count on /admin, the marking page's forms (a comment
 * placed by its quoted words, changed, removed; the bands and summary; Return to student; a
 * correction), the student's answer page once returned, and who may reach any of it.
 */
const ESSAY = CARS_ESSAY.join("\n\n");
const html = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

describe.each(engines)("the Writing marking pages on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const db = () => site.database.db;
  type Person = Awaited<ReturnType<typeof signUpWithToken>>;
  let student: Person;
  let other: Person;
  let owner: Person;
  let taskId: string;
  let enrollmentId: string;
  /** The student's essay, sent first; the other student's answer; the student's revised draft. */
  let essayId: string;
  let otherId: string;
  let revisionId: string;
  /** An answer of the student's never sent for marking. */
  let unsentId: string;
  let address = 0;
  const from = () => ({
    "x-forwarded-for": `10.42.${Math.floor(++address / 250)}.${address % 250}`,
  });
  const page = (path: string, who?: Person | null) =>
    site.app.request(`${ORIGIN}${path}`, {
      headers: { ...from(), ...(who ? { cookie: who.cookie } : {}) },
      redirect: "manual",
    });
  const send = (path: string, fields: Record<string, string>, who: Person | null = owner) =>
    postForm(site.app, path, fields, { ...from(), ...(who ? { cookie: who.cookie } : {}) });
  const markingPage = (id: string) => `/admin/writing/submissions/${id}`;
  const comments = (submissionId: string) =>
    db()
      .selectFrom("writing_comments")
      .selectAll()
      .where("submission_id", "=", submissionId)
      .orderBy("position_start")
      .execute();
  const markingRow = (submissionId: string) =>
    db()
      .selectFrom("writing_markings")
      .selectAll()
      .where("submission_id", "=", submissionId)
      .executeTakeFirstOrThrow();

  async function submit(who: Person, text: string) {
    const response = await send(
      `/writing/tasks/${taskId}/write`,
      { intent: "submit-confirmed", text },
      who,
    );
    expect(response.status).toBe(302);
    const id = (response.headers.get("location") ?? "").split("/").pop()?.split("?")[0] ?? "";
    expect(id).not.toBe("");
    return id;
  }
  const sendIt = async (who: Person, submissionId: string, hoursAgo: number) => {
    const sent = await sendForMarking(
      db(),
      {
        writer: { userId: who.id, isOwner: false, address: "10.42.0.1" },
        submissionId,
        siteUrl: ORIGIN,
      },
      new Date(Date.now() - hoursAgo * 60 * 60 * 1000),
    );
    expect(sent.ok).toBe(true);
  };

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
    const courseId = await insertService(db(), { name: "IELTS Writing Task 2: Essay Mastery" });
    await db()
      .updateTable("services")
      .set({ writing_answers_marked: 3 })
      .where("id", "=", courseId)
      .execute();
    enrollmentId = await insertEnrollment(db(), { serviceId: courseId, userId: student.id });
    await insertEnrollment(db(), { serviceId: courseId, userId: other.id });
    essayId = await submit(student, ESSAY);
    otherId = await submit(other, ESSAY.replace("Moreover", "Also"));
    revisionId = await submit(student, ESSAY.replace("enviroment", "environment"));
    // (The revised-draft screen has its own tests: here the link alone.)
    await db()
      .updateTable("writing_submissions")
      .set({ revision_of: essayId })
      .where("id", "=", revisionId)
      .execute();
    unsentId = await submit(student, "A short answer that is never sent for marking.");
    // Sent 3 days ago, 5 hours ago, and just now: the queue is oldest first.
    await sendIt(student, essayId, 72.5);
    await sendIt(other, otherId, 5.2);
    await sendIt(student, revisionId, 0);
  });

  it("lists the answers waiting, oldest first, with the time waited, the student, the task, the words and the comments", async () => {
    const response = await page("/admin/writing", owner);
    expect(response.status).toBe(200);
    const queue = await response.text();
    expect(queue).toContain("Writing answers to mark");
    expect(queue).toContain("Waiting for marking (3)");
    const rows = [essayId, otherId, revisionId].map((id) =>
      queue.indexOf(`href="${markingPage(id)}"`),
    );
    expect(rows.every((at) => at > 0)).toBe(true);
    expect([...rows].sort((a, b) => a - b)).toEqual(rows);
    expect(queue).toContain("Waited 3 days");
    expect(queue).toContain("Waited 5 hours");
    expect(queue).toContain("Waited under a minute");
    expect(queue).toContain(`href="/admin/writing/students/${student.id}"`);
    expect(queue).toContain(`href="/admin/writing/students/${other.id}"`);
    expect(queue).toContain("Student Omar");
    expect(queue).toContain("Cars in the city centre");
    expect(queue).toMatch(/\d+ words · 0 comments so far/);
    // Only the revision is a revised draft.
    expect(queue.split("Revised draft")).toHaveLength(2);
    expect(queue.indexOf("Revised draft")).toBeGreaterThan(rows[2] as number);
    expect(queue).toContain('href="/admin/writing/tasks"');
    expect(queue).toContain("No marking was returned in the last 30 days.");
    expect(queue).toContain("Answers sent for marking per week");

    const admin = await (await page("/admin", owner)).text();
    expect(admin).toContain('href="/admin/writing"');
    expect(admin).toContain("3 answers waiting for marking.");
  });

  it("is the 404 page to a student, another student and a visitor, and for an answer not sent for marking", async () => {
    for (const who of [student, other, null]) {
      for (const path of ["/admin/writing", markingPage(essayId), markingPage(otherId)]) {
        expect((await page(path, who)).status, `${path} as ${who?.email ?? "a visitor"}`).toBe(404);
      }
      const refused = await send(
        markingPage(essayId),
        {
          intent: "add-comment",
          quote: "Pedestrians and cyclists",
          criterion: "general",
          text: "Mine",
        },
        who,
      );
      expect(refused.status).toBe(404);
      const returned = await send(markingPage(essayId), { intent: "return" }, who);
      expect(returned.status).toBe(404);
    }
    expect(await comments(essayId)).toHaveLength(0);
    for (const path of [
      markingPage(unsentId),
      markingPage("no-such-answer"),
      markingPage(crypto.randomUUID()),
    ])
      expect((await page(path, owner)).status, path).toBe(404);
    // Another student reads neither the answer nor, later, its marking.
    expect((await page(`/writing/submissions/${essayId}`, other)).status).toBe(404);
  });

  it("shows the owner the answer with its measures, the empty forms and the rounding rule", async () => {
    const response = await page(markingPage(essayId), owner);
    expect(response.status).toBe(200);
    const marking = await response.text();
    expect(marking).toMatch(/<meta name="robots" content="noindex"\/?>/);
    expect(marking).toContain("Cars in the city centre");
    expect(marking).toContain("Waiting for marking");
    expect(marking).toContain(`href="/admin/writing/students/${student.id}"`);
    expect(marking).toContain("<details open");
    expect(marking).toContain("Measures");
    expect(marking).toContain("The answer and your comments");
    expect(marking).toContain("Add a comment by quoting its words");
    expect(marking).toContain("Task Response band");
    expect(marking).toContain("Grammatical Range and Accuracy band");
    expect(marking).toContain("The task&#x27;s band shows once the four bands are saved.");
    expect(marking).toContain(html(BAND_ROUNDING_RULE));
    expect(marking).toContain(">Save marks<");
    expect(marking).toContain(">Return to student<");
    // Each piece of the text carries its offset, for the selection's script.
    expect(marking).toContain('data-start="0"');
  });

  it("places a comment by its quoted words, refusing words not there or there twice beside the field", async () => {
    const absent = await send(markingPage(essayId), {
      intent: "add-comment",
      quote: "cars are the future",
      criterion: "task",
      text: "Where is this?",
    });
    expect(absent.status).toBe(400);
    const absentPage = await absent.text();
    expect(absentPage).toContain(html(ABSENT_QUOTE_MESSAGE));
    expect(/<textarea[^>]*name="quote"[^>]*>/.exec(absentPage)?.[0]).toContain(
      'aria-invalid="true"',
    );
    // What was typed stays.
    expect(absentPage).toContain("Where is this?");

    const twice = await send(markingPage(essayId), {
      intent: "add-comment",
      quote: "to private cars",
      criterion: "task",
      text: "Which one?",
    });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain(html(ambiguousQuoteMessage(2)));

    const noCriterion = await send(markingPage(essayId), {
      intent: "add-comment",
      quote: "the the large shopping centres",
      criterion: "",
      text: "Twice.",
    });
    expect(noCriterion.status).toBe(400);
    expect(await noCriterion.text()).toContain("Please choose what the comment is about.");
    expect(await comments(essayId)).toHaveLength(0);

    const added = await send(markingPage(essayId), {
      intent: "add-comment",
      quote: "the the large shopping centres",
      criterion: "grammaticalRangeAccuracy",
      text: "You wrote “the” twice.",
      correction: "the large shopping centres",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`${markingPage(essayId)}#comments-heading`);
    for (const [quote, criterion, text] of [
      ["In recent years many cities", "coherenceCohesion", "A clear opening that names the topic."],
      ["a opportunity", "lexicalResource", "“an opportunity”: the word starts with a vowel sound."],
      ["In my opinion, the advantages", "task", "Your position is clear here."],
    ] as const) {
      const response = await send(markingPage(essayId), {
        intent: "add-comment",
        quote,
        criterion,
        text,
      });
      expect(response.status, quote).toBe(302);
    }
    const stored = await comments(essayId);
    expect(
      stored.map((row) => ESSAY.slice(Number(row.position_start), Number(row.position_end))),
    ).toEqual([
      "In recent years many cities",
      "the the large shopping centres",
      "In my opinion, the advantages",
      "a opportunity",
    ]);
    expect(stored[1]?.quote_exact).toBe("the the large shopping centres");
    expect(stored[1]?.correction).toBe("the large shopping centres");

    const marking = await (await page(markingPage(essayId), owner)).text();
    expect(marking).toContain('id="passage-2"');
    expect(marking).toContain('aria-describedby="comment-2-note"');
    expect(marking).toContain("comment-mark-grammar");
    expect(marking).toContain("Change or remove comment 4");
    expect(marking).toContain("4 comments so far.");
  });

  it("sends the marked answer once: in the page, not again in its data; a navigation's data carries it", async () => {
    const response = await page(markingPage(essayId), owner);
    const document = await response.text();
    const hydration = document.slice(document.indexOf("window.__reactRouterContext"));
    expect(document).toContain('<div id="commented-answer"><div class="@container');
    expect(document.split('id="passage-2"')).toHaveLength(2);
    expect(hydration).not.toContain("comment-mark");
    expect(hydration).not.toContain("You wrote");
    // The marking page tells how long it took to draw (npm run bench reads it).
    expect(response.headers.get("server-timing")).toMatch(
      /^render;desc="Page";dur=\d+\.\d{2}, cpu;desc="CPU while rendering";dur=\d+\.\d{2}$/,
    );

    const data = await (await page(`${markingPage(essayId)}.data`, owner)).text();
    expect(data).toContain("commented-answer");
    expect(data).toContain('id=\\"passage-2\\"');
  });

  it("places a comment from a selection's offsets, as the page's script sends them", async () => {
    const start = ESSAY.indexOf("enviroment");
    const added = await send(markingPage(essayId), {
      intent: "add-comment",
      js: "1",
      passageStart: String(start),
      passageEnd: String(start + "enviroment".length),
      criterion: "lexicalResource",
      text: "Spelling: environment.",
    });
    expect(added.status).toBe(200);
    const outside = await send(markingPage(essayId), {
      intent: "add-comment",
      js: "1",
      passageStart: "5",
      passageEnd: String(ESSAY.length + 10),
      criterion: "lexicalResource",
      text: "Too far.",
    });
    expect(outside.status).toBe(400);
    expect(await comments(essayId)).toHaveLength(5);
  });

  it("changes and removes a comment, and refuses another answer's comment", async () => {
    const [first, second] = await comments(essayId);
    const changed = await send(markingPage(essayId), {
      intent: "change-comment",
      commentId: first?.id ?? "",
      criterion: "coherenceCohesion",
      text: "A clear opening: it names the topic and the two views.",
      correction: "",
    });
    expect(changed.status).toBe(302);
    // The page links each comment to its Change and Remove, which open one at a time.
    const marking = await (await page(markingPage(essayId), owner)).text();
    expect(marking).not.toContain('name="commentId"');
    const changeLink = `?change=${second?.id}#comment-2`;
    expect(marking).toContain(`href="${changeLink}"`);
    const changing = await (
      await page(`${markingPage(essayId)}?change=${second?.id}`, owner)
    ).text();
    expect(changing.match(/name="commentId"/g)).toHaveLength(2);
    expect(changing).toContain(`value="${second?.id}"`);
    expect(changing).toContain(`>${second?.body}</textarea>`);
    expect(changing).toContain('href="/admin/writing/submissions/');
    // Its form posts to that address: a refusal comes back with the message beside the field.
    const emptied = await send(`${markingPage(essayId)}?change=${second?.id}`, {
      intent: "change-comment",
      commentId: second?.id ?? "",
      criterion: "grammaticalRangeAccuracy",
      text: "   ",
    });
    expect(emptied.status).toBe(400);
    const emptiedPage = await emptied.text();
    expect(emptiedPage).toContain("Please write the comment.");
    expect(emptiedPage).toContain(`id="comment-2-change-text"`);

    // A comment on the other student's answer, from this answer's page.
    const otherComment = await send(markingPage(otherId), {
      intent: "add-comment",
      quote: "Also, buses and trams",
      criterion: "coherenceCohesion",
      text: "Good link.",
    });
    expect(otherComment.status).toBe(302);
    const [foreign] = await comments(otherId);
    const wrongPage = await send(markingPage(essayId), {
      intent: "remove-comment",
      commentId: foreign?.id ?? "",
    });
    expect(wrongPage.status).toBe(404);
    expect(await comments(otherId)).toHaveLength(1);

    const spelling = (await comments(essayId)).find((row) => row.quote_exact === "enviroment");
    const removed = await send(markingPage(essayId), {
      intent: "remove-comment",
      commentId: spelling?.id ?? "",
    });
    expect(removed.status).toBe(302);
    const after = await comments(essayId);
    expect(after).toHaveLength(4);
    expect(after[0]?.body).toBe("A clear opening: it names the topic and the two views.");
    expect(after[1]?.body).toBe("You wrote “the” twice.");
  });

  it("refuses bad bands beside their fields and saves nothing; refuses to return before the marks are saved", async () => {
    const early = await send(markingPage(essayId), { intent: "return" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain(html(NOT_READY_MESSAGE));

    const bad = await send(markingPage(essayId), {
      intent: "save-marks",
      "bands.task": "10",
      "bands.coherenceCohesion": "6.5",
      "bands.lexicalResource": "",
      "bands.grammaticalRangeAccuracy": "6",
      "notes.task": "Both views are discussed.",
      summary: "",
    });
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    for (const name of [
      "bands.task",
      "bands.coherenceCohesion",
      "bands.lexicalResource",
      "summary",
    ]) {
      const control = new RegExp(
        `<(?:select|textarea)[^>]*name="${name.replace(".", "\\.")}"[^>]*>`,
      ).exec(badPage)?.[0];
      expect(control, name).toContain('aria-invalid="true"');
    }
    expect(badPage).toContain("Please give a whole band from 0 to 9.");
    expect(badPage).toContain("Please write a summary.");
    // What was typed stays.
    expect(badPage).toContain("Both views are discussed.");
    const row = await markingRow(essayId);
    expect(row.band_task).toBeNull();
    expect(row.summary).toBeNull();
    expect(row.returned_at).toBeNull();
  });

  it("refuses a student without allowance every time, never counting the refusals as writes", async () => {
    // Past the address's 30 writes in 10 minutes: a refusal that counted would turn into a 429.
    const stranger = await signUpWithToken(site.app, db(), { name: "Student Without Course" });
    const answerId = await insertWritingAnswer(db(), {
      taskId,
      authorId: stranger.id,
      text: ESSAY,
    });
    const writer = { userId: stranger.id, isOwner: false, address: "10.42.250.250" };
    for (let attempt = 1; attempt <= 32; attempt++) {
      const refused = await sendForMarking(db(), {
        writer,
        submissionId: answerId,
        siteUrl: ORIGIN,
      });
      expect(refused, `attempt ${attempt}`).toMatchObject({ ok: false, reason: "no-allowance" });
    }
  });

  it("takes a summary and notes as long as they may be, in any script, through the form", async () => {
    // 10,000 characters of Devanagari and four notes of 1,000: about 126 KB as a browser encodes
    // them (9 bytes a character), past the pages' 64 KB; refused as too long only one past.
    const summary = "अ".repeat(10_000);
    const note = "ग".repeat(1_000);
    const fields = {
      intent: "save-marks",
      "bands.task": "6",
      "bands.coherenceCohesion": "6",
      "bands.lexicalResource": "6",
      "bands.grammaticalRangeAccuracy": "6",
      "notes.task": note,
      "notes.coherenceCohesion": note,
      "notes.lexicalResource": note,
      "notes.grammaticalRangeAccuracy": note,
    };
    const tooLong = await send(markingPage(otherId), { ...fields, summary: `${summary}अ` });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain("Please keep the summary under 10000 characters.");
    const saved = await send(markingPage(otherId), { ...fields, summary });
    expect(saved.status).toBe(302);
    const row = await markingRow(otherId);
    expect(row.summary).toBe(summary);
    expect(row.note_lexical_resource).toBe(note);
  });

  it("saves the marks, returns the marking with a mail to the student, and the student reads it in place", async () => {
    const before = await (await page(`/writing/submissions/${essayId}`, student)).text();
    expect(before).not.toContain("The teacher&#x27;s marking");

    const saved = await send(markingPage(essayId), {
      intent: "save-marks",
      "bands.task": "7",
      "bands.coherenceCohesion": "6",
      "bands.lexicalResource": "6",
      "bands.grammaticalRangeAccuracy": "7",
      "notes.task": "Both views are discussed, and your opinion is clear.",
      "notes.lexicalResource": "",
      summary:
        "A **well organised** essay.\n\n- Check articles before vowels.\n- Proofread for doubled words.",
    });
    expect(saved.status).toBe(302);
    const marked = await (await page(markingPage(essayId), owner)).text();
    // (7 + 6 + 6 + 7) ÷ 4 = 6.5
    expect(marked).toMatch(/Task band: <strong[^>]*>6\.5<\/strong>/);

    await site.app.deliverMail();
    site.outbox.length = 0;
    const returned = await send(markingPage(essayId), { intent: "return" });
    expect(returned.status).toBe(302);
    expect(returned.headers.get("location")).toBe(markingPage(essayId));
    expect((await markingRow(essayId)).returned_at).not.toBeNull();
    await site.app.deliverMail();
    const mail = site.outbox.find((sent) => sent.to === student.email);
    expect(mail?.subject).toContain("your Writing answer is marked");
    expect(mail?.text).toContain(`${ORIGIN}/writing/submissions/${essayId}`);

    // The owner's page: returned, comments frozen, the marks form a correction.
    const frozen = await (await page(markingPage(essayId), owner)).text();
    expect(frozen).toContain("Returned to the student");
    expect(frozen).toContain("Correct the marking");
    expect(frozen).toContain(">Save the correction<");
    expect(frozen).not.toContain("Add a comment by quoting its words");
    expect(frozen).not.toContain("Change or remove comment");
    expect(frozen).not.toContain(">Return to student</button>");
    // A comment's Change no longer opens, even by its address.
    const [returnedComment] = await comments(essayId);
    const changeAfter = await (
      await page(`${markingPage(essayId)}?change=${returnedComment?.id}`, owner)
    ).text();
    expect(changeAfter).not.toContain('name="commentId"');
    expect(changeAfter).toContain('id="passage-1"');
    const late = await send(markingPage(essayId), {
      intent: "add-comment",
      quote: "Pedestrians and cyclists",
      criterion: "general",
      text: "Too late.",
    });
    expect(late.status).toBe(409);
    expect(await comments(essayId)).toHaveLength(4);
    const again = await send(markingPage(essayId), { intent: "return" });
    expect(again.status).toBe(409);

    // The queue and /admin no longer count it.
    expect(await (await page("/admin/writing", owner)).text()).toContain("Waiting for marking (2)");

    // The student's page: the passages highlighted and numbered, the labels, the bands and summary.
    const response = await page(`/writing/submissions/${essayId}`, student);
    expect(response.status).toBe(200);
    const reading = await response.text();
    expect(reading).toContain("The teacher&#x27;s marking");
    expect(reading).toMatch(/Returned \d+ \w+ \d{4} at \d\d:\d\d/);
    expect(reading).not.toContain("Corrected");
    for (const number of [1, 2, 3, 4]) {
      expect(reading).toContain(
        `id="passage-${number}" tabindex="0" aria-describedby="comment-${number}-note"`,
      );
      expect(reading).toContain(`id="comment-${number}"`);
      expect(reading).toContain(`href="#passage-${number}"`);
    }
    expect(reading).toContain(
      '<mark class="comment-mark comment-mark-grammar" id="passage-2" tabindex="0" aria-describedby="comment-2-note">the the large shopping centres',
    );
    expect(reading).toContain("Grammatical Range and Accuracy</span>");
    expect(reading).toContain("Task Response</span>");
    expect(reading).toContain("Suggested correction: ");
    expect(reading).toContain("the large shopping centres");
    expect(reading).toContain("“an opportunity”: the word starts with a vowel sound.");
    expect(reading).toContain("Both views are discussed, and your opinion is clear.");
    expect(reading).toMatch(/Task band: <strong[^>]*>6\.5<\/strong>/);
    expect(reading).toContain(html(BAND_ROUNDING_RULE));
    expect(reading).toContain("<strong>well organised</strong>");
    expect(reading).toContain("<li>Check articles before vowels.</li>");
    // The comments come once, in the page's markup: its hydration data holds none of them.
    expect(reading.slice(reading.indexOf("window.__reactRouterContext"))).not.toContain(
      "the word starts with a vowel sound",
    );
    // No page the student reads offers the teacher's forms.
    expect(reading).not.toContain("Change or remove comment");
    expect(reading).not.toContain("data-start=");
    expect((await page(`/writing/submissions/${essayId}`, other)).status).toBe(404);
  });

  it("a correction after returning shows the student “Corrected” with its time", async () => {
    const corrected = await send(markingPage(essayId), {
      intent: "save-marks",
      "bands.task": "7",
      "bands.coherenceCohesion": "7",
      "bands.lexicalResource": "6",
      "bands.grammaticalRangeAccuracy": "7",
      summary: "A **well organised** essay.",
    });
    expect(corrected.status).toBe(302);
    expect((await markingRow(essayId)).corrected_at).not.toBeNull();
    const reading = await (await page(`/writing/submissions/${essayId}`, student)).text();
    expect(reading).toMatch(/Corrected \d+ \w+ \d{4} at \d\d:\d\d/);
    // (7 + 7 + 6 + 7) ÷ 4 = 6.75, which rounds up to 7.0
    expect(reading).toMatch(/Task band: <strong[^>]*>7\.0<\/strong>/);
    const owners = await (await page(markingPage(essayId), owner)).text();
    expect(owners).toContain("Corrected");
  });

  it("shows a full test's Writing band once both its answers are returned, Task 2 counting twice", async () => {
    const reportTaskId = await insertWritingTask(db(), {
      kind: "academic-task-1",
      title: "Museum visitors",
      prompt: "The graph shows museum visitors. Summarise the information.",
    });
    const reportText = [
      "The graph compares the number of people who visited three museums between 2016 and 2024.",
      "Overall, the science museum became the most popular, while the history museum lost visitors.",
    ].join("\n\n");
    const sent = await send(
      `/writing/tasks/${reportTaskId}/write`,
      { intent: "submit-confirmed", text: reportText },
      student,
    );
    const reportId = (sent.headers.get("location") ?? "").split("/").pop() ?? "";
    // The essay and the report as one sitting of the full test.
    const sittingId = crypto.randomUUID();
    await db()
      .updateTable("writing_submissions")
      .set({ sitting_id: sittingId })
      .where("id", "in", [essayId, reportId])
      .execute();
    await sendIt(student, reportId, 1);
    const testBandShown = async () =>
      /Writing test band \(both tasks\): <strong[^>]*>([\d.]+)<\/strong>/.exec(
        await (await page(`/writing/submissions/${essayId}`, student)).text(),
      )?.[1];
    expect(await testBandShown()).toBeUndefined();
    const marks = await send(markingPage(reportId), {
      intent: "save-marks",
      "bands.task": "6",
      "bands.coherenceCohesion": "6",
      "bands.lexicalResource": "6",
      "bands.grammaticalRangeAccuracy": "6",
      summary: "A clear overview.",
    });
    expect(marks.status).toBe(302);
    const report = await (await page(markingPage(reportId), owner)).text();
    expect(report).toContain("Task Achievement band");
    expect(await testBandShown()).toBeUndefined();
    expect((await send(markingPage(reportId), { intent: "return" })).status).toBe(302);
    // Task 1 6.0, Task 2 7.0: (6 + 2 × 7) ÷ 3 = 6.67, to the half band 6.5.
    expect(await testBandShown()).toBe("6.5");
    expect(await (await page(markingPage(essayId), owner)).text()).toMatch(
      /Writing test band \(both tasks\): <strong[^>]*>6\.5<\/strong>/,
    );
  });

  it("adds to an approved student's allowance from /admin, for owners only", async () => {
    const admin = await (await page("/admin", owner)).text();
    expect(admin).toContain(`id="writing-answers-${enrollmentId}"`);
    expect(admin).toContain(`href="/admin/writing/students/${student.id}"`);
    expect(admin).toContain("Writing answers marked: 3 with the course");
    const added = await send("/admin", {
      intent: "add-writing-answers",
      enrollmentId,
      answers: "2",
    });
    expect(added.status).toBe(302);
    const wrong = await send("/admin", {
      intent: "add-writing-answers",
      enrollmentId,
      answers: "0",
    });
    expect(wrong.status).toBe(302);
    const byStudent = await send(
      "/admin",
      { intent: "add-writing-answers", enrollmentId, answers: "50" },
      student,
    );
    expect(byStudent.status).toBe(404);
    const row = await db()
      .selectFrom("enrollments")
      .select("writing_answers_added")
      .where("id", "=", enrollmentId)
      .executeTakeFirstOrThrow();
    expect(Number(row.writing_answers_added)).toBe(2);
    expect(await (await page("/admin", owner)).text()).toContain("3 with the course, 2 added");
  });
});
