import { beforeAll, describe, expect, it } from "vitest";
import { wordChanges } from "../../core/writing/draft-changes.ts";
import {
  ALREADY_SENT_MESSAGE,
  NO_ALLOWANCE_MESSAGE,
} from "../../core/writing/marking-allowance.server.ts";
import { addMarkingComment, returnMarking, saveMarks } from "../../core/writing/markings.server.ts";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import {
  insertEnrollment,
  insertService,
  insertWritingDraft,
  insertWritingTask,
} from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

/**
 * The student's side of marking (issue 39, points 1, 5 and 6) through the pages, as a browser
 * without JavaScript uses them: "Send for marking" within the allowance of approved enrollments
 * (the courses that include marking when none is left), statuses and the allowance on /writing,
 * a revised draft written from the answer's text and linked to it, what changed and the earlier
 * comments placed again, progress, and the owner's page about one student.
 */

/** A learner's Task 2 essay (281 words): a verb not agreeing, a comparative doubled, "childs". */
const FIRST_ATTEMPT = [
  "In recent years, more and more people are working from home for part of the week. Although this way of working has some disadvantages, I believe that the advantages are more important.",
  "Firstly, working from home saves a lot of time and money. Many workers in big cities spend two hours every day in crowded trains or in traffic jams, and this make them tired before they even start working. At home, they can use this time to sleep longer, do exercise or spend it with their family. Moreover, companies can save money on offices, because they do not need so many desks and rooms.",
  "Secondly, many people can concentrate better at home. In an open-plan office there is always noise, phones ringing and colleagues who want to chat. On the other hand, at home a worker can organise his day and work in a quiet room. For example, my sister is a programmer and she told me that she finishes her tasks much more faster when she works in her flat.",
  "However, there are also some problems. Some employees feel lonely because they do not see their colleagues, and it is more difficult to share ideas without meeting face to face. In addition, not everybody has a quiet place at home, especially families with small childs. Managers also worry that they cannot control if their staff are really working.",
  "In conclusion, I think that working from home brings more benefits than problems, both for workers and for companies. The best solution is probably to work at home two or three days a week and go to the office on the other days, so people can enjoy the advantages of both.",
].join("\n\n");

/**
 * The student's revision after the teacher's comments (270 words): "make" corrected, the point
 * about companies moved to a paragraph of its own, the undeveloped sentence about managers
 * deleted, "childs" corrected; "do exercise" and "much more faster" left as they were.
 * By hand: removed "and money" (2), "make" (1), the moved sentence (17), "childs" (1), the
 * managers' sentence (13) = 34; added "makes" (1), "Employers benefit as well." (4), the moved
 * sentence (17), "children" (1) = 23.
 */
const REVISION = [
  "In recent years, more and more people are working from home for part of the week. Although this way of working has some disadvantages, I believe that the advantages are more important.",
  "Firstly, working from home saves a lot of time. Many workers in big cities spend two hours every day in crowded trains or in traffic jams, and this makes them tired before they even start working. At home, they can use this time to sleep longer, do exercise or spend it with their family.",
  "Secondly, many people can concentrate better at home. In an open-plan office there is always noise, phones ringing and colleagues who want to chat. On the other hand, at home a worker can organise his day and work in a quiet room. For example, my sister is a programmer and she told me that she finishes her tasks much more faster when she works in her flat.",
  "Employers benefit as well. Moreover, companies can save money on offices, because they do not need so many desks and rooms.",
  "However, there are also some problems. Some employees feel lonely because they do not see their colleagues, and it is more difficult to share ideas without meeting face to face. In addition, not everybody has a quiet place at home, especially families with small children.",
  "In conclusion, I think that working from home brings more benefits than problems, both for workers and for companies. The best solution is probably to work at home two or three days a week and go to the office on the other days, so people can enjoy the advantages of both.",
].join("\n\n");

