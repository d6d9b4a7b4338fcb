import { type Context, Hono } from "hono";
import { z } from "zod";
import { absoluteUrl } from "../../core/site/site.ts";
import {
  MAX_WRITING_ANSWER_LENGTH,
  MAX_WRITING_SECONDS_LEFT,
  MAX_WRITING_SECONDS_TAKEN,
} from "../../core/writing/answer-input.ts";
import {
  getWritingDraft,
  saveWritingDraft,
  type WritingDraftView,
} from "../../core/writing/drafts.server.ts";
import { getWritingMarking, type WritingMarking } from "../../core/writing/markings.server.ts";
import type { WritingMeasures } from "../../core/writing/measures.ts";
import {
  getWritingSubmission,
  listOwnWritingSubmissions,
  MAX_OWN_SUBMISSIONS_PAGE_SIZE,
  OWN_SUBMISSIONS_PAGE_SIZE,
  submissionStatus,
  submitWritingAnswer,
  type WritingSubmissionSummary,
  type WritingSubmissionView,
  writingSubmissionRefusalReason,
} from "../../core/writing/submissions.server.ts";
import { privateJson } from "../http-caching.ts";
import { isJsonObject, problems, readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  logRefusal,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { type Operation, refusal } from "./operations.ts";
import { pageHeaders } from "./paging.ts";
import {
  type WritingDraftJson,
  type WritingSubmissionJson,
  type WritingSubmissionSummaryJson,
  writingDraftSchema,
  type writingMeasuresSchema,
  writingSubmissionPageSchema,
  writingSubmissionSchema,
} from "./schemas.ts";
import { returnedMarkingJson } from "./writing-marking.ts";

// The measures are built in core and described in schemas.ts: each must fit the other.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const measuresFitTheirSchema: Same<WritingMeasures, z.output<typeof writingMeasuresSchema>> = true;
void measuresFitTheirSchema;

const seconds = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message).nullable();

const SECONDS_TAKEN = `secondsTaken must be a whole number of seconds from 0 to ${MAX_WRITING_SECONDS_TAKEN}, or null.`;
const SECONDS_LEFT = `secondsLeft must be a whole number of seconds from 0 to ${MAX_WRITING_SECONDS_LEFT}, or null.`;
const ANSWER_TEXT = `The answer as plain text (markup is text), at most ${MAX_WRITING_ANSWER_LENGTH} characters (a line break, \`\\r\\n\` or \`\\n\`, is one).`;

/**
 * What `POST /api/writing/submissions` reads; anything else in the body is ignored. The types
 * are checked here, the rules (the text's length and emptiness, the task) by the use case, which
 * the page's form goes through too.
 */
export const writingSubmissionPostSchema = z.object({
  taskId: z
    .string({ error: "taskId: the id of the published task the answer is written to." })
    .min(1, "taskId: the id of the published task the answer is written to.")
    .meta({ description: "The task's id." }),
  text: z.string({ error: "text: the answer, as text." }).meta({ description: ANSWER_TEXT }),
  secondsTaken: seconds(MAX_WRITING_SECONDS_TAKEN, SECONDS_TAKEN)
    .optional()
    .meta({ description: "How long the student took, when the screen could tell." }),
  timed: z
    .boolean({ error: "timed is true or false." })
    .optional()
    .meta({ description: "A timed sitting (false when left out)." }),
  timeRanOut: z.boolean({ error: "timeRanOut is true or false." }).optional().meta({
    description:
      "The screen submitted the answer because the time ran out (read only with `timed`).",
  }),
  revisionOf: z
    .string({ error: "revisionOf: the id of the caller's earlier answer this one revises." })
    .nullable()
    .optional()
    .meta({
      description:
        "A revised draft: the caller's own earlier answer to the same task, which it is linked to.",
    }),
});

/** What `PUT /api/writing/drafts/{taskId}` reads. */
export const writingDraftPutSchema = z.object({
  text: z
    .string({ error: "text: the answer so far, as text." })
    .meta({ description: `${ANSWER_TEXT} It may be empty.` }),
  secondsLeft: seconds(MAX_WRITING_SECONDS_LEFT, SECONDS_LEFT)
    .optional()
    .meta({ description: "A timed sitting's countdown; null or left out when untimed." }),
});

