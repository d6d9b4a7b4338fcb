import { z } from "zod";
import { ACCOUNT_EXPORT_FORMAT } from "../../core/accounts/account-export.server.ts";
import {
  COURSE_FORMAT_IDS,
  COURSE_MODULE_IDS,
  LENGTH_UNIT_IDS,
  MAX_WRITING_ANSWERS_MARKED,
} from "../../core/catalogue/course-details.ts";
import { REPORT_REASONS } from "../../core/reviews/report-reasons.ts";
import { IELTS_MODULE_IDS } from "../../core/reviews/review-outcomes.ts";
import { MAX_WRITING_ANSWER_LENGTH } from "../../core/writing/answer-input.ts";
import { COMMENT_CRITERIA, WRITING_CRITERIA } from "../../core/writing/bands.ts";
import { LINKING_GROUPS, type LinkingGroup } from "../../core/writing/linking-words.ts";
import { WRITING_MEASURES_VERSION, type WritingFlagKind } from "../../core/writing/measures.ts";
import { WRITING_TASK_KINDS } from "../../core/writing/task-kinds.ts";

/*
 * The shapes of the JSON API's answers, as zod schemas: the OpenAPI document describes them
 * (server/api/openapi.ts), the functions that build the answers are typed against them
 * (shapes.ts, enrollments.ts, posts.ts, accounts.ts), and the contract tests check every answer
 * the tests receive against the document (tests/support/contract.ts). A schema given a name here
 * (`named`) is one of the document's components.
 */

const names = new Map<z.ZodType, string>();

/** A schema that the document lists under `components/schemas` by this name. */
export function named<T extends z.ZodType>(name: string, schema: T): T {
  names.set(schema, name);
  return schema;
}

/** The component names given so far, by schema. */
export function componentNames(): ReadonlyMap<z.ZodType, string> {
  return names;
}

const id = (what: string) => z.string().meta({ description: `The ${what}'s id.` });
const isoTime = z.iso.datetime();
const bands = z.number().min(0).max(9);

export const messageSchema = named(
  "Message",
  z
    .object({ message: z.string().meta({ description: "What went wrong, in words for people." }) })
    .meta({
      description: "Every refusal of the site's own calls: a sentence saying why.",
      examples: [{ message: "No service has this id." }],
    }),
);

/** Better Auth's refusals also carry its code (`INVALID_EMAIL_OR_PASSWORD`, …). */
export const authErrorSchema = named(
  "AuthError",
  z
    .object({
      message: z.string(),
      code: z.string().optional().meta({ description: "Better Auth's code for the refusal." }),
    })
    .meta({
      description:
        "A refusal under /api/auth: a sentence, and Better Auth's code when it gave one.",
      examples: [{ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }],
    }),
);

export const serverErrorSchema = named(
  "ServerError",
  z
    .object({
      message: z.string(),
      reference: z
        .string()
        .optional()
        .meta({ description: "The request's id (X-Request-Id), to quote when asking for help." }),
    })
    .meta({
      examples: [
        {
          message:
            "Something went wrong on our side. Please try again. If it keeps happening, quote reference 3f2c….",
          reference: "3f2c9a4e-…",
        },
      ],
    }),
);

export const addTimeSchema = named(
  "AddTime",
  z
    .object({
      date: z.string().meta({ description: "d/m/yyyy, in UTC.", examples: ["21/11/2026"] }),
      time: z.string().meta({ description: "hh:mm:ss, in UTC.", examples: ["09:30:00"] }),
    })
    .meta({ description: "When it was written, as the original client showed it." }),
);

const courseDetails = {
  module: z
    .enum(COURSE_MODULE_IDS)
    .nullable()
    .meta({ description: "The IELTS module it prepares for." }),
  level: z
    .object({ from: bands, to: bands })
    .nullable()
    .meta({ description: "The band range it suits, such as 5.5 to 6.5." }),
  length: z
    .object({ value: z.number().int().min(1), unit: z.enum(LENGTH_UNIT_IDS) })
    .nullable()
    .meta({ description: "How long it lasts." }),
  format: z.enum(COURSE_FORMAT_IDS).nullable().meta({ description: "How it is taught." }),
  learningPoints: z
    .array(z.string())
    .meta({ description: "What you will learn; empty when none." }),
  writingAnswersMarked: z.number().int().min(0).max(MAX_WRITING_ANSWERS_MARKED).meta({
    description:
      "How many of each enrolled student's Writing answers the teacher marks (0: none), set by the site's owners only.",
  }),
};

