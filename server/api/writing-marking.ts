import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import type { WriteLimited } from "../../core/limits/rate-limit.server.ts";
import { MAX_PASSAGE_LENGTH } from "../../core/writing/anchoring.ts";
import { COMMENT_CRITERIA, WRITING_CRITERIA } from "../../core/writing/bands.ts";
import {
  ALREADY_SENT_MESSAGE,
  NO_ALLOWANCE_MESSAGE,
  sendForMarking,
  writingMarkingAllowance,
} from "../../core/writing/marking-allowance.server.ts";
import {
  addMarkingComment,
  type CommentPlace,
  changeMarkingComment,
  countWaitingForMarking,
  listMarkingQueue,
  MAX_BAND_NOTE_LENGTH,
  MAX_COMMENT_LENGTH,
  MAX_CORRECTION_LENGTH,
  MAX_SUMMARY_LENGTH,
  type MarkingComment,
  mayMark,
  NOT_READY_MESSAGE,
  type QueuedAnswer,
  removeMarkingComment,
  returnMarking,
  saveMarks,
  type WritingMarking,
} from "../../core/writing/markings.server.ts";
import { writingSubmissionRefusalReason } from "../../core/writing/submissions.server.ts";
import { writingProgress } from "../../core/writing/writing-progress.server.ts";
import { privateJson } from "../http-caching.ts";
import { isJsonObject, problems, readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  logRefusal,
  requireApiOwner,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { idParameter, type Operation, refusal, TOO_MANY_WRITES } from "./operations.ts";
import { pageHeaders } from "./paging.ts";
import {
  deletedSchema,
  type QueuedWritingAnswerJson,
  type WritingCommentJson,
  type WritingMarkingJson,
  type WritingMarkingStateJson,
  type WritingProgressJson,
  writingCommentSchema,
  writingMarkingSchema,
  writingMarkingStateSchema,
  writingProgressSchema,
  writingQueuePageSchema,
} from "./schemas.ts";

const QUEUE_PAGE_SIZE = 20;
const MAX_QUEUE_PAGE_SIZE = 100;

const criterion = z
  .enum(COMMENT_CRITERIA, {
    error: `criterion must be one of ${COMMENT_CRITERIA.join(", ")}.`,
  })
  .meta({
    description:
      "What the comment is about: one of the four criteria (`task` is Task Achievement for Task 1, Task Response for Task 2), or `general`.",
  });
const commentText = z
  .string({ error: "text: the comment, as text." })
  .meta({ description: `The comment, at most ${MAX_COMMENT_LENGTH} characters.` });
const correction = z
  .string({ error: "correction: the suggested words, as text, or null." })
  .nullable()
  .meta({
    description: `A suggested correction, at most ${MAX_CORRECTION_LENGTH} characters; null or empty for none.`,
  });

/**
 * A place as the W3C Web Annotation model writes it: a TextQuoteSelector (its `prefix` and
 * `suffix` are taken anew from the answer, so they may be left out), a TextPositionSelector, or
 * one of each, which must agree.
 */
const selectorInput = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("TextQuoteSelector"),
      exact: z.string({ error: "A TextQuoteSelector's exact: the passage's words." }),
      prefix: z.string().optional(),
      suffix: z.string().optional(),
    }),
    z.object({
      type: z.literal("TextPositionSelector"),
      start: z
        .number({ error: "A TextPositionSelector's start: a whole number." })
        .int("A TextPositionSelector's start: a whole number."),
      end: z
        .number({ error: "A TextPositionSelector's end: a whole number." })
        .int("A TextPositionSelector's end: a whole number."),
    }),
  ],
  { error: "Each selector is a TextQuoteSelector or a TextPositionSelector." },
);

const PLACE_MESSAGE =
  "Give the comment's place: either `quote` (the passage's exact words) or `target` (W3C selectors), not both.";

/**
 * What `POST /api/writing/submissions/{id}/comments` reads; anything else in the body is ignored.
 * The types are checked here, the rules (lengths, the place in the answer's text) by the use case,
 * which the marking page goes through too.
 */
