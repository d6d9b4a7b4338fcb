import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decideEnrollment } from "../../core/enrollments/enrollments.server.ts";
import { webhookEventSchema } from "../../core/webhooks/webhook-events.ts";
import {
  ABSENT_QUOTE_MESSAGE,
  NO_SELECTOR_MESSAGE,
  QUOTE_MISMATCH_MESSAGE,
} from "../../core/writing/anchoring.ts";
import { NO_ALLOWANCE_MESSAGE } from "../../core/writing/marking-allowance.server.ts";
import { NOT_READY_MESSAGE } from "../../core/writing/markings.server.ts";
import { SAMPLE_ANSWERS } from "../../core/writing/sample-answers.test-data.ts";
import { ORIGIN, postForm, signUpWithToken } from "../support/accounts.ts";
import { engines } from "../support/databases.ts";
import { insertService, insertWritingTask } from "../support/fixtures.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";
import { startWebhookReceiver, verifyWebhook } from "../support/webhook-receiver.ts";

/**
 * The teacher's marking through the JSON API alone (issue 39, point 7), on both engines: a course
 * that includes marking, an approved enrollment, a learner's 279-word essay sent for marking, the
 * queue, comments placed by their words and by W3C selectors (and refused when the place is not
 * in the text), bands, "Return to student" with its mail and its `writing.marked` webhook, the
 * student reading it, a correction, and progress. Every answer is checked against the OpenAPI
 * document by the test app (tests/support/contract.ts).
 */
const ESSAY = SAMPLE_ANSWERS.copyingThePrompt as NonNullable<
  (typeof SAMPLE_ANSWERS)["copyingThePrompt"]
>;

type Person = Awaited<ReturnType<typeof signUpWithToken>>;
type Selector =
  | { type: "TextQuoteSelector"; exact: string; prefix: string; suffix: string }
  | { type: "TextPositionSelector"; start: number; end: number };
type CommentJson = {
  id: string;
  criterion: string;
  text: string;
  correction: string | null;
  target: { selector: [Selector & { type: "TextQuoteSelector" }, Selector] };
};
type MarkingJson = {
  bands: Record<string, number | null>;
  notes: Record<string, string | null>;
  taskBand: number | null;
  summary: string | null;
  comments: CommentJson[];
  returnedAt: string | null;
  correctedAt: string | null;
};
type SubmissionJson = {
  _id: string;
  text: string;
  status: string;
  revisionOf: string | null;
  sentForMarkingAt: string | null;
  marking: MarkingJson | null;
};