const SERVICE_EXAMPLE = {
  _id: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10",
  serviceName: "IELTS Writing Task 2 clinic",
  price: 49.5,
  description: "Four weeks of essays, each corrected within two days.",
  img: "https://ielts-hub.example/images/services/writing.svg",
  rating: 4.6,
  ratingCount: 12,
  reviewCount: 14,
  addTime: { date: "21/11/2026", time: "09:30:00" },
  module: "academic",
  level: { from: 5.5, to: 7 },
  length: { value: 4, unit: "weeks" },
  format: "video",
  learningPoints: ["Plan an essay in five minutes", "Answer every part of the question"],
  writingAnswersMarked: 4,
};

export const serviceSchema = named(
  "Service",
  z
    .object({
      _id: id("course"),
      serviceName: z.string(),
      price: z.number().meta({ description: "In dollars." }),
      description: z.string(),
      img: z.string().meta({ description: "The picture's absolute address." }),
      rating: z
        .number()
        .nullable()
        .meta({ description: "The visible reviews' average stars to one decimal; null for none." }),
      ratingCount: z.number().int().meta({ description: "Visible reviews with stars." }),
      reviewCount: z
        .number()
        .int()
        .meta({ description: "Visible reviews, with or without stars." }),
      addTime: addTimeSchema,
      ...courseDetails,
    })
    .meta({
      description: "A course (a service) as the catalogue lists it.",
      examples: [SERVICE_EXAMPLE],
    }),
);

export const outcomeSummarySchema = named(
  "OutcomeSummary",
  z
    .object({
      reported: z.number().int().meta({ description: "How many students reported a band." }),
      medianAchieved: bands,
      averageGain: z.number().nullable().meta({
        description: "Achieved minus before, over the reviews giving both; null when none does.",
      }),
    })
    .meta({ description: "Shown once at least 3 students reported the band they reached." }),
);

export const serviceWithSummarySchema = named(
  "ServiceWithSummary",
  serviceSchema
    .extend({
      histogram: z
        .object({
          "1": z.number().int(),
          "2": z.number().int(),
          "3": z.number().int(),
          "4": z.number().int(),
          "5": z.number().int(),
        })
        .meta({ description: "Visible reviews with stars, per number of stars." }),
      outcomes: outcomeSummarySchema.nullable(),
    })
    .meta({
      description: "One course with its review summary: the same numbers as its page.",
      examples: [
        {
          ...SERVICE_EXAMPLE,
          histogram: { "1": 0, "2": 1, "3": 1, "4": 2, "5": 8 },
          outcomes: { reported: 6, medianAchieved: 7, averageGain: 1 },
        },
      ],
    }),
);

export const serviceListSchema = named(
  "ServiceList",
  z.object({
    services: z.array(serviceSchema),
    count: z.number().int().meta({ description: "How many courses match, on every page." }),
  }),
);

const REVIEW_EXAMPLE = {
  _id: "0b9f1f0a-5d63-4d4e-8d0e-0a4f3b9d7c21",
  serviceId: SERVICE_EXAMPLE._id,
  serviceName: SERVICE_EXAMPLE.serviceName,
  img: SERVICE_EXAMPLE.img,
  price: SERVICE_EXAMPLE.price,
  userName: "Amina",
  userPhoto: null,
  userMessage: "My essays finally answered the question. Band 7 in March!",
  rating: 5,
  addTime: { date: "2/4/2026", time: "18:05:12" },
  reply: { text: "Well done, Amina!", addTime: { date: "3/4/2026", time: "08:00:00" } },
  verified: true,
  helpful: 3,
  module: "academic",
  bandBefore: 6,
  bandAchieved: 7,
  testMonth: "2026-03",
};

export const publicReviewSchema = named(
  "Review",
  z
    .object({
      _id: id("review"),
      serviceId: id("course"),
      serviceName: z.string(),
      img: z.string().meta({ description: "The course's picture, absolute." }),
      price: z.number(),
      userName: z.string(),
      userPhoto: z.string().nullable(),
      userMessage: z.string(),
      rating: z.number().int().min(1).max(5).nullable().meta({ description: "null: no stars." }),
      addTime: addTimeSchema,
      reply: z
        .object({ text: z.string(), addTime: addTimeSchema })
        .nullable()
        .meta({ description: "The teacher's public answer." }),
      verified: z.boolean().meta({ description: "Its author's enrollment was confirmed." }),
      helpful: z.number().int().meta({ description: "How many people found it helpful." }),
      module: z.enum(IELTS_MODULE_IDS).nullable(),
      bandBefore: bands.nullable(),
      bandAchieved: bands.nullable(),
      testMonth: z.string().nullable().meta({ description: "YYYY-MM" }),
    })
    .meta({
      description: "A review as anyone sees it: no e-mail address.",
      examples: [REVIEW_EXAMPLE],
    }),
);