export const writingCommentPostSchema = z
  .object({
    criterion,
    text: commentText,
    correction: correction.optional(),
    target: z
      .object(
        {
          selector: z
            .array(selectorInput, { error: "target.selector: a list of selectors." })
            .min(1, "target.selector: at least one selector.")
            .max(2, "target.selector: at most one selector of each kind."),
        },
        { error: "target: {selector: [...]}." },
      )
      .optional()
      .meta({
        description:
          "The passage as W3C Web Annotation selectors (what the page sends for a selection): with a TextPositionSelector the position decides, and a TextQuoteSelector sent with it must be the text there; a TextQuoteSelector alone is found as `quote` is.",
      }),
    quote: z
      .string({ error: "quote: the passage's words, as text." })
      .optional()
      .meta({
        description: `The passage's exact words, as the student wrote them (at most ${MAX_PASSAGE_LENGTH} characters): refused when they are not in the answer, or are there more than once.`,
      }),
  })
  .refine((body) => (body.target === undefined) !== (body.quote === undefined), {
    message: PLACE_MESSAGE,
  });

/** What `PATCH /api/writing/comments/{id}` reads: the comment's place never changes. */
export const writingCommentPatchSchema = z.object({
  criterion: criterion.optional(),
  text: commentText.optional(),
  correction: correction.optional(),
});

const band = z
  .number({ error: "Each band is a whole number from 0 to 9." })
  .int("Each band is a whole number from 0 to 9.")
  .min(0, "Each band is a whole number from 0 to 9.")
  .max(9, "Each band is a whole number from 0 to 9.");
const note = z
  .string({ error: "Each note is text, or null." })
  .nullable()
  .optional()
  .meta({ description: `At most ${MAX_BAND_NOTE_LENGTH} characters.` });

/** What `PUT /api/writing/submissions/{id}/marks` reads. */
export const writingMarksPutSchema = z.object({
  bands: z
    .object(
      Object.fromEntries(WRITING_CRITERIA.map((key) => [key, band])) as Record<
        (typeof WRITING_CRITERIA)[number],
        typeof band
      >,
      { error: `bands: {${WRITING_CRITERIA.join(", ")}}, each a whole band from 0 to 9.` },
    )
    .meta({ description: "One whole band from 0 to 9 for each of the four criteria." }),
  notes: z
    .object(
      Object.fromEntries(WRITING_CRITERIA.map((key) => [key, note])) as Record<
        (typeof WRITING_CRITERIA)[number],
        typeof note
      >,
      { error: "notes: an object with a note (or null) for any of the four criteria." },
    )
    .optional()
    .meta({ description: "A note on any criterion's band; one left out has none." }),
  summary: z
    .string({ error: "summary: the summary, as Markdown text." })
    .meta({ description: `Markdown, at most ${MAX_SUMMARY_LENGTH} characters.` }),
});

const pageNumber = "page must be a whole number from 1";
const pageSize = `size must be a whole number from 1 to ${MAX_QUEUE_PAGE_SIZE}`;
export const writingQueueQuerySchema = z.object({
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
    .max(MAX_QUEUE_PAGE_SIZE, pageSize)
    .default(QUEUE_PAGE_SIZE)
    .meta({ description: `Answers a page (${QUEUE_PAGE_SIZE} by default).` }),
});

const NO_ANSWER = "No Writing answer of yours has this id.";
const NO_MARKING = "No answer waiting for marking has this id.";
const NO_COMMENT = "No such comment.";
const OWNERS_ONLY = "Only the site's owner marks Writing answers.";
const ownersOnly = "Owners only: anyone else gets 403 before the body is read.";
const ANSWER_ID = "9b2f1c3e-6a7d-4e8f-9a0b-1c2d3e4f5a6b";
const answerParameter = idParameter("answer", ANSWER_ID);
const commentParameter = idParameter("comment", "3c1e2d4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f");
const RETURNED =
  "This marking is returned: its comments can no longer be changed. Correct the bands, notes or summary instead.";
const TOO_MANY_MARKING_WRITES = {
  ...refusal(
    "Over the limit of 600 marking changes an hour per account (the address's limit does not apply): nothing was written.",
    "You have made 600 marking changes in the last hour, as many as one account may. Please try again in about 20 minutes.",
  ),
  headers: ["Retry-After"],
} as const;
const commentBody = (status: 200 | 201) => ({
  description: status === 201 ? "Added, with its place in the text." : "Changed.",
  body: z.object({ comment: writingCommentSchema }),
});

