import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteExpiredRows } from "../../core/site/housekeeping.server.ts";
import { webhookEventSchema } from "../../core/webhooks/webhook-events.ts";
import { MAX_WRITING_ANSWER_LENGTH } from "../../core/writing/answer-input.ts";
import {
  discardWritingDraft,
  getWritingDraft,
  saveWritingDraft,
} from "../../core/writing/drafts.server.ts";
import { measureAnswer, prepareWritingMeasures } from "../../core/writing/measure-answer.server.ts";
import { SAMPLE_ANSWERS } from "../../core/writing/sample-answers.test-data.ts";
import {
  getWritingSubmission,
  listOwnWritingSubmissions,
  submitWritingAnswer,
} from "../../core/writing/submissions.server.ts";
import { withdrawWritingTask } from "../../core/writing/tasks.server.ts";
import { ORIGIN, signUpWithToken } from "../support/accounts.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { insertUser, insertWritingTask } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

/**
 * A learner's Task 2 essay of 279 words that copies the prompt twice (its figures worked out by
 * hand in core/writing/sample-answers.test-data.ts): 249 words count, one under the minimum.
 */
const ESSAY = SAMPLE_ANSWERS.copyingThePrompt as NonNullable<
  (typeof SAMPLE_ANSWERS)["copyingThePrompt"]
>;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A text of exactly `length` characters, made of the essay's words (a realistic mix). */
function textOfLength(length: number, text = ESSAY.text): string {
  let made = "";
  while (made.length < length) made += `${text}\n\n`;
  return made.slice(0, length);
}