export const ownReviewSchema = named(
  "OwnReview",
  publicReviewSchema
    .extend({ userEmail: z.string().meta({ description: "Only in its author's own answers." }) })
    .meta({
      description: "A review in its author's own answers, with their e-mail address.",
      examples: [{ ...REVIEW_EXAMPLE, userEmail: "amina@example.com" }],
    }),
);

export const reviewPageSchema = named(
  "ReviewPage",
  z.object({
    reviews: z.array(publicReviewSchema),
    count: z.number().int().meta({ description: "How many reviews match, on every page." }),
  }),
);

export const enrollmentSchema = named(
  "Enrollment",
  z
    .object({
      _id: id("enrollment request"),
      serviceId: id("course"),
      serviceName: z.string(),
      startDate: z.string().nullable().meta({ description: "YYYY-MM-DD, as the student asked." }),
      message: z.string().nullable(),
      status: z.enum(["requested", "confirmed", "declined", "cancelled"]),
      ownerNote: z.string().nullable().meta({ description: "The teacher's note on the decision." }),
      addTime: addTimeSchema,
    })
    .meta({
      description: "A request to join a course, always the caller's own.",
      examples: [
        {
          _id: "5a3e…",
          serviceId: SERVICE_EXAMPLE._id,
          serviceName: SERVICE_EXAMPLE.serviceName,
          startDate: "2027-01-10",
          message: "Evenings only, please.",
          status: "requested",
          ownerNote: null,
          addTime: { date: "24/11/2026", time: "10:00:00" },
        },
      ],
    }),
);