/** The routes below, for the OpenAPI document (server/api/openapi.ts). */
export const writingMarkingOperations = {
  requestMarking: {
    method: "POST",
    path: "/api/writing/submissions/{id}/marking-request",
    operationId: "sendWritingAnswerForMarking",
    tag: "Writing",
    summary: "Send one's own answer for marking",
    description:
      "The caller's own answer goes to the teacher's queue, counted against their allowance: the answers marked that their approved enrollments include, and what the teacher added. Sent once; not undone. The owners are mailed. No body is read.",
    access: "identity",
    pathParameters: answerParameter,
    responses: {
      201: {
        description: "Sent: it waits in the teacher's queue.",
        body: z.object({ requestedAt: z.iso.datetime() }),
        example: { requestedAt: "2026-11-28T09:30:00.000Z" },
      },
      403: refusal(
        "The caller's allowance is used up, or none of their approved courses includes marking (`GET /api/writing/progress` says what they have). Nothing was sent.",
        NO_ALLOWANCE_MESSAGE,
      ),
      404: refusal("No answer of the caller's has this id (someone else's, or none).", NO_ANSWER),
      409: refusal("The answer is already sent for marking.", ALREADY_SENT_MESSAGE),
      429: TOO_MANY_WRITES,
    },
  },
  progress: {
    method: "GET",
    path: "/api/writing/progress",
    operationId: "getWritingProgress",
    tag: "Writing",
    summary: "The caller's marked answers over time, and their marking allowance",
    description:
      "Only ever the caller's own: each returned marking's bands and task band, first attempts and revised drafts told apart by `revision`; the lowest criterion; the teacher's comments by criterion; and how many answers they may send for marking, have sent and have left, with the courses that give them.",
    access: "identity",
    responses: { 200: { description: "The caller's progress.", body: writingProgressSchema } },
  },
  queue: {
    method: "GET",
    path: "/api/writing/queue",
    operationId: "listWritingMarkingQueue",
    tag: "Writing",
    summary: "The answers waiting for marking, oldest first",
    description: `Owners only. ${QUEUE_PAGE_SIZE} a page unless \`size\` says otherwise; \`X-Total-Count\` says how many wait in all and \`Link\` leads to the other pages (RFC 8288).`,
    access: "owner",
    query: [writingQueueQuerySchema],
    queryExample: { page: 1, size: 20 },
    responses: {
      200: {
        description: "One page of the queue.",
        body: writingQueuePageSchema,
        headers: ["X-Total-Count", "Link"],
      },
      400: refusal("A parameter is wrong.", pageNumber),
    },
  },
  addComment: {
    method: "POST",
    path: "/api/writing/submissions/{id}/comments",
    operationId: "addWritingComment",
    tag: "Writing",
    summary: "Comment on a passage of an answer being marked",
    description: `${ownersOnly} The passage is given by its words (\`quote\`) or by W3C Web Annotation selectors (\`target\`), exactly one of them; it is stored as a TextQuoteSelector (its words and up to 32 characters either side, taken from the answer) and a TextPositionSelector (UTF-16 offsets, the end exclusive), the white space at its ends left out. Refused with a message, nothing saved, when the words are not in the answer or are there more than once, or the selectors do not match its text. Until the marking is returned.`,
    access: "owner",
    pathParameters: answerParameter,
    body: {
      schema: writingCommentPostSchema,
      example: {
        criterion: "grammaticalRangeAccuracy",
        text: "Subject and verb do not agree here.",
        correction: "people work",
        quote: "people works",
      },
    },
    responses: {
      201: commentBody(201),
      400: refusal(
        "A field is wrong, the place is missing or given twice, or it is not in the answer's text (the message says which). Nothing was saved.",
        "These words are in the answer twice: add a word or two around them so they are found once.",
      ),
      404: refusal("No answer waiting for marking has this id.", NO_MARKING),
      409: refusal("The marking is returned: its comments are final.", RETURNED),
      429: TOO_MANY_MARKING_WRITES,
    },
  },
  changeComment: {
    method: "PATCH",
    path: "/api/writing/comments/{id}",
    operationId: "changeWritingComment",
    tag: "Writing",
    summary: "Change a comment's criterion, text or correction",
    description: `${ownersOnly} Only the fields sent change; null or an empty correction removes it. Its place never changes (remove it and add another). Until the marking is returned.`,
    access: "owner",
    pathParameters: commentParameter,
    body: {
      schema: writingCommentPatchSchema,
      example: { text: "Subject and verb agreement: 'people' takes 'work'." },
    },
    responses: {
      200: commentBody(200),
      400: refusal(
        "A field is wrong, or none was sent. Nothing was changed.",
        "Please change the criterion, the text or the correction.",
      ),
      404: refusal("No comment has this id.", NO_COMMENT),
      409: refusal("The marking is returned: its comments are final.", RETURNED),
      429: TOO_MANY_MARKING_WRITES,
    },
  },
  removeComment: {
    method: "DELETE",
    path: "/api/writing/comments/{id}",
    operationId: "removeWritingComment",
    tag: "Writing",
    summary: "Remove a comment",
    description: `${ownersOnly} Until the marking is returned.`,
    access: "owner",
    pathParameters: commentParameter,
    responses: {
      200: { description: "Removed.", body: deletedSchema },
      404: refusal("No comment has this id.", NO_COMMENT),
      409: refusal("The marking is returned: its comments are final.", RETURNED),
      429: TOO_MANY_MARKING_WRITES,
    },
  },
  saveMarks: {
    method: "PUT",
    path: "/api/writing/submissions/{id}/marks",
    operationId: "saveWritingMarks",
    tag: "Writing",
    summary: "Set the four bands, their notes and the summary",
    description: `${ownersOnly} All three are replaced: a note left out is removed. As often as wanted before the marking is returned; after, it is a correction: the student sees "corrected" with its time, and the \`writing.marked\` webhook goes again with \`correctedAt\`.`,
    access: "owner",
    pathParameters: answerParameter,
    body: {
      schema: writingMarksPutSchema,
      example: {
        bands: { task: 6, coherenceCohesion: 6, lexicalResource: 7, grammaticalRangeAccuracy: 6 },
        notes: { lexicalResource: "A good range of topic words." },
        summary: "A clear position, **well supported**. Work on agreement in long sentences.",
      },
    },
    responses: {
      200: {
        description: "Saved: the marking as it now stands.",
        body: z.object({ marking: writingMarkingStateSchema }),
      },
      400: refusal(
        "A field is wrong (a band that is no whole number from 0 to 9, a missing summary, a note too long). Nothing was saved.",
        "Each band is a whole number from 0 to 9.",
      ),
      404: refusal("No answer sent for marking has this id.", NO_MARKING),
      429: TOO_MANY_MARKING_WRITES,
    },
  },
  returnMarking: {
    method: "POST",
    path: "/api/writing/submissions/{id}/return",
    operationId: "returnWritingMarking",
    tag: "Writing",
    summary: "Return the marking to the student",
    description: `${ownersOnly} Publishes it: the student reads it on the answer's page and in \`GET /api/writing/submissions/{id}\`, gets a mail with a link to it, and the \`writing.marked\` webhook is sent. Needs the four bands and a summary (\`PUT …/marks\`). Once; after, the bands, notes and summary may be corrected, the comments not. No body is read.`,
    access: "owner",
    pathParameters: answerParameter,
    responses: {
      200: { description: "Returned.", body: z.object({ marking: writingMarkingSchema }) },
      404: refusal("No answer sent for marking has this id.", NO_MARKING),
      409: refusal(
        "Not ready (the four bands and a summary are not saved yet), or already returned.",
        NOT_READY_MESSAGE,
      ),
      429: TOO_MANY_MARKING_WRITES,
    },
  },
} satisfies Record<string, Operation>;