/** Another answer to the same task, for the allowance running out. */
const THIRD_ANSWER = [
  "Today many companies let their employees work from home. In my view this is a positive change, although it is not suitable for every job.",
  "The main advantage is flexibility. Parents can take their children to school and still start work on time, and people who live far from the city do not need to move. Another benefit is that there are fewer cars on the roads in the morning, so the air in cities becomes cleaner.",
  "Nevertheless, some jobs cannot be done at home. Doctors, shop assistants and factory workers must be at their workplace, and young employees often learn more when they sit next to experienced colleagues.",
  "To sum up, working from home is useful for many office workers, but companies should decide carefully which jobs it suits.",
].join("\n\n");

/** The text of an HTML fragment as it reads: blocks apart, inline tags dropped, entities read. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(
      /<\/?(?:p|div|li|ul|ol|h\d|section|header|nav|table|thead|tbody|tr|td|th|dl|dt|dd|details|summary|caption|br)\b[^>]*>/g,
      " ",
    )
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The rows of the table captioned `caption`, each as its cells' texts. */
function tableRows(html: string, caption: string): string[][] {
  const table = new RegExp(`<caption[^>]*>${caption}</caption>([\\s\\S]*?)</table>`).exec(
    html,
  )?.[1];
  if (!table) return [];
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? "").matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => textOf(cell[1] ?? "")),
  );
}

/** A textarea's text as the page holds it (HTML-escaped). */
function textareaValue(html: string, name: string): string | undefined {
  const match = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return match?.[1]
    ?.replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&");
}