describe.each(engines)("the Writing answers' use cases on %s", (engine) => {
  let database: TestDatabase;
  let studentId: string;
  let otherId: string;
  let ownerId: string;
  let taskId: string;
  let secondTaskId: string;
  let draftTaskId: string;
  let address = 0;
  const db = () => database.db;
  const writer = (userId: string) => ({
    userId,
    isOwner: false,
    address: `10.59.0.${++address % 250}`,
  });
  const submissionRows = (userId: string) =>
    db().selectFrom("writing_submissions").selectAll().where("author_id", "=", userId).execute();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    // As server/serve.ts does before it listens: no test pays for the dictionaries' load.
    await prepareWritingMeasures();
    studentId = await insertUser(db(), { name: "Amina Haddad" });
    otherId = await insertUser(db(), { name: "Another Student" });
    ownerId = await insertUser(db(), { name: "The Teacher" });
    taskId = await insertWritingTask(db(), {
      title: "Working from home",
      prompt: ESSAY.prompt,
    });
    secondTaskId = await insertWritingTask(db(), { title: "Music at school" });
    draftTaskId = await insertWritingTask(db(), { title: "Not yet", status: "draft" });
  });
  afterAll(() => database.drop());

  it("measures a ~280-word essay on the server and keeps it with its measures, the draft of that task removed", async () => {
    await saveWritingDraft(db(), { userId: studentId, taskId, text: "In many cities" });
    await saveWritingDraft(db(), { userId: studentId, taskId: secondTaskId, text: "Music is" });
    const now = new Date("2026-11-28T09:30:00.000Z");
    const result = await submitWritingAnswer(
      db(),
      { writer: writer(studentId), taskId, text: ESSAY.text, secondsTaken: 2280, timed: true },
      now,
    );
    if (!result.ok) throw new Error(`refused: ${result.reason}`);
    const { submission } = result;
    // Counted as the test counts: 279 words, 30 of them copied from the prompt in two runs.
    expect(submission.words).toBe(249);
    expect(submission.measures.words).toMatchObject({
      total: 279,
      counted: 249,
      copied: 30,
      minimum: 250,
      underLength: "Under length: 249 of 250 words",
    });
    expect(
      submission.measures.words.copiedRuns.map((run) => ESSAY.text.slice(run.start, run.end)),
    ).toEqual(ESSAY.expected.copied);
    expect(submission.measures).toMatchObject({
      paragraphs: 5,
      sentences: 16,
      longestSentenceWords: 28,
      averageSentenceWords: 17.4,
      spelling: [],
      distinctWordsPer100: 62.7,
      mtld: 128.06,
    });
    // Exactly what the measures module says of it, against the task's own prompt and minimum.
    expect(submission.measures).toEqual(
      measureAnswer({ text: ESSAY.text, prompt: ESSAY.prompt, minimumWords: 250 }),
    );
    expect(submission).toMatchObject({
      taskId,
      task: {
        id: taskId,
        title: "Working from home",
        kind: "task-2",
        kindName: "Task 2",
        minimumWords: 250,
        minutes: 40,
        withdrawn: false,
        prompt: ESSAY.prompt,
      },
      authorName: "Amina Haddad",
      text: ESSAY.text,
      secondsTaken: 2280,
      timed: true,
      timeRanOut: false,
      submittedAt: "2026-11-28T09:30:00.000Z",
    });
    // Stored as it was answered, and read back the same.
    const [row] = await submissionRows(studentId);
    expect(row).toMatchObject({ task_id: taskId, text: ESSAY.text, words: 249 });
    expect(JSON.parse(row?.measures ?? "")).toEqual(submission.measures);
    expect(
      await getWritingSubmission(db(), {
        viewer: { userId: studentId, isOwner: false },
        submissionId: submission.id,
      }),
    ).toEqual(submission);
    // That task's draft went with the submission; the other task's stays.
    expect(await getWritingDraft(db(), { userId: studentId, taskId })).toBeUndefined();
    expect(await getWritingDraft(db(), { userId: studentId, taskId: secondTaskId })).toMatchObject({
      text: "Music is",
    });
  });

  it("refuses an answer over 15,000 characters with a message naming the limit, saving and counting nothing", async () => {
    const userId = await insertUser(db());
    const before = await submissionRows(userId);
    const tooLong = textOfLength(MAX_WRITING_ANSWER_LENGTH + 1);
    expect(
      await submitWritingAnswer(db(), { writer: writer(userId), taskId, text: tooLong }),
    ).toEqual({
      ok: false,
      reason: "invalid",
      field: "text",
      message:
        "An answer may be at most 15,000 characters; this one has 15,001. Please shorten it.",
    });
    expect(await submissionRows(userId)).toEqual(before);
    // Not counted against the day's answers either.
    expect(
      await db()
        .selectFrom("rate_limits")
        .select("key")
        .where("key", "like", `%${userId}%`)
        .execute(),
    ).toEqual([]);
    // 15,000 is allowed; a line break sent as \r\n (a form's) is one character, stored as \n.
    const longest = await submitWritingAnswer(db(), {
      writer: writer(userId),
      taskId,
      text: textOfLength(MAX_WRITING_ANSWER_LENGTH),
    });
    expect(longest.ok).toBe(true);
    const withBreaks = `${textOfLength(MAX_WRITING_ANSWER_LENGTH - 2, "word ")}\r\nA`;
    expect(withBreaks.length).toBe(MAX_WRITING_ANSWER_LENGTH + 1);
    const sent = await submitWritingAnswer(db(), {
      writer: writer(userId),
      taskId,
      text: withBreaks,
    });
    if (!sent.ok) throw new Error(sent.message);
    expect(sent.submission.text).toBe(withBreaks.replace("\r\n", "\n"));
  });

  it("refuses an empty answer, a wrong time, and a task students cannot answer", async () => {
    const userId = await insertUser(db());
    for (const text of ["", "   \n\n\t "])
      expect(await submitWritingAnswer(db(), { writer: writer(userId), taskId, text })).toEqual({
        ok: false,
        reason: "invalid",
        field: "text",
        message: "Please write your answer before you submit it.",
      });
    for (const secondsTaken of [-1, 1.5, Number.NaN, 31 * 24 * 60 * 60])
      expect(
        await submitWritingAnswer(db(), {
          writer: writer(userId),
          taskId,
          text: "An answer.",
          secondsTaken,
        }),
      ).toMatchObject({ ok: false, reason: "invalid", field: "secondsTaken" });
    // A task still in draft, an unknown id, an impossible one: 404 alike.
    for (const id of [draftTaskId, crypto.randomUUID(), "x".repeat(65), ""])
      expect(
        await submitWritingAnswer(db(), { writer: writer(userId), taskId: id, text: "An answer." }),
      ).toEqual({
        ok: false,
        reason: "not-found",
        message: "No published Writing task has this id.",
      });
    expect(await submissionRows(userId)).toEqual([]);
  });

  it("keeps markup and every other character as text", async () => {
    const text = `<script>alert("x")</script> <b>Bold</b> &amp; "quotes" — 'dashes' 😀 ${"word ".repeat(5)}`;
    const result = await submitWritingAnswer(db(), { writer: writer(otherId), taskId, text });
    if (!result.ok) throw new Error(result.message);
    expect(result.submission.text).toBe(text);
    const [row] = await submissionRows(otherId);
    expect(row?.text).toBe(text);
  });

  it("shows an answer to its author and to an owner, and to no one else", async () => {
    const result = await submitWritingAnswer(db(), {
      writer: writer(studentId),
      taskId: secondTaskId,
      text: "Music lessons are important for every child.",
    });
    if (!result.ok) throw new Error(result.message);
    const submissionId = result.submission.id;
    expect(
      await getWritingSubmission(db(), {
        viewer: { userId: otherId, isOwner: false },
        submissionId,
      }),
    ).toBeUndefined();
    expect(
      await getWritingSubmission(db(), {
        viewer: { userId: ownerId, isOwner: true },
        submissionId,
      }),
    ).toMatchObject({ id: submissionId, authorName: "Amina Haddad" });
    expect(
      await getWritingSubmission(db(), {
        viewer: { userId: studentId, isOwner: false },
        submissionId: "no-such-answer",
      }),
    ).toBeUndefined();
  });

  it("keeps an answer to a task the teacher deleted, its task shown withdrawn, and takes no new one", async () => {
    const doomed = await insertWritingTask(db(), { title: "Soon withdrawn" });
    const userId = await insertUser(db());
    const result = await submitWritingAnswer(db(), {
      writer: writer(userId),
      taskId: doomed,
      text: "An answer written in time.",
    });
    if (!result.ok) throw new Error(result.message);
    await saveWritingDraft(db(), { userId, taskId: doomed, text: "A second try" });
    expect(
      await withdrawWritingTask(db(), {
        writer: { userId: ownerId, isOwner: true, address: "10.59.1.1" },
        taskId: doomed,
      }),
    ).toEqual({ ok: true });
    const kept = await getWritingSubmission(db(), {
      viewer: { userId, isOwner: false },
      submissionId: result.submission.id,
    });
    expect(kept).toMatchObject({
      text: "An answer written in time.",
      task: { id: doomed, title: "Soon withdrawn", withdrawn: true },
    });
    const { submissions } = await listOwnWritingSubmissions(db(), { userId });
    expect(submissions).toEqual([
      expect.objectContaining({
        id: result.submission.id,
        taskTitle: "Soon withdrawn",
        withdrawn: true,
      }),
    ]);
    // No new answer or save to it; the draft already written stays its author's to read.
    expect(
      await submitWritingAnswer(db(), { writer: writer(userId), taskId: doomed, text: "Late." }),
    ).toMatchObject({ ok: false, reason: "not-found" });
    expect(await saveWritingDraft(db(), { userId, taskId: doomed, text: "Later" })).toMatchObject({
      ok: false,
      reason: "not-found",
    });
    expect(await getWritingDraft(db(), { userId, taskId: doomed })).toMatchObject({
      text: "A second try",
    });
  });

  it("lists a student's own answers newest first, 20 a page, with their count", async () => {
    const userId = await insertUser(db());
    const start = Date.parse("2026-11-20T08:00:00.000Z");
    for (let n = 0; n < 23; n++) {
      const result = await submitWritingAnswer(
        db(),
        {
          writer: writer(userId),
          taskId: secondTaskId,
          text: `Answer number ${n}.`,
          timed: n === 0,
        },
        new Date(start + n * 60_000),
      );
      expect(result.ok).toBe(true);
    }
    const first = await listOwnWritingSubmissions(db(), { userId });
    expect(first.count).toBe(23);
    expect(first.pageSize).toBe(20);
    expect(first.submissions).toHaveLength(20);
    expect(first.submissions[0]).toMatchObject({
      taskId: secondTaskId,
      taskTitle: "Music at school",
      taskKind: "task-2",
      taskKindName: "Task 2",
      minimumWords: 250,
      withdrawn: false,
      submittedAt: "2026-11-20T08:22:00.000Z",
      words: 3,
      secondsTaken: null,
      timed: false,
      timeRanOut: false,
      status: "submitted",
    });
    const second = await listOwnWritingSubmissions(db(), { userId, page: 1 });
    expect(second.submissions.map((answer) => answer.submittedAt)).toEqual([
      "2026-11-20T08:02:00.000Z",
      "2026-11-20T08:01:00.000Z",
      "2026-11-20T08:00:00.000Z",
    ]);
    expect(second.submissions[2]).toMatchObject({ timed: true });
    expect((await listOwnWritingSubmissions(db(), { userId, page: 2 })).submissions).toEqual([]);
    // Only ever one's own.
    const others = await listOwnWritingSubmissions(db(), { userId: otherId });
    expect(others.submissions.every((answer) => answer.taskId === taskId)).toBe(true);
  });

  it("takes 30 answers a day from one account and refuses the 31st until the day is over", async () => {
    const userId = await insertUser(db());
    for (let n = 1; n <= 30; n++) {
      const result = await submitWritingAnswer(db(), {
        writer: writer(userId),
        taskId: secondTaskId,
        text: `Practice answer ${n}.`,
      });
      expect(result.ok, `answer ${n}`).toBe(true);
    }
    const refused = await submitWritingAnswer(db(), {
      writer: writer(userId),
      taskId: secondTaskId,
      text: "One answer too many.",
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: "rate-limited",
      limit: "writingSubmissions:account",
      message: expect.stringMatching(
        /^You have submitted 30 Writing answers today, as many as one account may in a day\. Please try again in about 24 hours\.$/,
      ),
    });
    if (refused.ok || refused.reason !== "rate-limited") throw new Error("not limited");
    expect(refused.retryAfterSeconds).toBeGreaterThan(DAY_MS / 1000 - 60);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(DAY_MS / 1000);
    expect(await submissionRows(userId)).toHaveLength(30);
    // Another student is not held back by it.
    const other = await insertUser(db());
    expect(
      (
        await submitWritingAnswer(db(), {
          writer: writer(other),
          taskId: secondTaskId,
          text: "My first answer.",
        })
      ).ok,
    ).toBe(true);
  });

  it("queues writing.submitted in the answer's transaction: which answer, never its words", async () => {
    const endpointId = crypto.randomUUID();
    const now = new Date().toISOString();
    await db()
      .insertInto("webhook_endpoints")
      .values({
        id: endpointId,
        url: "https://hooks.example/writing",
        events: JSON.stringify(["writing.submitted"]),
        secret: "v1.sealed.never.opened",
        state: "on",
        state_changed_at: null,
        failing_since: null,
        created_by: ownerId,
        created_at: now,
      })
      .execute();
    const userId = await insertUser(db(), { name: "Private Person" });
    const text = "Public transport should be free for students and pensioners alike.";
    const result = await submitWritingAnswer(db(), {
      writer: writer(userId),
      taskId: secondTaskId,
      text,
      timed: true,
      secondsTaken: 300,
    });
    if (!result.ok) throw new Error(result.message);
    const deliveries = await db()
      .selectFrom("webhook_deliveries")
      .selectAll()
      .where("endpoint_id", "=", endpointId)
      .execute();
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery).toMatchObject({ event_type: "writing.submitted", about_user_id: userId });
    const event = webhookEventSchema.parse(JSON.parse(delivery?.payload ?? ""));
    expect(event).toEqual({
      type: "writing.submitted",
      timestamp: result.submission.submittedAt,
      data: {
        id: result.submission.id,
        taskId: secondTaskId,
        words: 10,
        timed: true,
        submittedAt: result.submission.submittedAt,
      },
    });
    expect(delivery?.payload).not.toContain("transport");
    expect(delivery?.payload).not.toContain("Private Person");
    await db().deleteFrom("webhook_endpoints").where("id", "=", endpointId).execute();
  });

  describe("drafts", () => {
    it("keeps one draft per student and task, saved over, read and discarded by its author only", async () => {
      const userId = await insertUser(db());
      const first = await saveWritingDraft(
        db(),
        { userId, taskId, text: "Some people", secondsLeft: 2340 },
        new Date("2026-11-28T14:02:21.000Z"),
      );
      expect(first).toEqual({
        ok: true,
        draft: {
          taskId,
          text: "Some people",
          secondsLeft: 2340,
          updatedAt: "2026-11-28T14:02:21.000Z",
        },
      });
      const second = await saveWritingDraft(
        db(),
        { userId, taskId, text: "Some people think\r\nthat", secondsLeft: 2330 },
        new Date("2026-11-28T14:02:31.000Z"),
      );
      expect(second).toMatchObject({ ok: true, draft: { text: "Some people think\nthat" } });
      const rows = await db()
        .selectFrom("writing_drafts")
        .selectAll()
        .where("author_id", "=", userId)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await getWritingDraft(db(), { userId, taskId })).toEqual({
        taskId,
        text: "Some people think\nthat",
        secondsLeft: 2330,
        updatedAt: "2026-11-28T14:02:31.000Z",
      });
      // Untimed, and emptied: both are drafts too.
      expect(await saveWritingDraft(db(), { userId, taskId, text: "" })).toMatchObject({
        ok: true,
        draft: { text: "", secondsLeft: null },
      });
      // Nobody else reads it, whoever they are.
      expect(await getWritingDraft(db(), { userId: otherId, taskId })).toBeUndefined();
      expect(await getWritingDraft(db(), { userId: ownerId, taskId })).toBeUndefined();
      // Another student's save is their own draft, and leaves this one alone.
      await saveWritingDraft(db(), { userId: otherId, taskId, text: "Mine" });
      expect(await getWritingDraft(db(), { userId, taskId })).toMatchObject({ text: "" });
      await discardWritingDraft(db(), { userId, taskId });
      expect(await getWritingDraft(db(), { userId, taskId })).toBeUndefined();
      expect(await getWritingDraft(db(), { userId: otherId, taskId })).toMatchObject({
        text: "Mine",
      });
      // Discarding nothing is fine.
      await discardWritingDraft(db(), { userId, taskId });
    });

    it("refuses a draft over the limit, a wrong time left, and a task that is not published, saving nothing", async () => {
      const userId = await insertUser(db());
      await saveWritingDraft(db(), { userId, taskId, text: "Kept words", secondsLeft: 60 });
      expect(
        await saveWritingDraft(db(), {
          userId,
          taskId,
          text: textOfLength(MAX_WRITING_ANSWER_LENGTH + 1),
        }),
      ).toEqual({
        ok: false,
        reason: "invalid",
        field: "text",
        message:
          "An answer may be at most 15,000 characters; this one has 15,001. Please shorten it.",
      });
      for (const secondsLeft of [-5, 0.5, 7201])
        expect(
          await saveWritingDraft(db(), { userId, taskId, text: "x", secondsLeft }),
        ).toMatchObject({ ok: false, reason: "invalid", field: "secondsLeft" });
      for (const id of [draftTaskId, crypto.randomUUID(), "y".repeat(65)])
        expect(await saveWritingDraft(db(), { userId, taskId: id, text: "x" })).toEqual({
          ok: false,
          reason: "not-found",
          message: "No published Writing task has this id.",
        });
      expect(await getWritingDraft(db(), { userId, taskId })).toMatchObject({
        text: "Kept words",
        secondsLeft: 60,
      });
      expect(
        await db()
          .selectFrom("writing_drafts")
          .select("task_id")
          .where("author_id", "=", userId)
          .execute(),
      ).toEqual([{ task_id: taskId }]);
    });

    it("are removed by housekeeping once untouched for 30 days, and not before", async () => {
      const now = new Date("2026-12-31T12:00:00.000Z");
      const stale = await insertUser(db());
      const fresh = await insertUser(db());
      await saveWritingDraft(
        db(),
        { userId: stale, taskId, text: "Forgotten" },
        new Date(now.getTime() - 30 * DAY_MS - 1000),
      );
      await saveWritingDraft(
        db(),
        { userId: fresh, taskId, text: "Still thinking" },
        new Date(now.getTime() - 30 * DAY_MS + 60_000),
      );
      await deleteExpiredRows(db(), now);
      expect(await getWritingDraft(db(), { userId: stale, taskId })).toBeUndefined();
      expect(await getWritingDraft(db(), { userId: fresh, taskId })).toMatchObject({
        text: "Still thinking",
      });
    });
  });
});