describe.each(engines)("the teacher's marking through the API on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true", WEBHOOKS_ALLOW_PRIVATE: "true" });
  let student: Person;
  let other: Person;
  let owner: Person;
  let taskId: string;
  let answerId: string;
  let courseId: string;
  let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let hookSecret: string;
  const comments: Record<string, CommentJson> = {};
  let address = 0;
  const db = () => site.database.db;

  function api(method: string, path: string, who?: Person, body?: unknown) {
    return site.app.request(`${ORIGIN}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `10.62.${Math.floor(++address / 250)}.${address % 250}`,
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  }
  const json = async <T>(response: Response, status: number): Promise<T> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as T;
  };
  const messageOf = async (response: Response) =>
    ((await response.json()) as { message: string }).message;
  const submit = async (who: Person, body: Record<string, unknown>) =>
    (
      await json<{ submission: SubmissionJson }>(
        await api("POST", "/api/writing/submissions", who, body),
        201,
      )
    ).submission;
  const answerOf = async (who: Person, id = answerId) =>
    (
      await json<{ submission: SubmissionJson }>(
        await api("GET", `/api/writing/submissions/${id}`, who),
        200,
      )
    ).submission;
  const commentRows = () =>
    db().selectFrom("writing_comments").selectAll().where("submission_id", "=", answerId).execute();
  /** Where `words` stand in the essay: they must be there once. */
  const at = (words: string) => {
    const start = ESSAY.text.indexOf(words);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(ESSAY.text.indexOf(words, start + 1)).toBe(-1);
    return { start, end: start + words.length };
  };
  const markedEvents = () =>
    hook.state.received
      .map((request) =>
        webhookEventSchema.parse(verifyWebhook(hookSecret, request.headers, request.body)),
      )
      .filter((event) => event.type === "writing.marked");

  beforeAll(async () => {
    await site.app.prepareWritingMeasures();
    student = await signUpWithToken(site.app, db(), { name: "Amina Haddad" });
    other = await signUpWithToken(site.app, db(), { name: "Another Student" });
    owner = await signUpWithToken(site.app, db(), { name: "The Teacher" });
    await makeOwner(db(), owner.email);
    taskId = await insertWritingTask(db(), { title: "Working from home", prompt: ESSAY.prompt });
    // The teacher's system hears of returned markings, as the owner adds it on /admin/webhooks.
    hook = await startWebhookReceiver();
    const added = await postForm(
      site.app,
      "/admin/webhooks",
      { intent: "add-endpoint", url: hook.url(), events: "writing.marked" },
      { cookie: owner.cookie, "x-forwarded-for": "10.62.255.1" },
    );
    hookSecret = /whsec_[A-Za-z0-9+/]+=*/.exec(await added.text())?.[0] ?? "";
    expect(hookSecret).not.toBe("");
  });
  afterAll(() => hook.close());

  it("refuses marking to a student whose courses include none (403), and says so in their progress", async () => {
    answerId = (await submit(student, { taskId, text: ESSAY.text }))._id;
    const refused = await api(
      "POST",
      `/api/writing/submissions/${answerId}/marking-request`,
      student,
    );
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe(NO_ALLOWANCE_MESSAGE);
    const progress = await json<{ allowance: unknown; markings: unknown[] }>(
      await api("GET", "/api/writing/progress", student),
      200,
    );
    expect(progress.allowance).toEqual({ included: 0, used: 0, left: 0, courses: [] });
    expect(progress.markings).toEqual([]);
    expect(await db().selectFrom("writing_markings").selectAll().execute()).toEqual([]);
  });

  it("gives the allowance of an owner's course with marking once the enrollment is approved", async () => {
    const created = await json<{ insertedId: string }>(
      await api("POST", "/api/services", owner, {
        serviceName: "IELTS Writing Task 2 clinic",
        price: 49.5,
        description: "Four weeks of essays, each corrected within two days.",
        writingAnswersMarked: 2,
      }),
      201,
    );
    courseId = created.insertedId;
    const course = await json<{ writingAnswersMarked: number }>(
      await api("GET", `/api/services/${courseId}`),
      200,
    );
    expect(course.writingAnswersMarked).toBe(2);
    const enrolled = await json<{ insertedId: string }>(
      await api("POST", "/api/enrollments", student, { serviceId: courseId }),
      201,
    );
    // A request waiting for the teacher gives nothing yet.
    expect(
      (
        await json<{ allowance: { included: number } }>(
          await api("GET", "/api/writing/progress", student),
          200,
        )
      ).allowance.included,
    ).toBe(0);
    expect(
      await decideEnrollment(db(), {
        actor: { isOwner: true },
        enrollmentId: enrolled.insertedId,
        decision: "confirmed",
        note: undefined,
        siteUrl: ORIGIN,
      }),
    ).toEqual({ ok: true });
    const progress = await json<{ allowance: unknown }>(
      await api("GET", "/api/writing/progress", student),
      200,
    );
    expect(progress.allowance).toEqual({
      included: 2,
      used: 0,
      left: 2,
      courses: [{ _id: courseId, name: "IELTS Writing Task 2 clinic", answers: 2 }],
    });
  });

  it("sends the student's own answer for marking once; 404 to anyone else's, 401 to nobody; the owners are mailed", async () => {
    await site.app.deliverMail();
    site.outbox.length = 0;
    const path = `/api/writing/submissions/${answerId}/marking-request`;
    expect((await api("POST", path)).status).toBe(401);
    const stranger = await api("POST", path, other);
    expect(stranger.status).toBe(404);
    const missing = await api(
      "POST",
      "/api/writing/submissions/no-such-answer/marking-request",
      other,
    );
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(await stranger.text());
    expect(site.app.securityEvents).toContainEqual(
      expect.objectContaining({ event: "access-refused", reason: "not-owner", userId: other.id }),
    );
    const sent = await json<{ requestedAt: string }>(await api("POST", path, student), 201);
    expect(Date.parse(sent.requestedAt)).not.toBeNaN();
    const again = await api("POST", path, student);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toMatch(/already sent for marking/);

    const answer = await answerOf(student);
    expect(answer).toMatchObject({
      status: "waiting-for-marking",
      sentForMarkingAt: sent.requestedAt,
      revisionOf: null,
      marking: null,
    });
    await site.app.deliverMail();
    expect(site.outbox.map((mail) => mail.to)).toEqual([owner.email]);
    expect(site.outbox[0]?.text).toContain(`${ORIGIN}/admin/writing/submissions/${answerId}`);
  });

  it("lists the queue to the owner only, oldest first, with the student, the task and the words", async () => {
    expect((await api("GET", "/api/writing/queue")).status).toBe(401);
    const refused = await api("GET", "/api/writing/queue", student);
    expect(refused.status).toBe(403);
    expect(await messageOf(refused)).toBe("Only the site's owner marks Writing answers.");
    const response = await api("GET", "/api/writing/queue?page=1&size=10", owner);
    const queue = await json<{ answers: Record<string, unknown>[]; count: number }>(response, 200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-total-count")).toBe("1");
    expect(queue.count).toBe(1);
    expect(queue.answers).toEqual([
      {
        _id: answerId,
        url: `${ORIGIN}/admin/writing/submissions/${answerId}`,
        requestedAt: expect.any(String),
        waitedSeconds: expect.any(Number),
        studentId: student.id,
        studentName: "Amina Haddad",
        taskId,
        taskTitle: "Working from home",
        taskKind: "task-2",
        taskKindName: "Task 2",
        words: 249,
        revision: false,
        comments: 0,
      },
    ]);
    expect((await api("GET", "/api/writing/queue?size=0", owner)).status).toBe(400);
    const past = await json<{ answers: unknown[] }>(
      await api("GET", "/api/writing/queue?page=2&size=10", owner),
      200,
    );
    expect(past.answers).toEqual([]);
  });

  it("adds comments placed by their words and by W3C selectors, stored as a quote with its context and a position", async () => {
    const path = `/api/writing/submissions/${answerId}/comments`;
    const byQuote = await json<{ comment: CommentJson }>(
      await api("POST", path, owner, {
        criterion: "lexicalResource",
        text: "A good, precise phrase.",
        quote: "traffic jams",
      }),
      201,
    );
    const jams = at("traffic jams");
    expect(byQuote.comment).toEqual({
      id: expect.any(String),
      criterion: "lexicalResource",
      text: "A good, precise phrase.",
      correction: null,
      target: {
        selector: [
          {
            type: "TextQuoteSelector",
            exact: "traffic jams",
            prefix: ESSAY.text.slice(jams.start - 32, jams.start),
            suffix: ESSAY.text.slice(jams.end, jams.end + 32),
          },
          { type: "TextPositionSelector", ...jams },
        ],
      },
    });
    comments.jams = byQuote.comment;

    // A selection as the page sends it: the position, with the words it holds.
    const he = at("When he works at home, he can start earlier");
    const bySelectors = await json<{ comment: CommentJson }>(
      await api("POST", path, owner, {
        criterion: "grammaticalRangeAccuracy",
        text: "Use 'they' for a worker of any sex.",
        correction: "When they work at home, they can start earlier",
        target: {
          selector: [
            { type: "TextQuoteSelector", exact: "When he works at home, he can start earlier" },
            { type: "TextPositionSelector", ...he },
          ],
        },
      }),
      201,
    );
    expect(bySelectors.comment.target.selector[1]).toEqual({ type: "TextPositionSelector", ...he });
    expect(bySelectors.comment.target.selector[0].exact).toBe(
      "When he works at home, he can start earlier",
    );
    comments.he = bySelectors.comment;

    // A TextQuoteSelector alone is found as a quote is.
    const petrol = await json<{ comment: CommentJson }>(
      await api("POST", path, owner, {
        criterion: "coherenceCohesion",
        text: "Good use of 'In addition' to add a point.",
        target: { selector: [{ type: "TextQuoteSelector", exact: "In addition, he spends less" }] },
      }),
      201,
    );
    expect(petrol.comment.target.selector[1]).toEqual({
      type: "TextPositionSelector",
      ...at("In addition, he spends less"),
    });
    comments.petrol = petrol.comment;

    const general = await json<{ comment: CommentJson }>(
      await api("POST", path, owner, {
        criterion: "general",
        text: "A clear conclusion.",
        quote: "To sum up",
      }),
      201,
    );
    comments.general = general.comment;
    expect(await commentRows()).toHaveLength(4);
  });

  it("refuses a place that is not in the text, is there twice, or does not match, with a message and nothing saved", async () => {
    const path = `/api/writing/submissions/${answerId}/comments`;
    const before = await commentRows();
    const words = at("the air in the city becomes cleaner");
    const cases: [unknown, number, string | RegExp][] = [
      [
        { criterion: "task", text: "x", quote: "people never travel to offices" },
        400,
        ABSENT_QUOTE_MESSAGE,
      ],
      [{ criterion: "task", text: "x", quote: "also" }, 400, /in the answer twice/],
      [{ criterion: "task", text: "x", quote: "he" }, 400, /in the answer \d+ times/],
      [
        {
          criterion: "task",
          text: "x",
          target: {
            selector: [
              { type: "TextQuoteSelector", exact: "the air in the city becomes dirtier" },
              { type: "TextPositionSelector", ...words },
            ],
          },
        },
        400,
        QUOTE_MISMATCH_MESSAGE,
      ],
      [
        {
          criterion: "task",
          text: "x",
          target: {
            selector: [{ type: "TextPositionSelector", start: 10, end: ESSAY.text.length + 5 }],
          },
        },
        400,
        /within the answer's text/,
      ],
      [
        {
          criterion: "task",
          text: "x",
          target: {
            selector: [
              { type: "TextPositionSelector", ...words },
              { type: "TextPositionSelector", ...words },
            ],
          },
        },
        400,
        NO_SELECTOR_MESSAGE,
      ],
      [
        { criterion: "task", text: "x", target: { selector: [{ type: "CssSelector" }] } },
        400,
        /TextQuoteSelector or a TextPositionSelector/,
      ],
      [
        {
          criterion: "task",
          text: "x",
          quote: "traffic jams",
          target: { selector: [{ type: "TextPositionSelector", ...words }] },
        },
        400,
        /either `quote`.*or `target`/,
      ],
      [{ criterion: "task", text: "x" }, 400, /either `quote`.*or `target`/],
      [
        { criterion: "spelling", text: "x", quote: "traffic jams" },
        400,
        /criterion must be one of/,
      ],
      [{ criterion: "task", text: "  ", quote: "traffic jams" }, 400, "Please write the comment."],
      [
        { criterion: "task", text: "x".repeat(2001), quote: "traffic jams" },
        400,
        /under 2000 characters/,
      ],
      [["task", "x"], 400, /JSON object/],
      ["{broken", 400, /JSON object/],
    ];
    const wrong: string[] = [];
    for (const [body, status, message] of cases) {
      const response = await api("POST", path, owner, body);
      const text = await messageOf(response);
      const label = JSON.stringify(body).slice(0, 100);
      if (response.status !== status) wrong.push(`${label}: ${response.status} ${text}`);
      else if (typeof message === "string" ? text !== message : !message.test(text))
        wrong.push(`${label}: "${text}"`);
    }
    expect(wrong).toEqual([]);
    const unsent = (await submit(student, { taskId, text: "Not sent for marking." }))._id;
    for (const id of [unsent, "no-such-answer"]) {
      const response = await api("POST", `/api/writing/submissions/${id}/comments`, owner, {
        criterion: "task",
        text: "x",
        quote: "Not sent",
      });
      expect(response.status).toBe(404);
    }
    // Only owners: a student (the author too) is refused before the body is read.
    for (const who of [student, other]) {
      const response = await api("POST", path, who, {
        criterion: "task",
        text: "Mine",
        quote: "he",
      });
      expect(response.status).toBe(403);
    }
    expect(await commentRows()).toEqual(before);
  });

  it("changes a comment's words and removes one, before the marking is returned", async () => {
    const jams = comments.jams as CommentJson;
    const changed = await json<{ comment: CommentJson }>(
      await api("PATCH", `/api/writing/comments/${jams.id}`, owner, {
        text: "Precise: 'traffic jams' rather than 'traffic'.",
        correction: "in traffic",
      }),
      200,
    );
    expect(changed.comment).toEqual({
      ...jams,
      text: "Precise: 'traffic jams' rather than 'traffic'.",
      correction: "in traffic",
    });
    const cleared = await json<{ comment: CommentJson }>(
      await api("PATCH", `/api/writing/comments/${jams.id}`, owner, { correction: null }),
      200,
    );
    expect(cleared.comment.correction).toBeNull();
    expect(cleared.comment.text).toBe("Precise: 'traffic jams' rather than 'traffic'.");
    comments.jams = cleared.comment;
    for (const [body, message] of [
      [{}, "Please change the criterion, the text or the correction."],
      [{ criterion: "style" }, /criterion must be one of/],
      [{ text: "" }, "Please write the comment."],
    ] as const) {
      const response = await api("PATCH", `/api/writing/comments/${jams.id}`, owner, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const text = await messageOf(response);
      if (typeof message === "string") expect(text).toBe(message);
      else expect(text).toMatch(message);
    }
    expect(
      (await api("PATCH", "/api/writing/comments/no-such-comment", owner, { text: "x" })).status,
    ).toBe(404);
    expect(
      (await api("PATCH", `/api/writing/comments/${jams.id}`, student, { text: "x" })).status,
    ).toBe(403);

    const general = comments.general as CommentJson;
    expect((await api("DELETE", `/api/writing/comments/${general.id}`, student)).status).toBe(403);
    expect(
      await json(await api("DELETE", `/api/writing/comments/${general.id}`, owner), 200),
    ).toEqual({ deletedCount: 1 });
    expect((await api("DELETE", `/api/writing/comments/${general.id}`, owner)).status).toBe(404);
    expect(await commentRows()).toHaveLength(3);
  });

  it("sets the bands only as whole bands from 0 to 9, and returns nothing before they and a summary are saved", async () => {
    const path = `/api/writing/submissions/${answerId}/marks`;
    const good = { task: 6, coherenceCohesion: 7, lexicalResource: 7, grammaticalRangeAccuracy: 6 };
    const notReady = await api("POST", `/api/writing/submissions/${answerId}/return`, owner);
    expect(notReady.status).toBe(409);
    expect(await messageOf(notReady)).toBe(NOT_READY_MESSAGE);
    const wrong: string[] = [];
    for (const bands of [
      { ...good, task: 10 },
      { ...good, task: 6.5 },
      { ...good, task: -1 },
      { ...good, task: "7" },
      { ...good, task: null },
      { coherenceCohesion: 7, lexicalResource: 7, grammaticalRangeAccuracy: 6 },
      [6, 7, 7, 6],
    ]) {
      const response = await api("PUT", path, owner, { bands, summary: "Good." });
      if (response.status !== 400) wrong.push(`${JSON.stringify(bands)}: ${response.status}`);
      else if (!/band/.test(await messageOf(response)))
        wrong.push(`${JSON.stringify(bands)}: message`);
    }
    expect(wrong).toEqual([]);
    expect((await api("PUT", path, owner, { bands: good })).status).toBe(400);
    expect((await api("PUT", path, owner, { bands: good, summary: "   " })).status).toBe(400);
    expect(
      (await api("PUT", path, owner, { bands: good, summary: "x".repeat(10_001) })).status,
    ).toBe(400);
    expect(
      (await db().selectFrom("writing_markings").selectAll().executeTakeFirstOrThrow()).band_task,
    ).toBeNull();
    expect((await api("PUT", path, student, { bands: good, summary: "Mine." })).status).toBe(403);
    expect(
      (
        await api("PUT", "/api/writing/submissions/no-such-answer/marks", owner, {
          bands: good,
          summary: "x",
        })
      ).status,
    ).toBe(404);

    // The longest summary and notes reach their checks whatever their characters, past the
    // API's usual 32 KB (server/request-bodies.ts).
    const long = {
      bands: good,
      notes: { task: "水".repeat(1000), lexicalResource: "水".repeat(1000) },
      summary: "水".repeat(10_000),
    };
    expect(Buffer.byteLength(JSON.stringify(long))).toBeGreaterThan(32 * 1024);
    expect((await api("PUT", path, owner, long)).status).toBe(200);
    const tooLong = await api("PUT", path, owner, { ...long, summary: "水".repeat(10_001) });
    expect(tooLong.status).toBe(400);
    expect(await messageOf(tooLong)).toMatch(/summary under 10000 characters/);
    const saved = await json<{ marking: MarkingJson & { requestedAt: string } }>(
      await api("PUT", path, owner, {
        bands: good,
        notes: { lexicalResource: "A good range of topic words: commute, staff, rent." },
        summary: "A clear position, **well supported**.\n\nWork on pronouns for people in general.",
      }),
      200,
    );
    expect(saved.marking).toMatchObject({
      bands: good,
      notes: {
        task: null,
        coherenceCohesion: null,
        lexicalResource: "A good range of topic words: commute, staff, rent.",
        grammaticalRangeAccuracy: null,
      },
      // (6 + 7 + 7 + 6) / 4 = 6.5
      taskBand: 6.5,
      returnedAt: null,
      correctedAt: null,
    });
    expect(saved.marking.comments.map((comment) => comment.id)).toEqual(
      [comments.jams, comments.he, comments.petrol].map((comment) => comment?.id),
    );
    // Still the teacher's work: the student, and the owner's read of the answer, see no marking.
    expect(await answerOf(student)).toMatchObject({ status: "waiting-for-marking", marking: null });
    expect((await answerOf(owner)).marking).toBeNull();
  });

  it("returns it: the student is mailed a link, writing.marked is delivered, and its comments are final", async () => {
    await site.app.deliverMail();
    site.outbox.length = 0;
    const returned = await json<{ marking: MarkingJson }>(
      await api("POST", `/api/writing/submissions/${answerId}/return`, owner),
      200,
    );
    expect(returned.marking).toMatchObject({ taskBand: 6.5, correctedAt: null });
    expect(Date.parse(returned.marking.returnedAt ?? "")).not.toBeNaN();
    const again = await api("POST", `/api/writing/submissions/${answerId}/return`, owner);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toMatch(/already returned/);

    await site.app.deliverMail();
    expect(site.outbox.map((mail) => mail.to)).toEqual([student.email]);
    expect(site.outbox[0]?.text).toContain(`${ORIGIN}/writing/submissions/${answerId}`);

    await site.app.deliverWebhooks();
    await hook.waitFor(1);
    expect(markedEvents().map((event) => event.data)).toEqual([
      {
        id: answerId,
        taskId,
        bands: { task: 6, coherenceCohesion: 7, lexicalResource: 7, grammaticalRangeAccuracy: 6 },
        taskBand: 6.5,
        comments: 3,
        returnedAt: returned.marking.returnedAt,
        correctedAt: null,
      },
    ]);
    // Never the comments, the summary, nor who wrote the answer.
    const body = hook.state.received[0]?.body ?? "";
    for (const secret of ["well supported", "traffic jams", "Amina", student.email])
      expect(body).not.toContain(secret);

    const jams = comments.jams as CommentJson;
    const frozen = [
      await api("POST", `/api/writing/submissions/${answerId}/comments`, owner, {
        criterion: "task",
        text: "Too late.",
        quote: "traffic jams",
      }),
      await api("PATCH", `/api/writing/comments/${jams.id}`, owner, { text: "Too late." }),
      await api("DELETE", `/api/writing/comments/${jams.id}`, owner),
    ];
    for (const response of frozen) {
      expect(response.status).toBe(409);
      expect(await messageOf(response)).toMatch(/comments can no longer be changed/);
    }
    expect(await commentRows()).toHaveLength(3);
    // Out of the queue.
    expect(
      (await json<{ count: number }>(await api("GET", "/api/writing/queue", owner), 200)).count,
    ).toBe(0);
  });

  it("shows the returned marking with the answer to its student and the owners, and to no one else", async () => {
    const answer = await answerOf(student);
    expect(answer.status).toBe("marked");
    expect(answer.marking).toEqual({
      bands: { task: 6, coherenceCohesion: 7, lexicalResource: 7, grammaticalRangeAccuracy: 6 },
      notes: {
        task: null,
        coherenceCohesion: null,
        lexicalResource: "A good range of topic words: commute, staff, rent.",
        grammaticalRangeAccuracy: null,
      },
      taskBand: 6.5,
      summary: "A clear position, **well supported**.\n\nWork on pronouns for people in general.",
      comments: [comments.jams, comments.he, comments.petrol],
      returnedAt: expect.any(String),
      correctedAt: null,
    });
    // Each comment's passage is where its selectors say, in the text the student reads.
    for (const comment of answer.marking?.comments ?? []) {
      const [quote, position] = comment.target.selector;
      if (position.type !== "TextPositionSelector") throw new Error("No position.");
      expect(answer.text.slice(position.start, position.end)).toBe(quote.exact);
    }
    expect((await answerOf(owner)).marking).toEqual(answer.marking);
    expect((await api("GET", `/api/writing/submissions/${answerId}`, other)).status).toBe(404);
    const list = await json<{ submissions: { _id: string; status: string; revisionOf: null }[] }>(
      await api("GET", "/api/writing/submissions", student),
      200,
    );
    expect(list.submissions.find((item) => item._id === answerId)).toMatchObject({
      status: "marked",
      revisionOf: null,
    });
  });

  it("corrects the bands after returning: correctedAt set, writing.marked sent again", async () => {
    const corrected = await json<{ marking: MarkingJson }>(
      await api("PUT", `/api/writing/submissions/${answerId}/marks`, owner, {
        bands: { task: 6, coherenceCohesion: 6, lexicalResource: 7, grammaticalRangeAccuracy: 6 },
        notes: { lexicalResource: "A good range of topic words: commute, staff, rent." },
        summary: "A clear position, **well supported**.\n\nWork on pronouns for people in general.",
      }),
      200,
    );
    // (6 + 6 + 7 + 6) / 4 = 6.25, a quarter point: up to 6.5 (decision 0061).
    expect(corrected.marking.taskBand).toBe(6.5);
    expect(corrected.marking.correctedAt).not.toBeNull();
    const answer = await answerOf(student);
    expect(answer.marking).toMatchObject({
      bands: { coherenceCohesion: 6 },
      correctedAt: corrected.marking.correctedAt,
    });
    await site.app.deliverWebhooks();
    await hook.waitFor(2);
    expect(markedEvents().at(-1)?.data).toMatchObject({
      id: answerId,
      bands: { coherenceCohesion: 6 },
      correctedAt: corrected.marking.correctedAt,
    });
  });

  it("shows the marking in the student's progress; a revised draft, linked to the answer, uses the allowance too", async () => {
    const progress = await json<Record<string, unknown>>(
      await api("GET", "/api/writing/progress", student),
      200,
    );
    expect(progress).toEqual({
      allowance: {
        included: 2,
        used: 1,
        left: 1,
        courses: [{ _id: courseId, name: "IELTS Writing Task 2 clinic", answers: 2 }],
      },
      markings: [
        {
          _id: answerId,
          url: `${ORIGIN}/writing/submissions/${answerId}`,
          taskTitle: "Working from home",
          taskKind: "task-2",
          revision: false,
          sentAt: expect.any(String),
          returnedAt: expect.any(String),
          bands: { task: 6, coherenceCohesion: 6, lexicalResource: 7, grammaticalRangeAccuracy: 6 },
          taskBand: 6.5,
          comments: 3,
        },
      ],
      lowestCriterion: { criterion: "task", name: "Task Response", meanBand: 6 },
      commentCounts: [
        { criterion: "coherenceCohesion", name: "Coherence and Cohesion", count: 1 },
        { criterion: "lexicalResource", name: "Lexical Resource", count: 1 },
        {
          criterion: "grammaticalRangeAccuracy",
          name: "Grammatical Range and Accuracy",
          count: 1,
        },
      ],
      mostComments: expect.stringMatching(/^Most comments: /),
    });
    // Another student's progress is theirs alone.
    expect(
      (await json<{ markings: unknown[] }>(await api("GET", "/api/writing/progress", other), 200))
        .markings,
    ).toEqual([]);

    const revisedText = ESSAY.text.replace(
      "When he works at home, he can start earlier",
      "When they work at home, they can start earlier",
    );
    for (const [revisionOf, message] of [
      ["no-such-answer", /not one of yours/],
      [(await submit(other, { taskId, text: "Someone else's." }))._id, /not one of yours/],
    ] as const) {
      const response = await api("POST", "/api/writing/submissions", student, {
        taskId,
        text: revisedText,
        revisionOf,
      });
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toMatch(message);
    }
    const revision = await submit(student, { taskId, text: revisedText, revisionOf: answerId });
    expect(revision).toMatchObject({ revisionOf: answerId, status: "submitted", marking: null });
    const list = await json<{ submissions: { _id: string; revisionOf: string | null }[] }>(
      await api("GET", "/api/writing/submissions", student),
      200,
    );
    expect(list.submissions.find((item) => item._id === revision._id)?.revisionOf).toBe(answerId);
    expect(
      (await api("POST", `/api/writing/submissions/${revision._id}/marking-request`, student))
        .status,
    ).toBe(201);
    const queued = await json<{ answers: { _id: string; revision: boolean }[] }>(
      await api("GET", "/api/writing/queue", owner),
      200,
    );
    expect(queued.answers).toEqual([
      expect.objectContaining({ _id: revision._id, revision: true }),
    ]);
    // The allowance is used up: a third answer is refused.
    const third = (await submit(student, { taskId, text: "A third attempt." }))._id;
    const refused = await api("POST", `/api/writing/submissions/${third}/marking-request`, student);
    expect(refused.status).toBe(403);
    expect(
      (
        await json<{ allowance: { used: number; left: number } }>(
          await api("GET", "/api/writing/progress", student),
          200,
        )
      ).allowance,
    ).toMatchObject({ used: 2, left: 0 });
  });

  it("lets only an owner give a course marking: a student's value is checked, then ignored", async () => {
    const made = await json<{ insertedId: string }>(
      await api("POST", "/api/services", student, {
        serviceName: "My own essay club",
        price: 5,
        description: "Essays among friends.",
        writingAnswersMarked: 50,
      }),
      201,
    );
    const stored = () =>
      db()
        .selectFrom("services")
        .select("writing_answers_marked")
        .where("id", "=", made.insertedId)
        .executeTakeFirstOrThrow();
    expect(await stored()).toEqual({ writing_answers_marked: 0 });
    const edit = { serviceName: "My own essay club", price: 5, description: "Essays." };
    expect(
      (
        await api("PATCH", `/api/services/${made.insertedId}`, student, {
          ...edit,
          writingAnswersMarked: 100,
        })
      ).status,
    ).toBe(200);
    expect(await stored()).toEqual({ writing_answers_marked: 0 });
    // The owner may give it some; the student's later edits keep what the owner set.
    expect(
      (
        await api("PATCH", `/api/services/${made.insertedId}`, owner, {
          ...edit,
          writingAnswersMarked: 3,
        })
      ).status,
    ).toBe(200);
    expect(await stored()).toEqual({ writing_answers_marked: 3 });
    expect(
      (
        await api("PATCH", `/api/services/${made.insertedId}`, student, {
          ...edit,
          writingAnswersMarked: 0,
        })
      ).status,
    ).toBe(200);
    expect(await stored()).toEqual({ writing_answers_marked: 3 });
    // Checked for anyone: a wrong value is a 400 with the field's message, and nothing changes.
    for (const value of [101, -1, 2.5, "many"]) {
      for (const who of [owner, student]) {
        const response = await api("PATCH", `/api/services/${made.insertedId}`, who, {
          ...edit,
          writingAnswersMarked: value,
        });
        expect(response.status, `${value}`).toBe(400);
        expect(await messageOf(response)).toContain(
          "Writing answers marked is a whole number from 0 to 100.",
        );
      }
    }
    expect(await stored()).toEqual({ writing_answers_marked: 3 });
  });
});

/**
 * Two requests at once cannot both take the last answer of an allowance (core/writing/
 * marking-allowance.server.ts: the student's row held `for update` on PostgreSQL, SQLite's write
 * transaction on SQLite).
 */
describe.each(engines)("the marking allowance under concurrent requests on %s", (engine) => {
  const site = testSiteOn(engine, { TRUST_PROXY: "true" });
  const ALLOWANCE = 3;
  const REQUESTS = 10;

  it(`leaves exactly ${ALLOWANCE} of ${REQUESTS} answers sent at once sent, the rest refused`, async () => {
    const db = site.database.db;
    await site.app.prepareWritingMeasures();
    const student = await signUpWithToken(site.app, db, { name: "Eager Student" });
    const taskId = await insertWritingTask(db, { title: "Racing" });
    const serviceId = await insertService(db, { name: "Marking course" });
    await db
      .updateTable("services")
      .set({ writing_answers_marked: ALLOWANCE })
      .where("id", "=", serviceId)
      .execute();
    const now = new Date().toISOString();
    await db
      .insertInto("enrollments")
      .values({
        id: crypto.randomUUID(),
        user_id: student.id,
        service_id: serviceId,
        status: "confirmed",
        start_date: null,
        message: null,
        owner_note: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    let address = 0;
    const call = (method: string, path: string, body?: unknown) =>
      site.app.request(`${ORIGIN}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${student.token}`,
          "x-forwarded-for": `10.63.0.${++address}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const answers: string[] = [];
    for (let n = 1; n <= REQUESTS; n++) {
      const response = await call("POST", "/api/writing/submissions", {
        taskId,
        text: `Answer number ${n}, written in a hurry.`,
      });
      expect(response.status).toBe(201);
      answers.push(((await response.json()) as { submission: { _id: string } }).submission._id);
    }
    const statuses = await Promise.all(
      answers.map(async (id) => {
        const response = await call("POST", `/api/writing/submissions/${id}/marking-request`);
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(ALLOWANCE);
    expect(statuses.filter((status) => status === 403)).toHaveLength(REQUESTS - ALLOWANCE);
    const sent = await db.selectFrom("writing_markings").select("submission_id").execute();
    expect(sent).toHaveLength(ALLOWANCE);
  });
});