describe.each(engines)("the student's side of Writing marking on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const db = () => site.database.db;
  type Person = Awaited<ReturnType<typeof signUpWithToken>>;
  let student: Person;
  let other: Person;
  let owner: Person;
  let taskId: string;
  let letterId: string;
  let markedCourseId: string;
  let biggerCourseId: string;
  let address = 0;
  const from = () => ({
    "x-forwarded-for": `10.42.${Math.floor(++address / 250)}.${address % 250}`,
  });
  const page = (path: string, who?: Person | null) =>
    site.app.request(`${ORIGIN}${path}`, {
      headers: { ...from(), ...(who ? { cookie: who.cookie } : {}) },
      redirect: "manual",
    });
  const html = async (path: string, who?: Person | null) => {
    const response = await page(path, who);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const send = (path: string, fields: Record<string, string>, who: Person | null = student) =>
    postForm(site.app, path, fields, { ...from(), ...(who ? { cookie: who.cookie } : {}) });
  /** Submits an answer through the screen's form, without JavaScript; its id. */
  const submitAnswer = async (
    text: string,
    who: Person = student,
    { task = taskId, revisionOf }: { task?: string; revisionOf?: string } = {},
  ) => {
    const done = await send(
      `/writing/tasks/${task}/write${revisionOf ? `?revise=${revisionOf}` : ""}`,
      { intent: "submit-confirmed", text, ...(revisionOf ? { revisionOf } : {}) },
      who,
    );
    expect(done.status).toBe(302);
    const location = done.headers.get("location") ?? "";
    expect(location).toMatch(/^\/writing\/submissions\/[^/?]+$/);
    return location.split("/").at(-1) as string;
  };
  const teacher = () => ({ userId: owner.id, isOwner: true, address: "10.42.255.1" });

  /** The teacher's marking of an answer, through the core's own use cases. */
  const mark = async (
    submissionId: string,
    comments: { quote: string; criterion: string; text: string; correction?: string }[],
    bands: Record<string, number>,
  ) => {
    for (const comment of comments) {
      const added = await addMarkingComment(db(), {
        writer: teacher(),
        submissionId,
        place: { quote: comment.quote },
        criterion: comment.criterion,
        text: comment.text,
        correction: comment.correction ?? null,
      });
      expect(added.ok, comment.quote).toBe(true);
    }
    const saved = await saveMarks(db(), {
      writer: teacher(),
      submissionId,
      marks: { bands, summary: "A clear position, held to the end. Work on accuracy." },
    });
    expect(saved.ok).toBe(true);
    const returned = await returnMarking(db(), {
      writer: teacher(),
      submissionId,
      siteUrl: ORIGIN,
    });
    expect(returned.ok).toBe(true);
  };

  let firstId: string;
  let revisionId: string;

  beforeAll(async () => {
    await site.app.prepareWritingMeasures();
    student = await signUpWithToken(site.app, db(), { name: "Student Mei" });
    other = await signUpWithToken(site.app, db(), { name: "Student Omar" });
    owner = await signUpWithToken(site.app, db(), { name: "The Teacher" });
    await makeOwner(db(), owner.email);
    taskId = await insertWritingTask(db(), {
      title: "Working from home",
      prompt:
        "In many cities, people now work from home for part of the week. Do the advantages of working from home outweigh the disadvantages?",
    });
    letterId = await insertWritingTask(db(), {
      kind: "general-task-1",
      title: "A letter to a neighbour",
      prompt: "Write a letter to your neighbour about the noise from their garden.",
    });
    markedCourseId = await insertService(db(), { name: "IELTS Writing Task 2: Essay Mastery" });
    biggerCourseId = await insertService(db(), { name: "IELTS MASTER Membership (180 days)" });
    const hiddenCourseId = await insertService(db(), {
      name: "A draft course with marking",
      status: "unpublished",
    });
    for (const [id, answers] of [
      [markedCourseId, 2],
      [biggerCourseId, 6],
      [hiddenCourseId, 9],
    ] as const)
      await db()
        .updateTable("services")
        .set({ writing_answers_marked: answers })
        .where("id", "=", id)
        .execute();
    await insertEnrollment(db(), { serviceId: markedCourseId, userId: student.id });
    // A request not yet confirmed gives nothing.
    await insertEnrollment(db(), {
      serviceId: biggerCourseId,
      userId: other.id,
      status: "requested",
    });
  });

  it("offers Send for marking to the author with the allowance, and sends it once", async () => {
    firstId = await submitAnswer(FIRST_ATTEMPT);
    const path = `/writing/submissions/${firstId}`;
    const before = await html(path, student);
    expect(before).toContain("Marking by the teacher");
    expect(textOf(before)).toContain(
      "Marking: 0 of 2 used, 2 left, from IELTS Writing Task 2: Essay Mastery (2 answers).",
    );
    expect(before).toContain("An answer sent for marking cannot be changed");
    expect(before).toMatch(/<button[^>]*>Send for marking<\/button>/);
    expect(before).toContain('name="intent" value="send-for-marking"');

    // Someone else's answer is as unknown as one that does not exist, and nothing is sent.
    const othersTry = await send(path, { intent: "send-for-marking" }, other);
    expect(othersTry.status).toBe(404);
    // The owner reads it, but may not send it for the student.
    const ownersView = await html(path, owner);
    expect(ownersView).toContain("Not sent for marking.");
    expect(ownersView).not.toMatch(/<button[^>]*>Send for marking<\/button>/);
    expect(await db().selectFrom("writing_markings").selectAll().execute()).toEqual([]);

    const sent = await send(path, { intent: "send-for-marking" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(path);
    const after = await html(path, student);
    expect(after).toMatch(
      /Sent for marking on \d{1,2} [A-Z][a-z]+ \d{4} — waiting for the teacher/,
    );
    expect(after).not.toMatch(/<button[^>]*>Send for marking<\/button>/);
    // The owners hear of it.
    const mail = await db()
      .selectFrom("mail_outbox")
      .select("payload")
      .where("recipient", "=", owner.email)
      .execute();
    expect(mail.map((row) => row.payload).join("\n")).toContain(
      `/admin/writing/submissions/${firstId}`,
    );

    const again = await send(path, { intent: "send-for-marking" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(ALREADY_SENT_MESSAGE);
    const wrongIntent = await send(path, { intent: "publish" });
    expect(wrongIntent.status).toBe(400);
    expect(
      await db().selectFrom("writing_markings").select("submission_id").execute(),
    ).toHaveLength(1);
  });

  it("shows on /writing the marking used and left, and each answer's status", async () => {
    const letter = await submitAnswer(
      "Dear Mr Brown,\n\nI am writing about the music from your garden late at night. Could you please turn it down after ten o'clock?\n\nYours sincerely,\nMei",
      student,
      { task: letterId },
    );
    const list = await html("/writing", student);
    expect(textOf(list)).toContain(
      "Marking: 1 of 2 used, 1 left, from IELTS Writing Task 2: Essay Mastery (2 answers).",
    );
    const statuses = [...list.matchAll(/<dt[^>]*>Status<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(
      (match) => match[1],
    );
    // Newest first: the letter, then the essay sent for marking.
    expect(statuses).toEqual(["Submitted", "Waiting for marking"]);
    expect(list).toContain(`href="/writing/submissions/${letter}"`);
    // Nothing is marked yet.
    expect(list).toContain("Your progress");
    expect(list).toContain("No marked answers yet");
  });

  it("names the courses that include marking, instead of the button, to a student without any", async () => {
    const answer = await submitAnswer(THIRD_ANSWER, other);
    const path = `/writing/submissions/${answer}`;
    const view = await html(path, other);
    expect(view).not.toMatch(/<button[^>]*>Send for marking<\/button>/);
    expect(textOf(view)).toContain(
      "Marking: none of your courses includes marking of Writing answers by the teacher.",
    );
    expect(view).toContain("Your answer keeps its measures on this page.");
    expect(view).toContain("These courses include marking by the teacher:");
    // The most answers first; an unpublished course is not offered.
    const bigger = view.indexOf(`href="/services/${biggerCourseId}"`);
    const marked = view.indexOf(`href="/services/${markedCourseId}"`);
    expect(bigger).toBeGreaterThan(-1);
    expect(marked).toBeGreaterThan(bigger);
    expect(textOf(view)).toContain("IELTS MASTER Membership (180 days): 6 answers marked");
    expect(view).not.toContain("A draft course with marking");
    // The measures are all there.
    expect(view).toContain("Measures");

    // Sent all the same (a form kept open from before, a script): refused with the reason.
    const refused = await send(path, { intent: "send-for-marking" }, other);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(NO_ALLOWANCE_MESSAGE);
    expect(
      await db()
        .selectFrom("writing_markings")
        .select("submission_id")
        .where("submission_id", "=", answer)
        .execute(),
    ).toEqual([]);
    // /writing names them too.
    const list = await html("/writing", other);
    expect(list).toContain(`href="/services/${biggerCourseId}"`);
  });

  it("opens the writing screen with the answer's text for a revised draft, and refuses another's answer", async () => {
    const revise = `/writing/tasks/${taskId}/write?revise=${firstId}`;
    const screen = await html(revise, student);
    expect(textareaValue(screen, "text")).toBe(FIRST_ATTEMPT);
    expect(screen).toContain(`name="revisionOf" value="${firstId}"`);
    expect(textOf(screen)).toContain("A revised draft of your answer of");
    expect(screen).toContain(`href="/writing/submissions/${firstId}"`);
    expect(screen).not.toContain("You have a draft");

    // Not theirs, or another task's answer: as unknown as a wrong id.
    expect((await page(revise, other)).status).toBe(404);
    expect((await page(revise, owner)).status).toBe(404);
    expect((await page(`/writing/tasks/${letterId}/write?revise=${firstId}`, student)).status).toBe(
      404,
    );
    expect((await page(`/writing/tasks/${taskId}/write?revise=nothing`, student)).status).toBe(404);

    // A draft of the task, perhaps this revision begun before: offered, not lost.
    await insertWritingDraft(db(), { taskId, authorId: student.id, text: "A draft begun earlier" });
    const offer = await html(revise, student);
    expect(offer).toContain("You have a draft of this answer");
    expect(offer).toContain("Start again deletes the draft and starts from your earlier answer.");
    expect(textareaValue(await html(`${revise}&continue=1`, student), "text")).toBe(
      "A draft begun earlier",
    );
    const again = await send(`${revise}&continue=1`, { intent: "discard-draft" });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe(revise);
    expect(textareaValue(await html(revise, student), "text")).toBe(FIRST_ATTEMPT);
  });

  it("links a revised draft to the earlier answer, both ways, and refuses another's answer as the one revised", async () => {
    // Another student's answer as revisionOf: refused, the words kept, nothing saved.
    const [othersAnswer] = await db()
      .selectFrom("writing_submissions")
      .select("id")
      .where("author_id", "=", other.id)
      .execute();
    const count = async () =>
      (await db().selectFrom("writing_submissions").select("id").execute()).length;
    const before = await count();
    const refused = await send(`/writing/tasks/${taskId}/write`, {
      intent: "submit-confirmed",
      text: REVISION,
      revisionOf: othersAnswer?.id ?? "",
    });
    expect(refused.status).toBe(400);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("The answer you revise is not one of yours.");
    expect(textareaValue(refusedPage, "text")).toBe(REVISION);
    expect(await count()).toBe(before);

    revisionId = await submitAnswer(REVISION, student, { revisionOf: firstId });
    const row = await db()
      .selectFrom("writing_submissions")
      .select(["revision_of", "text"])
      .where("id", "=", revisionId)
      .executeTakeFirstOrThrow();
    expect(row.revision_of).toBe(firstId);
    expect(row.text).toBe(REVISION);

    const revised = await html(`/writing/submissions/${revisionId}`, student);
    expect(textOf(revised)).toMatch(
      /Revised draft of your answer of \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d/,
    );
    expect(revised).toContain(`href="/writing/submissions/${firstId}"`);
    const earlier = await html(`/writing/submissions/${firstId}`, student);
    expect(earlier).toContain("Revised drafts");
    expect(earlier).toContain(`href="/writing/submissions/${revisionId}"`);
    expect(earlier).toContain(`href="/writing/tasks/${taskId}/write?revise=${firstId}"`);
    expect(earlier).toContain(">Write a revised draft</a>");
    // The list says which answers are revisions.
    expect(await html("/writing", student)).toContain("Revised draft</span>");

    // A task the teacher has taken back to a draft takes no revised draft: no link, no screen.
    await db()
      .updateTable("writing_tasks")
      .set({ status: "draft" })
      .where("id", "=", taskId)
      .execute();
    const closed = await html(`/writing/submissions/${firstId}`, student);
    expect(closed).not.toContain(">Write a revised draft</a>");
    expect(closed).toContain(`href="/writing/submissions/${revisionId}"`);
    expect((await page(`/writing/tasks/${taskId}/write?revise=${firstId}`, student)).status).toBe(
      404,
    );
    await db()
      .updateTable("writing_tasks")
      .set({ status: "published" })
      .where("id", "=", taskId)
      .execute();
  });

  it("shows a revision's changes word by word, and no earlier comments while the marking is not returned", async () => {
    const revised = await html(`/writing/submissions/${revisionId}`, student);
    const changes = wordChanges(FIRST_ATTEMPT, REVISION);
    expect([changes.wordsAdded, changes.wordsRemoved]).toEqual([23, 34]);
    expect(revised).toContain("What changed");
    expect(textOf(revised)).toContain(
      "23 words added, 34 removed since your earlier answer, counted as the test counts words.",
    );
    expect(revised).toContain(
      '<del class="draft-removed"><span class="sr-only">[removed: </span>make<span class="sr-only">]</span></del><ins class="draft-added"><span class="sr-only">[added: </span>makes<span class="sr-only">]</span></ins>',
    );
    expect(revised).toMatch(/<del class="draft-removed">.{0,60} Managers also worry/);
    // The earlier answer is sent but not returned: its comments are not the student's yet.
    expect(revised).not.toContain("The teacher&#x27;s earlier comments");
  });

  it("places the earlier answer's returned comments again in the revision, and lists those no longer in it", async () => {
    await mark(
      firstId,
      [
        {
          quote: "this make them tired",
          criterion: "grammaticalRangeAccuracy",
          text: "The subject is singular: the verb needs -s.",
          correction: "this makes them tired",
        },
        {
          quote:
            "Moreover, companies can save money on offices, because they do not need so many desks and rooms.",
          criterion: "coherenceCohesion",
          text: "This point is about employers, not workers: give it a paragraph of its own.",
        },
        {
          quote: "do exercise",
          criterion: "lexicalResource",
          text: "The usual collocation is “take exercise” or “get some exercise”.",
        },
        {
          quote: "Managers also worry that they cannot control if their staff are really working.",
          criterion: "task",
          text: "A new idea in the last sentence of the paragraph, not developed: explain it or leave it out.",
        },
        {
          quote: "much more faster",
          criterion: "grammaticalRangeAccuracy",
          text: "Use either “much faster” or “more quickly”, not both.",
        },
      ],
      { task: 6, coherenceCohesion: 6, lexicalResource: 5, grammaticalRangeAccuracy: 5 },
    );
    const revised = await html(`/writing/submissions/${revisionId}`, student);
    expect(revised).toContain("The teacher&#x27;s earlier comments");
    expect(textOf(revised)).toContain(
      "The 5 comments on your earlier answer: 4 still in the text, 1 no longer.",
    );
    const still = revised.slice(
      revised.indexOf("Still in the text"),
      revised.indexOf("No longer in the text"),
    );
    // Numbered in the order of the new text, each passage reached by the keyboard.
    for (const [number, words] of [
      [1, "this makes them tired"],
      [2, "do exercise"],
      [3, "much more faster"],
      [4, "Moreover, companies can save money on offices"],
    ] as const) {
      expect(still).toMatch(
        new RegExp(
          `<mark class="comment-mark [^"]+" id="earlier-passage-${number}" tabindex="0" aria-describedby="earlier-comment-${number}-note">${words}`,
        ),
      );
    }
    expect(textOf(still)).toContain("Coherence and Cohesion");
    expect(textOf(still)).toContain("Lexical Resource");
    // The corrected passage says what it was on before.
    expect(still).toMatch(/Written before as <q [^>]*>this make them tired<\/q>/);
    expect(textOf(still)).toContain("Suggested correction: this makes them tired");
    const gone = textOf(revised.slice(revised.indexOf("No longer in the text")));
    expect(gone).toContain(
      "Task Response on Managers also worry that they cannot control if their staff are really working.",
    );
    expect(gone).toContain("A new idea in the last sentence of the paragraph");
    // The earlier answer itself is unchanged: its own page has no such section.
    expect(await html(`/writing/submissions/${firstId}`, student)).not.toContain(
      "No longer in the text",
    );
  });

  it("uses the allowance for a revision like any answer, then names the courses", async () => {
    const path = `/writing/submissions/${revisionId}`;
    expect(textOf(await html(path, student))).toContain("Marking: 1 of 2 used, 1 left");
    expect((await send(path, { intent: "send-for-marking" })).status).toBe(302);
    const third = await submitAnswer(THIRD_ANSWER);
    const view = await html(`/writing/submissions/${third}`, student);
    expect(textOf(view)).toContain(
      "Marking: 2 of 2 used, 0 left, from IELTS Writing Task 2: Essay Mastery (2 answers).",
    );
    expect(view).toContain("You have used all the marking your courses include.");
    expect(view).not.toMatch(/<button[^>]*>Send for marking<\/button>/);
    expect(view).toContain(`href="/services/${biggerCourseId}"`);
    const refused = await send(`/writing/submissions/${third}`, { intent: "send-for-marking" });
    expect(refused.status).toBe(409);
    expect(textOf(await html("/writing", student))).toContain("Marking: 2 of 2 used, 0 left");
  });

  it("shows the student's progress on /writing: first attempts and revisions apart, the lowest criterion, the comments counted", async () => {
    await mark(
      revisionId,
      [
        {
          quote: "much more faster",
          criterion: "grammaticalRangeAccuracy",
          text: "Still here: “much faster”.",
        },
      ],
      { task: 7, coherenceCohesion: 6, lexicalResource: 6, grammaticalRangeAccuracy: 6 },
    );
    const list = await html("/writing", student);
    const progress = textOf(
      list.slice(list.indexOf("Your progress"), list.indexOf("Your answers")),
    );
    expect(progress).toContain("The teacher's bands on 2 marked answers, by criterion.");
    // Lexical Resource and Grammatical Range both average 5.5: the first in the descriptors' order.
    expect(progress).toContain("Your lowest criterion so far: Lexical Resource (mean 5.5)");
    expect(progress).toContain("Most comments: Grammatical Range and Accuracy, 3");
    expect(progress).toContain("Task Response: 1");
    expect(progress).toContain("First attempts");
    expect(progress).toContain("Revised drafts");
    expect(tableRows(list, "Bands of your first attempts")).toEqual([
      [expect.stringMatching(/\d{4}$/), "Working from home", "6", "6", "5", "5", "5.5"],
    ]);
    // (7 + 6 + 6 + 6) ÷ 4 = 6.25: a quarter rounds up to 6.5.
    expect(tableRows(list, "Bands of your revised drafts")).toEqual([
      [expect.stringMatching(/\d{4}$/), "Working from home", "7", "6", "6", "6", "6.5"],
    ]);
    expect(list).toMatch(/<svg role="img" aria-labelledby="progress-first-attempts-title/);
    const statuses = [...list.matchAll(/<dt[^>]*>Status<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(
      (match) => match[1],
    );
    expect(statuses).toEqual(["Submitted", "Marked", "Submitted", "Marked"]);
    // Another student's page knows nothing of it.
    expect(await html("/writing", other)).toContain("No marked answers yet");
  });

  it("shows the owner one student's allowance, progress and answers, and nobody else", async () => {
    const path = `/admin/writing/students/${student.id}`;
    for (const who of [student, other, null]) expect((await page(path, who)).status).toBe(404);
    expect((await page("/admin/writing/students/no-such-user", owner)).status).toBe(404);
    expect((await page(`/admin/writing/students/${crypto.randomUUID()}`, owner)).status).toBe(404);
    expect((await page(`${path}?page=2`, owner)).status).toBe(404);

    const view = await html(path, owner);
    expect(view).toMatch(/<h1[^>]*>Writing: <span dir="auto"[^>]*>Student Mei<\/span><\/h1>/);
    expect(view).toContain("<title>Writing: Student Mei - IELTS Hub</title>");
    expect(textOf(view)).toContain(
      "Marking: 2 of 2 used, 0 left, from IELTS Writing Task 2: Essay Mastery (2 answers).",
    );
    const text = textOf(view);
    expect(text).toContain("Their progress");
    expect(text).toContain("Their lowest criterion so far: Lexical Resource (mean 5.5)");
    expect(text).toContain("Most comments: Grammatical Range and Accuracy, 3");
    expect(tableRows(view, "Bands of their revised drafts")).toHaveLength(1);
    expect(text).toContain("Their answers");
    expect(text).toContain("4 answers, newest first.");
    // Sent for marking: to where the owner marks it; the others to the answer's own page.
    expect(view).toContain(`href="/admin/writing/submissions/${firstId}"`);
    expect(view).toContain(`href="/admin/writing/submissions/${revisionId}"`);
    const letter = await db()
      .selectFrom("writing_submissions")
      .select("id")
      .where("author_id", "=", student.id)
      .where("task_id", "=", letterId)
      .executeTakeFirstOrThrow();
    expect(view).toContain(`href="/writing/submissions/${letter.id}"`);
    expect((await page(`/writing/submissions/${letter.id}`, owner)).status).toBe(200);

    // A student with nothing marked.
    const quiet = await html(`/admin/writing/students/${other.id}`, owner);
    expect(textOf(quiet)).toContain("No marked answers yet.");
    expect(textOf(quiet)).toContain(
      "Marking: none of their courses includes marking of Writing answers by the teacher.",
    );
  });
});