/** A comment as the API gives it: W3C Web Annotation's `target.selector`. */
export function commentJson(comment: MarkingComment): WritingCommentJson {
  return {
    id: comment.id,
    criterion: comment.criterion,
    text: comment.text,
    correction: comment.correction,
    target: { selector: comment.selectors },
  };
}

/** A marking as the teacher works on it. */
export function markingStateJson(marking: WritingMarking): WritingMarkingStateJson {
  return {
    requestedAt: marking.requestedAt,
    bands: marking.bands,
    notes: marking.notes,
    taskBand: marking.taskBand,
    summary: marking.summary,
    comments: marking.comments.map(commentJson),
    returnedAt: marking.returnedAt,
    correctedAt: marking.correctedAt,
  };
}

/**
 * A returned marking, as its student reads it: only ever built once `returnedAt` is set, which
 * needs the four bands and a summary (core/writing/markings.server.ts, `returnMarking`).
 */
export function returnedMarkingJson(marking: WritingMarking): WritingMarkingJson {
  const { bands, taskBand, summary, returnedAt } = marking;
  if (
    returnedAt === null ||
    taskBand === null ||
    summary === null ||
    WRITING_CRITERIA.some((key) => bands[key] === null)
  )
    throw new Error(`The marking of ${marking.submissionId} is not returned, or not whole.`);
  return {
    bands: bands as Record<(typeof WRITING_CRITERIA)[number], number>,
    notes: marking.notes,
    taskBand,
    summary,
    comments: marking.comments.map(commentJson),
    returnedAt,
    correctedAt: marking.correctedAt,
  };
}