export const meSchema = named(
  "Me",
  z
    .object({
      _id: id("account"),
      email: z.string(),
      displayName: z.string(),
      photoURL: z.string().nullable(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
    })
    .meta({
      examples: [
        {
          _id: "c1d2…",
          email: "amina@example.com",
          displayName: "Amina",
          photoURL: null,
          emailVerified: true,
          twoFactorEnabled: false,
        },
      ],
    }),
);

const tagSchema = z.object({ slug: z.string(), name: z.string() });

export const postSummarySchema = named(
  "PostSummary",
  z.object({
    _id: id("post"),
    slug: z.string(),
    url: z.string().meta({ description: "The post's page on the site." }),
    title: z.string(),
    excerpt: z.string(),
    featureImage: z
      .object({ url: z.string(), alt: z.string() })
      .nullable()
      .meta({ description: "Its picture, absolute, with its text alternative." }),
    tags: z.array(tagSchema),
    publishedAt: isoTime.nullable(),
    updatedAt: isoTime,
    readingMinutes: z.number().int(),
  }),
);

export const postPageSchema = named(
  "PostPage",
  z.object({
    posts: z.array(postSummarySchema),
    count: z.number().int().meta({ description: "Published posts in all (with the tag, if any)." }),
    pageSize: z.number().int(),
  }),
);

const postLinkSchema = z.object({ slug: z.string(), title: z.string() }).nullable();

export const postSchema = named(
  "Post",
  postSummarySchema.extend({
    bodyHtml: z.string().meta({ description: "The post's Markdown, rendered and made safe." }),
    metaTitle: z.string(),
    metaDescription: z.string(),
    previous: postLinkSchema.meta({ description: "The published post just older." }),
    next: postLinkSchema.meta({ description: "The published post just newer." }),
  }),
);

export const writingTaskSummarySchema = named(
  "WritingTaskSummary",
  z.object({
    _id: id("task"),
    kind: z.enum(WRITING_TASK_KINDS),
    kindName: z
      .string()
      .meta({ description: "Academic Task 1, General Training Task 1 or Task 2." }),
    title: z.string(),
    url: z.string().meta({ description: "The task's page on the site." }),
    picture: z.object({ url: z.string(), alt: z.string() }).nullable().meta({
      description:
        "An Academic Task 1's chart, table, map or process, absolute, with its description in words.",
    }),
    minutes: z.number().int().meta({ description: "The time the task gives." }),
    minimumWords: z.number().int().meta({ description: "The fewest words it asks for." }),
    publishedAt: isoTime.nullable(),
    updatedAt: isoTime,
  }),
);

export const writingTaskPageSchema = named(
  "WritingTaskPage",
  z.object({
    tasks: z.array(writingTaskSummarySchema),
    count: z
      .number()
      .int()
      .meta({ description: "Published tasks in all (of the kind, if one was asked for)." }),
    pageSize: z.number().int(),
  }),
);

export const writingTaskSchema = named(
  "WritingTask",
  writingTaskSummarySchema.extend({
    prompt: z.string().meta({ description: "The prompt's Markdown, as the teacher wrote it." }),
    promptHtml: z.string().meta({ description: "The prompt rendered and made safe." }),
  }),
);

// Writing answers and drafts (issue 38, decision 0059).
const offset = z.number().int().min(0);
const spanFields = {
  start: offset.meta({ description: "Where it starts in the text (UTF-16 code units)." }),
  end: offset.meta({ description: "Where it ends, exclusive: `text.slice(start, end)`." }),
};
const linkingGroupSchema = z.enum(Object.keys(LINKING_GROUPS) as [LinkingGroup, ...LinkingGroup[]]);
const FLAG_KINDS = [
  "copied",
  "spelling",
  "repeated-word",
  "article",
  "linking",
  "overused-linking",
] as const satisfies readonly WritingFlagKind[];
const markedWordSchema = z.object({ ...spanFields, word: z.string() });

export const writingMeasuresSchema = named(
  "WritingMeasures",
  z
    .object({
      version: z.literal(WRITING_MEASURES_VERSION).meta({
        description: "Raised when a rule of the measures changes (decision 0058).",
      }),
      words: z.object({
        total: z.number().int().meta({ description: "Every word of the answer." }),
        counted: z.number().int().meta({
          description: "Every word but those copied from the prompt: the answer's words.",
        }),
        copied: z.number().int(),
        minimum: z.number().int().meta({ description: "The task's minimum." }),
        copiedRuns: z.array(
          z.object({
            ...spanFields,
            words: z.number().int().meta({ description: "Its words (8 or more)." }),
          }),
        ),
        underLength: z.string().nullable().meta({
          description: "`Under length: 212 of 250 words`, or null when long enough.",
        }),
      }),
      paragraphs: z.number().int(),
      sentences: z.number().int(),
      averageSentenceWords: z.number().meta({ description: "To one decimal place." }),
      longestSentenceWords: z.number().int(),
      longestSentence: z.object(spanFields).nullable(),
      spelling: z.array(markedWordSchema).meta({
        description: "Words neither the British nor the American English dictionary knows.",
      }),
      repeatedWords: z.array(markedWordSchema).meta({
        description: "The same word twice in a row: both words, with what lies between.",
      }),
      articles: z.array(
        z.object({
          ...spanFields,
          actual: z.string(),
          expected: z.string(),
          before: z.string().meta({ description: "The word after the article." }),
        }),
      ),
      linkingWords: z.object({
        total: z.number().int(),
        groups: z.array(
          z.object({
            group: linkingGroupSchema,
            label: z.string(),
            uses: z.array(
              z.object({ phrase: z.string(), group: linkingGroupSchema, ...spanFields }),
            ),
          }),
        ),
        overused: z.array(
          z.object({ phrase: z.string(), group: linkingGroupSchema, uses: z.number().int() }),
        ),
      }),
      distinctWordsPer100: z.number(),
      mtld: z.number().nullable().meta({
        description:
          "MTLD, to two decimal places; null when it has no bound (every word different).",
      }),
      flags: z
        .array(z.object({ kind: z.enum(FLAG_KINDS), ...spanFields, label: z.string() }))
        .meta({ description: "Every place to mark in the text, by start; they may nest." }),
    })
    .meta({
      description:
        "The instant measures of an answer, computed on the server when it was submitted: length as the test counts it, copying from the prompt, spelling, repetition, linking words and variety. Never a band (decision 0058).",
    }),
);

const writingSubmissionTaskSchema = z.object({
  _id: id("task"),
  kind: z.enum(WRITING_TASK_KINDS),
  kindName: z.string(),
  title: z.string(),
  minutes: z.number().int(),
  minimumWords: z.number().int(),
  withdrawn: z.boolean().meta({
    description: "Deleted by the teacher since: its answers keep it, shown as withdrawn.",
  }),
  url: z.string().nullable().meta({ description: "The task's page; null once withdrawn." }),
  prompt: z
    .string()
    .meta({ description: "The prompt's Markdown, as the answer was measured against." }),
  promptHtml: z.string(),
  picture: z.object({ url: z.string(), alt: z.string() }).nullable(),
});

const wholeBand = z.number().int().min(0).max(9);
const criterionBands = <T extends z.ZodType>(value: T) =>
  z.object({
    task: value.meta({
      description: "Task Achievement (Task 1) or Task Response (Task 2).",
    }),
    coherenceCohesion: value,
    lexicalResource: value,
    grammaticalRangeAccuracy: value,
  });

export const passageSelectorsSchema = z
  .tuple([
    z.object({
      type: z.literal("TextQuoteSelector"),
      exact: z.string(),
      prefix: z.string(),
      suffix: z.string(),
    }),
    z.object({
      type: z.literal("TextPositionSelector"),
      start: z.number().int().min(0),
      end: z.number().int().min(0),
    }),
  ])
  .meta({
    description:
      "Where the comment is, as W3C Web Annotation selectors: the passage's words with up to 32 characters either side, and its UTF-16 offsets into the answer's `text` (end exclusive).",
  });

export const writingCommentSchema = named(
  "WritingComment",
  z.object({
    id: id("comment"),
    criterion: z.enum(COMMENT_CRITERIA),
    text: z.string(),
    correction: z.string().nullable(),
    target: z.object({ selector: passageSelectorsSchema }),
  }),
);

export const writingMarkingSchema = named(
  "WritingMarking",
  z.object({
    bands: criterionBands(wholeBand),
    notes: criterionBands(z.string().nullable()),
    taskBand: z.number().min(0).max(9).meta({
      description:
        "The mean of the four bands, to the half band: .25 rounds up to .5 and .75 to the next whole band (decision 0061).",
    }),
    summary: z.string().meta({ description: "Markdown, as the teacher wrote it." }),
    comments: z.array(writingCommentSchema),
    returnedAt: isoTime,
    correctedAt: isoTime.nullable().meta({
      description:
        "When the teacher last corrected the bands, notes or summary after returning it.",
    }),
  }),
);

/**
 * A marking as the teacher works on it (`PUT /api/writing/submissions/{id}/marks`): what is set so
 * far, returned or not. The student reads it only once returned, as `WritingMarking`.
 */
export const writingMarkingStateSchema = named(
  "WritingMarkingState",
  z.object({
    requestedAt: isoTime.meta({ description: "When the student sent the answer for marking." }),
    bands: criterionBands(wholeBand.nullable()),
    notes: criterionBands(z.string().nullable()),
    taskBand: z.number().min(0).max(9).nullable().meta({
      description:
        "The mean of the four bands, to the half band (decision 0061); null until all four are set.",
    }),
    summary: z.string().nullable().meta({ description: "Markdown, as the teacher wrote it." }),
    comments: z.array(writingCommentSchema),
    returnedAt: isoTime
      .nullable()
      .meta({ description: "When it was returned to the student; null while being marked." }),
    correctedAt: isoTime.nullable(),
  }),
);

export const queuedWritingAnswerSchema = named(
  "QueuedWritingAnswer",
  z.object({
    _id: id("answer"),
    url: z.string().meta({ description: "The answer's marking page on the site." }),
    requestedAt: isoTime.meta({ description: "When the student sent it for marking." }),
    waitedSeconds: z.number().int().meta({ description: "How long it has waited, at the answer." }),
    studentId: id("student"),
    studentName: z.string(),
    taskId: id("task"),
    taskTitle: z.string(),
    taskKind: z.enum(WRITING_TASK_KINDS),
    taskKindName: z.string(),
    words: z.number().int().meta({ description: "The words that count." }),
    revision: z.boolean().meta({ description: "A revised draft of an earlier answer." }),
    comments: z.number().int().meta({ description: "Comments added so far." }),
  }),
);

export const writingQueuePageSchema = named(
  "WritingQueuePage",
  z.object({
    answers: z.array(queuedWritingAnswerSchema),
    count: z.number().int().meta({ description: "Answers waiting in all." }),
    pageSize: z.number().int(),
  }),
);

export const writingProgressSchema = named(
  "WritingProgress",
  z.object({
    allowance: z.object({
      included: z.number().int().meta({
        description:
          "Answers the caller may have marked in all: their approved courses' and what the teacher added.",
      }),
      used: z.number().int().meta({ description: "Answers sent for marking (revisions too)." }),
      left: z.number().int().meta({ description: "What they may still send." }),
      courses: z.array(
        z.object({
          _id: id("course"),
          name: z.string(),
          answers: z.number().int().meta({ description: "Answers marked this enrollment gives." }),
        }),
      ),
    }),
    markings: z
      .array(
        z.object({
          _id: id("answer"),
          url: z.string(),
          taskTitle: z.string(),
          taskKind: z.enum(WRITING_TASK_KINDS),
          revision: z.boolean(),
          sentAt: isoTime,
          returnedAt: isoTime,
          bands: criterionBands(wholeBand),
          taskBand: z.number().min(0).max(9),
          comments: z.number().int(),
        }),
      )
      .meta({
        description: "Every returned marking of the caller's answers, oldest return first.",
      }),
    lowestCriterion: z
      .object({
        criterion: z.enum(WRITING_CRITERIA),
        name: z.string(),
        meanBand: z.number(),
      })
      .nullable()
      .meta({
        description:
          "The criterion with the lowest mean band (a tie goes to the first in the descriptors' order); null before any marking.",
      }),
    commentCounts: z
      .array(
        z.object({
          criterion: z.enum(COMMENT_CRITERIA),
          name: z.string(),
          count: z.number().int(),
        }),
      )
      .meta({
        description:
          "The teacher's comments by criterion, most first; a criterion without one is left out.",
      }),
    mostComments: z.string().nullable().meta({
      description: 'In words: "Most comments: Grammatical Range and Accuracy, 14".',
    }),
  }),
);

export const writingSubmissionStatusSchema = z
  .enum(["submitted", "waiting-for-marking", "marked"])
  .meta({
    description:
      "`submitted`: not sent for marking; `waiting-for-marking`: sent, the teacher has not returned it; `marked`: returned (`marking` carries it).",
  });

export const writingSubmissionSchema = named(
  "WritingSubmission",
  z.object({
    _id: id("answer"),
    taskId: id("task"),
    task: writingSubmissionTaskSchema,
    authorName: z.string().meta({ description: "The name of the student who wrote it." }),
    url: z.string().meta({ description: "The answer's page on the site." }),
    text: z.string().meta({ description: "Plain text, as submitted (line breaks as `\n`)." }),
    words: z
      .number()
      .int()
      .meta({ description: "The words that count: `measures.words.counted`." }),
    secondsTaken: z.number().int().nullable(),
    timed: z.boolean(),
    timeRanOut: z
      .boolean()
      .meta({ description: "Submitted by the screen as it stood when the time ran out." }),
    submittedAt: isoTime,
    measures: writingMeasuresSchema,
    status: writingSubmissionStatusSchema,
    revisionOf: z.string().nullable().meta({
      description: "The earlier answer this revised draft revises; null for a first attempt.",
    }),
    sentForMarkingAt: isoTime.nullable(),
    marking: writingMarkingSchema
      .nullable()
      .meta({ description: "The teacher's marking, once returned to the student; null before." }),
  }),
);

export const writingSubmissionSummarySchema = named(
  "WritingSubmissionSummary",
  z.object({
    _id: id("answer"),
    taskId: id("task"),
    taskTitle: z.string(),
    taskKind: z.enum(WRITING_TASK_KINDS),
    taskKindName: z.string(),
    minimumWords: z.number().int(),
    withdrawn: z.boolean(),
    url: z.string(),
    submittedAt: isoTime,
    words: z.number().int(),
    secondsTaken: z.number().int().nullable(),
    timed: z.boolean(),
    timeRanOut: z.boolean(),
    status: writingSubmissionStatusSchema,
    revisionOf: z.string().nullable(),
  }),
);

export const writingSubmissionPageSchema = named(
  "WritingSubmissionPage",
  z.object({
    submissions: z.array(writingSubmissionSummarySchema),
    count: z.number().int().meta({ description: "The caller's answers in all." }),
    pageSize: z.number().int(),
  }),
);

export const writingDraftSchema = named(
  "WritingDraft",
  z.object({
    taskId: id("task"),
    text: z.string().meta({
      description: `The answer as last saved, at most ${MAX_WRITING_ANSWER_LENGTH} characters.`,
    }),
    secondsLeft: z
      .number()
      .int()
      .nullable()
      .meta({ description: "A timed sitting's countdown when saved; null when untimed." }),
    updatedAt: isoTime,
  }),
);

// The answers of writes.
export const insertedSchema = named(
  "Inserted",
  z.object({ insertedId: z.string().meta({ description: "The new row's id." }) }),
);
export const modifiedSchema = named("Modified", z.object({ modifiedCount: z.literal(1) }));
export const deletedSchema = named("Deleted", z.object({ deletedCount: z.literal(1) }));

// "Download my data" (core/accounts/account-export.server.ts): its type is checked against this one's
// in accounts.ts, both ways, so neither changes alone.
// Stored as text: the reasons the forms offer today, but any a row holds.
const reportReasonSchema = z
  .string()
  .meta({ description: `One of ${Object.keys(REPORT_REASONS).join(", ")}.` });
const courseDetailsInExport = z.object({
  module: courseDetails.module,
  level: courseDetails.level,
  length: courseDetails.length,
  format: courseDetails.format,
  learningPoints: courseDetails.learningPoints,
  writingAnswersMarked: courseDetails.writingAnswersMarked,
});

export const accountExportSchema = named(
  "AccountExport",
  z
    .object({
      format: z.string().meta({
        description: "The format's name and version, so a reader knows what the document holds.",
        examples: [ACCOUNT_EXPORT_FORMAT],
      }),
      about: z.string(),
      exportedAt: isoTime,
      profile: z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        emailVerified: z.boolean(),
        photo: z.string().nullable(),
        createdAt: isoTime,
        updatedAt: isoTime,
        owner: z.object({ since: isoTime }).nullable(),
        twoFactorEnabled: z.boolean(),
      }),
      signInMethods: z.array(
        z.object({
          provider: z.string().meta({ description: "`password`, or `google`." }),
          accountId: z.string(),
          scope: z.string().nullable(),
          createdAt: isoTime,
          updatedAt: isoTime,
        }),
      ),
      sessions: z.array(
        z.object({
          device: z.string(),
          userAgent: z.string().nullable(),
          signedInFrom: z.string().nullable(),
          signedInAt: isoTime,
          lastUsedAt: isoTime,
          expiresAt: isoTime,
        }),
      ),
      apiTokens: z.array(z.object({ createdAt: isoTime, expiresAt: isoTime })),
      reviews: z.array(
        z.object({
          id: z.string(),
          courseId: z.string(),
          courseName: z.string(),
          rating: z.number().int().nullable(),
          message: z.string(),
          createdAt: isoTime,
          updatedAt: isoTime,
          outcome: z.object({
            module: z.enum(IELTS_MODULE_IDS).nullable(),
            bandBefore: z.number().nullable(),
            bandAchieved: z.number().nullable(),
            testMonth: z.string().nullable(),
          }),
          hidden: z.object({ reason: z.string().nullable(), at: isoTime }).nullable(),
          teachersReply: z
            .object({
              text: z.string(),
              createdAt: isoTime.nullable(),
              updatedAt: isoTime.nullable(),
            })
            .nullable(),
          helpfulCount: z.number().int(),
          reportsReceived: z.array(
            z.object({ reason: reportReasonSchema, reportedAt: isoTime, resolved: z.boolean() }),
          ),
        }),
      ),
      helpfulVotes: z.array(
        z.object({
          reviewId: z.string(),
          courseId: z.string(),
          courseName: z.string(),
          votedAt: isoTime,
        }),
      ),
      reports: z.array(
        z.object({
          reviewId: z.string(),
          courseId: z.string(),
          courseName: z.string(),
          reason: reportReasonSchema,
          note: z.string().nullable(),
          reportedAt: isoTime,
          resolvedAt: isoTime.nullable(),
        }),
      ),
      enrollments: z.array(
        z.object({
          id: z.string(),
          courseId: z.string(),
          courseName: z.string(),
          startDate: z.string().nullable(),
          message: z.string().nullable(),
          status: z.enum(["requested", "confirmed", "declined", "cancelled"]),
          teachersNote: z.string().nullable(),
          requestedAt: isoTime,
          updatedAt: isoTime,
        }),
      ),
      contactMessages: z.array(
        z.object({
          name: z.string(),
          email: z.string(),
          message: z.string(),
          sentAt: isoTime,
          handledAt: isoTime.nullable(),
        }),
      ),
      newsletterSubscriptions: z.array(
        z.object({
          email: z.string(),
          status: z.enum(["pending", "confirmed", "unsubscribed"]),
          subscribedAt: isoTime,
          confirmedAt: isoTime.nullable(),
          unsubscribedAt: isoTime.nullable(),
        }),
      ),
      coursesCreated: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          price: z.number(),
          description: z.string(),
          image: z.string(),
          status: z.enum(["published", "pending", "unpublished"]),
          createdAt: isoTime,
          details: courseDetailsInExport,
        }),
      ),
      uploadedPictures: z.array(
        z.object({ address: z.string(), widths: z.array(z.number().int()), uploadedAt: isoTime }),
      ),
      repliesWritten: z.array(
        z.object({
          reviewId: z.string(),
          text: z.string(),
          createdAt: isoTime,
          updatedAt: isoTime,
        }),
      ),
      writingAnswers: z.array(
        z.object({
          id: z.string(),
          taskId: z.string(),
          taskTitle: z.string(),
          taskKind: z.enum(WRITING_TASK_KINDS),
          text: z.string(),
          words: z.number().int(),
          secondsTaken: z.number().int().nullable(),
          timed: z.boolean(),
          timeRanOut: z.boolean(),
          submittedAt: isoTime,
          measures: z
            .unknown()
            .meta({ description: "The instant measures the site showed with the answer." }),
          revisionOf: z.string().nullable(),
          fullTestSitting: z
            .string()
            .nullable()
            .meta({ description: "The same for both answers of one full Writing test." }),
          marking: z
            .object({
              sentForMarkingAt: isoTime,
              returnedAt: isoTime.nullable(),
              correctedAt: isoTime.nullable(),
              bands: criterionBands(z.number().int().nullable()).nullable(),
              taskBand: z.number().nullable(),
              notes: criterionBands(z.string().nullable()).nullable(),
              summary: z.string().nullable(),
              comments: z.array(
                z.object({
                  criterion: z.enum(COMMENT_CRITERIA),
                  text: z.string(),
                  correction: z.string().nullable(),
                  target: z.object({ selector: passageSelectorsSchema }),
                }),
              ),
            })
            .nullable()
            .meta({
              description:
                "Sent for marking: when; once returned, the teacher's bands, notes, summary and comments.",
            }),
        }),
      ),
      writingDrafts: z.array(
        z.object({
          taskId: z.string(),
          taskTitle: z.string(),
          text: z.string(),
          secondsLeft: z.number().int().nullable(),
          savedAt: isoTime,
        }),
      ),
      newsletterIssuesWritten: z.array(
        z.object({
          id: z.string(),
          subject: z.string(),
          body: z.string(),
          status: z.enum(["draft", "sending", "sent"]),
          createdAt: isoTime,
          sentAt: isoTime.nullable(),
        }),
      ),
    })
    .meta({
      description:
        "Everything the site stores about the caller (decision 0033), without secrets and without anyone else's identity: the same document as 'Download my data' on /account.",
    }),
);