const pageNumber = "page must be a whole number from 1";
const pageSize = `size must be a whole number from 1 to ${MAX_OWN_SUBMISSIONS_PAGE_SIZE}`;
export const writingSubmissionsQuerySchema = z.object({
  page: z.coerce
    .number({ error: pageNumber })
    .int(pageNumber)
    .min(1, pageNumber)
    .max(1_000_000, "page is too large")
    .default(1)
    .meta({ description: "Which page, from 1 (the default). A page past the last is empty." }),
  size: z.coerce
    .number({ error: pageSize })
    .int(pageSize)
    .min(1, pageSize)
    .max(MAX_OWN_SUBMISSIONS_PAGE_SIZE, pageSize)
    .default(OWN_SUBMISSIONS_PAGE_SIZE)
    .meta({ description: `Answers a page (${OWN_SUBMISSIONS_PAGE_SIZE} by default).` }),
});

const NO_ANSWER = "No Writing answer of yours has this id.";
const NO_DRAFT = "You have no draft of this task.";
const NO_TASK = "No published Writing task has this id.";
const MEASURES_EXAMPLE_TEXT =
  "Many people now work from home. In my opinion, this has more advantages than disadvantages.";

/** The routes below, for the OpenAPI document (server/api/openapi.ts). */
export const writingAnswersOperations = {
  submit: {
    method: "POST",
    path: "/api/writing/submissions",
    operationId: "submitWritingAnswer",
    tag: "Writing",
    summary: "Submit a Writing answer, measured at once",
    description: `The caller's answer to a published task, stored as sent (plain text; markup is text) and measured on the server: its words as the test counts them (runs of 8 or more words copied from the prompt are not counted), paragraphs and sentences, spelling, doubled words, "a"/"an", linking words and lexical variety; never a band. The caller's draft of the task is removed, and the \`writing.submitted\` webhook is sent (without the text). At most ${MAX_WRITING_ANSWER_LENGTH} characters and not empty; at most 30 answers a day per account.`,
    access: "identity",
    body: {
      schema: writingSubmissionPostSchema,
      example: {
        taskId: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10",
        text: MEASURES_EXAMPLE_TEXT,
        secondsTaken: 2280,
        timed: true,
      },
    },
    responses: {
      201: { description: "Submitted, with its measures.", body: submissionBody() },
      400: refusal(
        "A field is wrong: the text is empty or too long (its message names the limit), a number or flag is of the wrong kind, or `revisionOf` is not the caller's answer to the same task. Nothing was saved.",
        "An answer may be at most 15,000 characters; this one has 15,001. Please shorten it.",
      ),
      404: refusal("No published task has this id (a draft, a deleted one or none).", NO_TASK),
      429: {
        ...refusal(
          "Over the limit of 30 Writing answers a day per account (counted from the first of the day's answers): nothing was saved.",
          "You have submitted 30 Writing answers today, as many as one account may in a day. Please try again in about 5 hours.",
        ),
        headers: ["Retry-After"],
      },
    },
  },
  list: {
    method: "GET",
    path: "/api/writing/submissions",
    operationId: "listOwnWritingAnswers",
    tag: "Writing",
    summary: "The caller's own Writing answers, newest first",
    description: `Only ever the caller's own, ${OWN_SUBMISSIONS_PAGE_SIZE} a page unless \`size\` says otherwise; answers to tasks deleted since are listed, shown as withdrawn. \`X-Total-Count\` says how many there are in all and \`Link\` leads to the first, previous, next and last pages (RFC 8288).`,
    access: "identity",
    query: [writingSubmissionsQuerySchema],
    queryExample: { page: 1, size: 20 },
    responses: {
      200: {
        description: "One page of the caller's answers.",
        body: writingSubmissionPageSchema,
        headers: ["X-Total-Count", "Link"],
      },
      400: refusal("A parameter is wrong.", pageNumber),
    },
  },
  get: {
    method: "GET",
    path: "/api/writing/submissions/{id}",
    operationId: "getWritingAnswer",
    tag: "Writing",
    summary: "One Writing answer, with its measures and, once returned, its marking",
    description:
      "For its author and the site's owners; 404 to anyone else, as for an id that does not exist. `status` says whether it was sent for marking and whether the marking is returned; `marking` holds the teacher's bands, notes, summary and comments once it is returned, and is null before, for the owners too: a marking in progress is the teacher's work until \"Return to student\" (the owners' calls that change it answer it as it stands).",
    access: "identity",
    pathParameters: {
      id: { description: "The answer's id.", example: "9b2f1c3e-6a7d-4e8f-9a0b-1c2d3e4f5a6b" },
    },
    responses: {
      200: { description: "The answer.", body: submissionBody() },
      404: refusal("No answer of the caller's has this id (someone else's, or none).", NO_ANSWER),
    },
  },
  saveDraft: {
    method: "PUT",
    path: "/api/writing/drafts/{taskId}",
    operationId: "saveWritingDraft",
    tag: "Writing",
    summary: "Save the caller's draft of a task",
    description: `The answer being written, replacing the caller's last draft of this task (one per task). Only its author ever reads it; drafts untouched for 30 days are removed, and submitting the answer removes it. At most ${MAX_WRITING_ANSWER_LENGTH} characters; it may be empty. Not counted against the write limits: the answer screen saves every 10 seconds.`,
    access: "identity",
    pathParameters: {
      taskId: { description: "The task's id.", example: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10" },
    },
    body: {
      schema: writingDraftPutSchema,
      example: { text: "Many people now work from home.", secondsLeft: 2100 },
    },
    responses: {
      200: { description: "Saved.", body: draftBody() },
      400: refusal(
        "A field is wrong: the text is too long (its message names the limit), or secondsLeft is no whole number in range. Nothing was saved.",
        "An answer may be at most 15,000 characters; this one has 15,001. Please shorten it.",
      ),
      404: refusal("No published task has this id (a draft, a deleted one or none).", NO_TASK),
    },
  },
  getDraft: {
    method: "GET",
    path: "/api/writing/drafts/{taskId}",
    operationId: "getWritingDraft",
    tag: "Writing",
    summary: "The caller's draft of a task",
    description:
      "The caller's own draft only (of a task deleted since, too: it is their words); 404 when they have none.",
    access: "identity",
    pathParameters: {
      taskId: { description: "The task's id.", example: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10" },
    },
    responses: {
      200: { description: "The draft.", body: draftBody() },
      404: refusal("The caller has no draft of this task.", NO_DRAFT),
    },
  },
} satisfies Record<string, Operation>;

function submissionBody() {
  return z.object({ submission: writingSubmissionSchema });
}
function draftBody() {
  return z.object({ draft: writingDraftSchema });
}

/**
 * Writing answers and drafts in the JSON API (decision 0059), all for a signed-in caller (a bearer
 * token or the session cookie; 401 otherwise, before the body is read), through the very use
 * cases the answer screens call: `POST /api/writing/submissions`, `GET /api/writing/submissions`
 * (one's own, paged), `GET /api/writing/submissions/{id}` (its author or an owner; 404 to anyone
 * else), `PUT` and `GET /api/writing/drafts/{taskId}` (one's own only). Private answers.
 */
export function writingAnswersApi(options: ApiOptions) {
  const { db, baseUrl } = options;
  const api = new Hono<ApiUserEnv>();
  const apiUser = requireApiUser(options);

  const submissionJson = (
    submission: WritingSubmissionView,
    marking: WritingMarking | undefined,
  ): WritingSubmissionJson => {
    const { task } = submission;
    return {
      _id: submission.id,
      taskId: submission.taskId,
      task: {
        _id: task.id,
        kind: task.kind,
        kindName: task.kindName,
        title: task.title,
        minutes: task.minutes,
        minimumWords: task.minimumWords,
        withdrawn: task.withdrawn,
        url: task.withdrawn ? null : `${baseUrl}/writing/tasks/${task.id}`,
        prompt: task.prompt,
        promptHtml: task.promptHtml,
        picture: task.picture
          ? { url: absoluteUrl(task.picture.url, baseUrl), alt: task.picture.alt }
          : null,
      },
      authorName: submission.authorName,
      url: `${baseUrl}/writing/submissions/${submission.id}`,
      text: submission.text,
      words: submission.words,
      secondsTaken: submission.secondsTaken,
      timed: submission.timed,
      timeRanOut: submission.timeRanOut,
      submittedAt: submission.submittedAt,
      measures: submission.measures,
      status: submissionStatus(submission.marking),
      revisionOf: submission.revisionOf,
      sentForMarkingAt:
        submission.marking.status === "not-sent" ? null : submission.marking.requestedAt,
      marking: marking?.returnedAt ? returnedMarkingJson(marking) : null,
    };
  };
  /** The answer's marking, only once returned: before, it is the teacher's work in progress. */
  const returnedMarking = async (
    submission: WritingSubmissionView,
    viewer: { userId: string; isOwner: boolean },
  ) =>
    submission.marking.status === "returned"
      ? getWritingMarking(db, { viewer, submissionId: submission.id })
      : undefined;
  const summaryJson = (summary: WritingSubmissionSummary): WritingSubmissionSummaryJson => ({
    _id: summary.id,
    taskId: summary.taskId,
    taskTitle: summary.taskTitle,
    taskKind: summary.taskKind,
    taskKindName: summary.taskKindName,
    minimumWords: summary.minimumWords,
    withdrawn: summary.withdrawn,
    url: `${baseUrl}/writing/submissions/${summary.id}`,
    submittedAt: summary.submittedAt,
    words: summary.words,
    secondsTaken: summary.secondsTaken,
    timed: summary.timed,
    timeRanOut: summary.timeRanOut,
    status: summary.status,
    revisionOf: summary.revisionOf,
  });
  const draftJson = (draft: WritingDraftView): WritingDraftJson => ({
    taskId: draft.taskId,
    text: draft.text,
    secondsLeft: draft.secondsLeft,
    updatedAt: draft.updatedAt,
  });

  /** The body as a JSON object parsed by `schema`, or the 400 to answer. */
  const readBody = async <T extends z.ZodType>(c: Context<ApiUserEnv>, schema: T) => {
    const body = await readJson(c);
    if (!isJsonObject(body))
      return { ok: false as const, response: c.json({ message: "Send a JSON object." }, 400) };
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      return { ok: false as const, response: c.json({ message: problems(parsed.error) }, 400) };
    return { ok: true as const, data: parsed.data as z.output<T> };
  };

  api.post("/writing/submissions", apiUser, async (c) => {
    const read = await readBody(c, writingSubmissionPostSchema);
    if (!read.ok) return read.response;
    const { taskId, text, secondsTaken, timed, timeRanOut, revisionOf } = read.data;
    const submitted = await submitWritingAnswer(db, {
      writer: writerOf(c, options),
      taskId,
      text,
      secondsTaken: secondsTaken ?? null,
      timed: timed ?? false,
      timeRanOut: timeRanOut ?? false,
      revisionOf: revisionOf ?? null,
    });
    if (submitted.ok) {
      options.wakeWebhookWorker?.();
      return privateJson(c, { submission: submissionJson(submitted.submission, undefined) }, 201);
    }
    if (submitted.reason === "rate-limited") return tooManyWrites(c, options, submitted);
    return c.json({ message: submitted.message }, submitted.reason === "not-found" ? 404 : 400);
  });

  api.get("/writing/submissions", apiUser, async (c) => {
    const given = Object.fromEntries(
      Object.entries(c.req.query()).filter(([, value]) => value !== ""),
    );
    const query = writingSubmissionsQuerySchema.safeParse(given);
    if (!query.success) return c.json({ message: problems(query.error) }, 400);
    const { page, size } = query.data;
    const { submissions, count } = await listOwnWritingSubmissions(db, {
      userId: c.get("apiUser").id,
      page: page - 1,
      size,
    });
    const headers = pageHeaders({
      address: `${baseUrl}/api/writing/submissions`,
      page,
      size,
      total: count,
    });
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return privateJson(c, { submissions: submissions.map(summaryJson), count, pageSize: size });
  });

  api.get("/writing/submissions/:id", apiUser, async (c) => {
    const user = c.get("apiUser");
    const submissionId = c.req.param("id");
    const submission = await getWritingSubmission(db, {
      viewer: { userId: user.id, isOwner: user.isOwner },
      submissionId,
    });
    if (!submission) {
      // Someone else's answer is answered exactly as one that does not exist; the log tells.
      const reason = await writingSubmissionRefusalReason(db, submissionId);
      logRefusal(c, options, { status: 404, reason, userId: user.id });
      return c.json({ message: NO_ANSWER }, 404);
    }
    const viewer = { userId: user.id, isOwner: user.isOwner };
    const marking = await returnedMarking(submission, viewer);
    return privateJson(c, { submission: submissionJson(submission, marking) });
  });

  api.put("/writing/drafts/:taskId", apiUser, async (c) => {
    const read = await readBody(c, writingDraftPutSchema);
    if (!read.ok) return read.response;
    const saved = await saveWritingDraft(db, {
      userId: c.get("apiUser").id,
      taskId: c.req.param("taskId"),
      text: read.data.text,
      secondsLeft: read.data.secondsLeft ?? null,
    });
    if (saved.ok) return privateJson(c, { draft: draftJson(saved.draft) });
    return c.json({ message: saved.message }, saved.reason === "not-found" ? 404 : 400);
  });

  api.get("/writing/drafts/:taskId", apiUser, async (c) => {
    const draft = await getWritingDraft(db, {
      userId: c.get("apiUser").id,
      taskId: c.req.param("taskId"),
    });
    if (!draft) return c.json({ message: NO_DRAFT }, 404);
    return privateJson(c, { draft: draftJson(draft) });
  });

  return api;
}