/**
 * The teacher's marking of Writing answers in the JSON API (issue 39, point 7), through the very
 * use cases the marking page and the answer's page call. A student sends their own answer for
 * marking (`POST /api/writing/submissions/{id}/marking-request`; 404 for anyone else's, as for
 * none) and reads their progress (`GET /api/writing/progress`); the owners read the queue, comment
 * on passages, set the bands and return the marking, everyone else refused with 403 before the
 * body is read. The returned marking itself is read with the answer
 * (`GET /api/writing/submissions/{id}`, server/api/writing-answers.ts). Private answers.
 */
export function writingMarkingApi(options: ApiOptions) {
  const { db, baseUrl } = options;
  const api = new Hono<ApiUserEnv>();
  const apiUser = requireApiUser(options);
  const owner = requireApiOwner(options, OWNERS_ONLY);

  const queuedJson = (answer: QueuedAnswer): QueuedWritingAnswerJson => ({
    _id: answer.submissionId,
    url: `${baseUrl}/admin/writing/submissions/${answer.submissionId}`,
    requestedAt: answer.requestedAt,
    waitedSeconds: Math.floor(answer.waitedMs / 1000),
    studentId: answer.studentId,
    studentName: answer.studentName,
    taskId: answer.taskId,
    taskTitle: answer.taskTitle,
    taskKind: answer.taskKind,
    taskKindName: answer.taskKindName,
    words: answer.words,
    revision: answer.revision,
    comments: answer.comments,
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

  /** A marking write refused by the use case: each reason its status. */
  const refused = (
    c: Context<ApiUserEnv>,
    refusal: { reason: string; message: string } | WriteLimited,
    notFound: string,
  ) => {
    switch (refusal.reason) {
      case "rate-limited":
        return tooManyWrites(c, options, refusal as WriteLimited);
      case "not-found":
        return c.json({ message: notFound }, 404);
      case "returned":
      case "not-ready":
        return c.json({ message: refusal.message }, 409);
      default:
        return c.json({ message: refusal.message }, 400);
    }
  };

  api.post("/writing/submissions/:id/marking-request", apiUser, async (c) => {
    const submissionId = c.req.param("id");
    const sent = await sendForMarking(db, {
      writer: writerOf(c, options),
      submissionId,
      siteUrl: baseUrl,
    });
    if (sent.ok) {
      options.wakeMailWorker?.();
      return privateJson(c, { requestedAt: sent.requestedAt }, 201);
    }
    switch (sent.reason) {
      case "rate-limited":
        return tooManyWrites(c, options, sent);
      case "not-found": {
        // Someone else's answer is answered exactly as one that does not exist; the log tells.
        const reason = await writingSubmissionRefusalReason(db, submissionId);
        logRefusal(c, options, { status: 404, reason, userId: c.get("apiUser").id });
        return c.json({ message: NO_ANSWER }, 404);
      }
      case "already-sent":
        return c.json({ message: sent.message }, 409);
      default:
        return c.json({ message: sent.message }, 403);
    }
  });

  api.get("/writing/progress", apiUser, async (c) => {
    const userId = c.get("apiUser").id;
    const [progress, allowance] = await Promise.all([
      writingProgress(db, userId),
      writingMarkingAllowance(db, userId),
    ]);
    const body: WritingProgressJson = {
      allowance: {
        included: allowance.included,
        used: allowance.used,
        left: allowance.left,
        courses: allowance.courses.map((course) => ({
          _id: course.id,
          name: course.name,
          answers: course.answers,
        })),
      },
      markings: progress.markings.map((marking) => ({
        _id: marking.submissionId,
        url: `${baseUrl}/writing/submissions/${marking.submissionId}`,
        taskTitle: marking.taskTitle,
        taskKind: marking.taskKind,
        revision: marking.revision,
        sentAt: marking.sentAt,
        returnedAt: marking.returnedAt,
        bands: marking.bands,
        taskBand: marking.taskBand,
        comments: marking.commentCriteria.length,
      })),
      lowestCriterion: progress.lowest,
      commentCounts: progress.commentCounts,
      mostComments: progress.mostComments,
    };
    return privateJson(c, body);
  });

  api.get("/writing/queue", apiUser, owner, async (c) => {
    const given = Object.fromEntries(
      Object.entries(c.req.query()).filter(([, value]) => value !== ""),
    );
    const query = writingQueueQuerySchema.safeParse(given);
    if (!query.success) return c.json({ message: problems(query.error) }, 400);
    const { page, size } = query.data;
    const [answers, count] = await Promise.all([
      listMarkingQueue(db, new Date(), { page: page - 1, size }),
      countWaitingForMarking(db),
    ]);
    const headers = pageHeaders({
      address: `${baseUrl}/api/writing/queue`,
      page,
      size,
      total: count,
    });
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    return privateJson(c, { answers: answers.map(queuedJson), count, pageSize: size });
  });

  // The answer or comment is found before the body is read: a call about an unknown one is a
  // 404 whatever was sent.
  const markedAnswerFirst: MiddlewareHandler<ApiUserEnv> = async (c, next) => {
    const found = await mayMark(db, {
      actor: c.get("apiUser"),
      submissionId: c.req.param("id") ?? "",
    });
    return found ? next() : c.json({ message: NO_MARKING }, 404);
  };
  const commentFirst: MiddlewareHandler<ApiUserEnv> = async (c, next) => {
    const found = await mayMark(db, {
      actor: c.get("apiUser"),
      commentId: c.req.param("id") ?? "",
    });
    return found ? next() : c.json({ message: NO_COMMENT }, 404);
  };

  api.post("/writing/submissions/:id/comments", apiUser, owner, markedAnswerFirst, async (c) => {
    const read = await readBody(c, writingCommentPostSchema);
    if (!read.ok) return read.response;
    const { criterion, text, correction, target, quote } = read.data;
    const place: CommentPlace =
      quote !== undefined
        ? { quote }
        : {
            target: {
              selector: (target?.selector ?? []).map((selector) =>
                selector.type === "TextQuoteSelector"
                  ? { ...selector, prefix: selector.prefix ?? "", suffix: selector.suffix ?? "" }
                  : selector,
              ),
            },
          };
    const added = await addMarkingComment(db, {
      writer: writerOf(c, options),
      submissionId: c.req.param("id"),
      place,
      criterion,
      text,
      correction,
    });
    if (!added.ok) return refused(c, added, NO_MARKING);
    return privateJson(c, { comment: commentJson(added.comment) }, 201);
  });

  api.patch("/writing/comments/:id", apiUser, owner, commentFirst, async (c) => {
    const read = await readBody(c, writingCommentPatchSchema);
    if (!read.ok) return read.response;
    const changed = await changeMarkingComment(db, {
      writer: writerOf(c, options),
      commentId: c.req.param("id"),
      change: read.data,
    });
    if (!changed.ok) return refused(c, changed, NO_COMMENT);
    return privateJson(c, { comment: commentJson(changed.comment) });
  });

  api.delete("/writing/comments/:id", apiUser, owner, async (c) => {
    const removed = await removeMarkingComment(db, {
      writer: writerOf(c, options),
      commentId: c.req.param("id"),
    });
    if (!removed.ok) return refused(c, removed, NO_COMMENT);
    return privateJson(c, { deletedCount: 1 });
  });

  api.put("/writing/submissions/:id/marks", apiUser, owner, markedAnswerFirst, async (c) => {
    const read = await readBody(c, writingMarksPutSchema);
    if (!read.ok) return read.response;
    const saved = await saveMarks(db, {
      writer: writerOf(c, options),
      submissionId: c.req.param("id"),
      marks: read.data,
    });
    if (!saved.ok) return refused(c, saved, NO_MARKING);
    if (saved.corrected) options.wakeWebhookWorker?.();
    return privateJson(c, { marking: markingStateJson(saved.marking) });
  });

  api.post("/writing/submissions/:id/return", apiUser, owner, async (c) => {
    const returned = await returnMarking(db, {
      writer: writerOf(c, options),
      submissionId: c.req.param("id"),
      siteUrl: baseUrl,
    });
    if (!returned.ok) return refused(c, returned, NO_MARKING);
    options.wakeMailWorker?.();
    options.wakeWebhookWorker?.();
    return privateJson(c, { marking: returnedMarkingJson(returned.marking) });
  });

  return api;
}