export type ServiceJson = z.output<typeof serviceSchema>;
export type ServiceWithSummaryJson = z.output<typeof serviceWithSummarySchema>;
export type PublicReviewJson = z.output<typeof publicReviewSchema>;
export type OwnReviewJson = z.output<typeof ownReviewSchema>;
export type EnrollmentJson = z.output<typeof enrollmentSchema>;
export type PostSummaryJson = z.output<typeof postSummarySchema>;
export type PostJson = z.output<typeof postSchema>;
export type WritingTaskSummaryJson = z.output<typeof writingTaskSummarySchema>;
export type WritingTaskJson = z.output<typeof writingTaskSchema>;
export type WritingSubmissionJson = z.output<typeof writingSubmissionSchema>;
export type WritingSubmissionSummaryJson = z.output<typeof writingSubmissionSummarySchema>;
export type WritingDraftJson = z.output<typeof writingDraftSchema>;
export type WritingCommentJson = z.output<typeof writingCommentSchema>;
export type WritingMarkingJson = z.output<typeof writingMarkingSchema>;
export type WritingMarkingStateJson = z.output<typeof writingMarkingStateSchema>;
export type QueuedWritingAnswerJson = z.output<typeof queuedWritingAnswerSchema>;
export type WritingProgressJson = z.output<typeof writingProgressSchema>;