describe.each(engines)("the Writing answers' API on %s", (engine) => {
  // Each request from an address of its own: the answers' own limit is per account.
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  type Person = Awaited<ReturnType<typeof signUpWithToken>>;
  let student: Person;
  let other: Person;
  let owner: Person;
  let taskId: string;
  let draftTaskId: string;
  let address = 0;
  const db = () => site.database.db;

  function api(method: string, path: string, who?: Person, body?: unknown) {
    return site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.60.${Math.floor(++address / 250)}.${address % 250}`,
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  }
  type SubmissionJson = {
    _id: string;
    url: string;
    words: number;
    text: string;
    measures: { words: { total: number; counted: number }; sentences: number };
    task: { _id: string; withdrawn: boolean; url: string | null };
  };
  const submit = async (who: Person, body: Record<string, unknown>) => {
    const response = await api("POST", "/api/writing/submissions", who, body);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { submission: SubmissionJson }).submission;
  };

  beforeAll(async () => {
    await site.app.prepareWritingMeasures();
    student = await signUpWithToken(site.app, db(), { name: "Amina Haddad" });
    other = await signUpWithToken(site.app, db(), { name: "Another Student" });
    owner = await signUpWithToken(site.app, db(), { name: "The Teacher" });
    await makeOwner(db(), owner.email);
    taskId = await insertWritingTask(db(), { title: "Working from home", prompt: ESSAY.prompt });
    draftTaskId = await insertWritingTask(db(), { title: "Not yet", status: "draft" });
  });

  it("POST /api/writing/submissions answers 201 with the answer and its measures, privately", async () => {
    const response = await api("POST", "/api/writing/submissions", student, {
      taskId,
      text: ESSAY.text,
      secondsTaken: 2280,
      timed: true,
      timeRanOut: true,
      // Ignored: identity comes from the token, never from the body.
      authorId: other.id,
      words: 1000,
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { submission } = (await response.json()) as { submission: Record<string, unknown> };
    expect(submission).toMatchObject({
      taskId,
      task: { _id: taskId, title: "Working from home", withdrawn: false },
      authorName: "Amina Haddad",
      url: `${ORIGIN}/writing/submissions/${submission._id}`,
      text: ESSAY.text,
      words: 249,
      secondsTaken: 2280,
      timed: true,
      timeRanOut: true,
      measures: {
        words: { total: 279, counted: 249, underLength: "Under length: 249 of 250 words" },
        paragraphs: 5,
        sentences: 16,
      },
    });
    const row = await db()
      .selectFrom("writing_submissions")
      .select(["author_id", "words"])
      .where("id", "=", String(submission._id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ author_id: student.id, words: 249 });
  });

  it("refuses bad input with a clear 400 or 404, never a 5xx, and saves nothing", async () => {
    const count = async () =>
      Number(
        (
          await db()
            .selectFrom("writing_submissions")
            .select((eb) => eb.fn.countAll().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await count();
    const cases: [unknown, number, RegExp][] = [
      [
        { taskId, text: textOfLength(15_001) },
        400,
        /at most 15,000 characters; this one has 15,001/,
      ],
      [{ taskId, text: "" }, 400, /Please write your answer/],
      [{ taskId, text: 42 }, 400, /text/],
      [{ taskId, text: "An answer.", secondsTaken: "long" }, 400, /secondsTaken/],
      [{ taskId, text: "An answer.", secondsTaken: -3 }, 400, /secondsTaken/],
      [{ taskId, text: "An answer.", timed: "yes" }, 400, /timed/],
      [{ text: "An answer." }, 400, /taskId/],
      [{ taskId, text: "Bad\u0000byte" }, 400, /NUL/],
      [{ taskId: draftTaskId, text: "An answer." }, 404, /No published Writing task/],
      [{ taskId: "no-such-task", text: "An answer." }, 404, /No published Writing task/],
      [{ taskId: "z".repeat(500), text: "An answer." }, 404, /No published Writing task/],
      [[taskId, "An answer."], 400, /JSON object/],
      ["{not json", 400, /JSON object/],
    ];
    for (const [body, status, message] of cases) {
      const response = await api("POST", "/api/writing/submissions", student, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it("takes a 15,000-character answer whatever its bytes, past the API's usual 32 KB", async () => {
    // "水水 " and a blank line, 3,000 times: letters of three bytes each in UTF-8, and line breaks
    // of two as JSON, 33,000 bytes.
    const text = textOfLength(MAX_WRITING_ANSWER_LENGTH, "水水 ");
    expect(Buffer.byteLength(JSON.stringify({ taskId, text }))).toBeGreaterThan(32 * 1024);
    const submission = await submit(other, { taskId, text });
    expect(submission.text).toBe(text);
    expect(submission.measures.words.total).toBe(3000);
  });

  it("answers the 31st answer of a day 429 with Retry-After, and saves nothing", async () => {
    const busy = await signUpWithToken(site.app, db(), { name: "Busy Student" });
    for (let n = 1; n <= 30; n++) await submit(busy, { taskId, text: `Answer ${n}.` });
    const response = await api("POST", "/api/writing/submissions", busy, {
      taskId,
      text: "One too many.",
    });
    expect(response.status).toBe(429);
    const wait = Number(response.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(DAY_MS / 1000 - 120);
    expect(wait).toBeLessThanOrEqual(DAY_MS / 1000);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /30 Writing answers today/,
    );
    const rows = await db()
      .selectFrom("writing_submissions")
      .select("text")
      .where("author_id", "=", busy.id)
      .execute();
    expect(rows).toHaveLength(30);
    expect(rows.map((row) => row.text)).not.toContain("One too many.");
    expect(site.app.securityEvents).toContainEqual(
      expect.objectContaining({
        event: "rate-limited",
        reason: "writingSubmissions:account",
        userId: busy.id,
      }),
    );
  });

  it("GET /api/writing/submissions/{id}: its author and an owner read it; 404 to another student, 401 to nobody", async () => {
    const submission = await submit(student, {
      taskId,
      text: "Only mine to read, and the teacher's.",
    });
    const path = `/api/writing/submissions/${submission._id}`;
    const own = await api("GET", path, student);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(((await own.json()) as { submission: SubmissionJson }).submission).toEqual(submission);
    const teacher = await api("GET", path, owner);
    expect(teacher.status).toBe(200);
    expect(await teacher.json()).toMatchObject({
      submission: { _id: submission._id, authorName: "Amina Haddad" },
    });
    const stranger = await api("GET", path, other);
    expect(stranger.status).toBe(404);
    const refusal = await stranger.text();
    expect(refusal).not.toContain("Only mine");
    // The same answer as for an id that does not exist.
    const missing = await api("GET", "/api/writing/submissions/no-such-answer", other);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(refusal);
    expect(site.app.securityEvents).toContainEqual(
      expect.objectContaining({ event: "access-refused", reason: "not-owner", userId: other.id }),
    );
    expect((await api("GET", path)).status).toBe(401);
  });

  it("GET /api/writing/submissions lists one's own, newest first, a page at a time with X-Total-Count and Link", async () => {
    const writer = await signUpWithToken(site.app, db(), { name: "Pager" });
    const made: string[] = [];
    for (let n = 1; n <= 3; n++)
      made.push((await submit(writer, { taskId, text: `Essay ${n}.` }))._id);
    const response = await api("GET", "/api/writing/submissions?page=1&size=2", writer);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("3");
    expect(response.headers.get("link")).toBe(
      [
        `<${ORIGIN}/api/writing/submissions?page=2&size=2>; rel="next"`,
        `<${ORIGIN}/api/writing/submissions?page=1&size=2>; rel="first"`,
        `<${ORIGIN}/api/writing/submissions?page=2&size=2>; rel="last"`,
      ].join(", "),
    );
    const page = (await response.json()) as {
      submissions: { _id: string; status: string }[];
      count: number;
      pageSize: number;
    };
    expect(page.count).toBe(3);
    expect(page.pageSize).toBe(2);
    expect(page.submissions.map((answer) => answer._id)).toEqual([made[2], made[1]]);
    const rest = (await (
      await api("GET", "/api/writing/submissions?page=2&size=2", writer)
    ).json()) as {
      submissions: { _id: string }[];
    };
    expect(rest.submissions.map((answer) => answer._id)).toEqual([made[0]]);
    // 20 a page by default; another student's list holds none of these.
    const plain = await api("GET", "/api/writing/submissions", writer);
    expect(((await plain.json()) as { pageSize: number }).pageSize).toBe(20);
    const others = (await (await api("GET", "/api/writing/submissions", other)).json()) as {
      submissions: { _id: string }[];
    };
    expect(others.submissions.map((answer) => answer._id)).not.toContain(made[0]);
    for (const query of ["page=0", "page=x", "size=101", "size=0", "page=1.5"]) {
      const wrong = await api("GET", `/api/writing/submissions?${query}`, writer);
      expect(wrong.status, query).toBe(400);
    }
    expect((await api("GET", "/api/writing/submissions")).status).toBe(401);
  });

  it("shows an answer to a deleted task as withdrawn, through the API too", async () => {
    const doomed = await insertWritingTask(db(), { title: "Withdrawn later" });
    const submission = await submit(student, { taskId: doomed, text: "Written before it went." });
    const deleted = await api("DELETE", `/api/writing/tasks/${doomed}`, owner);
    expect(deleted.status).toBe(200);
    const read = await api("GET", `/api/writing/submissions/${submission._id}`, student);
    expect(await read.json()).toMatchObject({
      submission: { task: { _id: doomed, withdrawn: true, url: null } },
    });
  });

  it("says on /privacy that answers are kept, read by the student and the teacher only, and sent nowhere", async () => {
    const page = (await (await site.app.request(`${ORIGIN}/privacy`)).text()).replace(/\s+/g, " ");
    expect(page).toContain("<strong>Writing answers</strong>");
    expect(page).toContain(
      "Only you and the teacher read your answers; only you read your drafts.",
    );
    expect(page).toContain("never sent anywhere else");
    expect(page).toContain("after 30 days untouched");
  });

  it("PUT and GET /api/writing/drafts/{taskId}: one's own draft only, removed when the answer is submitted", async () => {
    const path = `/api/writing/drafts/${taskId}`;
    expect((await api("GET", path, student)).status).toBe(404);
    const saved = await api("PUT", path, student, {
      text: "In many cities, people",
      secondsLeft: 1800,
    });
    expect(saved.status).toBe(200);
    expect(saved.headers.get("cache-control")).toBe("private, no-store");
    const { draft } = (await saved.json()) as { draft: Record<string, unknown> };
    expect(draft).toEqual({
      taskId,
      text: "In many cities, people",
      secondsLeft: 1800,
      updatedAt: expect.any(String),
    });
    const again = await api("PUT", path, student, { text: "<b>In many</b> cities" });
    expect(await again.json()).toMatchObject({
      draft: { text: "<b>In many</b> cities", secondsLeft: null },
    });
    expect(await (await api("GET", path, student)).json()).toMatchObject({
      draft: { text: "<b>In many</b> cities" },
    });
    // Nobody else's: another student has none of their own here, and the owner neither.
    for (const who of [other, owner]) expect((await api("GET", path, who)).status).toBe(404);
    expect((await api("GET", path)).status).toBe(401);
    expect((await api("PUT", path, undefined, { text: "Sneaky" })).status).toBe(401);
    // Bad input.
    for (const [body, status] of [
      [{ text: textOfLength(15_001) }, 400],
      [{ text: 5 }, 400],
      [{ text: "x", secondsLeft: "soon" }, 400],
      [{ text: "x", secondsLeft: 99_999 }, 400],
      [{}, 400],
      ["[]", 400],
    ] as const) {
      const response = await api("PUT", path, student, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(status);
    }
    expect(
      (await api("PUT", `/api/writing/drafts/${draftTaskId}`, student, { text: "x" })).status,
    ).toBe(404);
    expect(
      (await api("PUT", "/api/writing/drafts/no-such-task", student, { text: "x" })).status,
    ).toBe(404);
    expect(await (await api("GET", path, student)).json()).toMatchObject({
      draft: { text: "<b>In many</b> cities" },
    });
    // Submitting the answer removes the draft.
    await submit(student, { taskId, text: "In many cities, people work at home." });
    expect((await api("GET", path, student)).status).toBe(404);
  });
});
