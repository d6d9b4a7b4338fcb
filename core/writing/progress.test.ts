import { describe, expect, it } from "vitest";
import type { CommentCriterion, WritingCriterion } from "./bands.ts";
import {
  commentCountsByCriterion,
  lowestCriterion,
  markingDurations,
  medianDuration,
  medianHours,
  mostCommentsSentence,
  type ReturnedMarking,
  weeklyCounts,
} from "./progress.ts";
import type { WritingTaskKind } from "./task-kinds.ts";

let nextId = 1;
function marking(
  taskKind: WritingTaskKind,
  [task, coherenceCohesion, lexicalResource, grammaticalRangeAccuracy]: [
    number,
    number,
    number,
    number,
  ],
  commentCriteria: CommentCriterion[] = [],
  times = { sentAt: "2026-11-02T09:00:00Z", returnedAt: "2026-11-03T09:00:00Z" },
): ReturnedMarking {
  const bands: Record<WritingCriterion, number> = {
    task,
    coherenceCohesion,
    lexicalResource,
    grammaticalRangeAccuracy,
  };
  return {
    submissionId: `submission-${nextId++}`,
    taskTitle: taskKind === "task-2" ? "Public transport spending" : "Household energy use",
    taskKind,
    revision: false,
    ...times,
    bands,
    taskBand: 6,
    commentCriteria,
  };
}

const repeat = <T>(value: T, times: number): T[] => Array.from({ length: times }, () => value);

describe("lowestCriterion", () => {
  it("is the criterion with the lowest mean over the markings, with that mean", () => {
    const markings = [
      marking("task-2", [6, 6, 7, 5]),
      marking("task-2", [7, 6, 6, 6]),
      marking("task-2", [6, 7, 6, 6]),
    ];
    // Means: task 6.33, coherence 6.33, lexical 6.33, grammar 5.67.
    expect(lowestCriterion(markings)).toEqual({
      criterion: "grammaticalRangeAccuracy",
      name: "Grammatical Range and Accuracy",
      meanBand: 17 / 3,
    });
  });

  it("takes the first in the descriptors' order when means tie", () => {
    const markings = [marking("task-2", [7, 6, 5, 6]), marking("task-2", [7, 5, 6, 6])];
    // Coherence 5.5 and lexical 5.5 tie below the others.
    expect(lowestCriterion(markings)?.criterion).toBe("coherenceCohesion");
    expect(lowestCriterion([marking("task-2", [6, 6, 6, 6])])?.criterion).toBe("task");
  });

  it("names the task criterion for the kinds the student answered", () => {
    const weakTask = [5, 6, 6, 6] as [number, number, number, number];
    expect(lowestCriterion([marking("task-2", weakTask)])?.name).toBe("Task Response");
    expect(
      lowestCriterion([marking("academic-task-1", weakTask), marking("general-task-1", weakTask)])
        ?.name,
    ).toBe("Task Achievement");
    expect(
      lowestCriterion([marking("task-2", weakTask), marking("academic-task-1", weakTask)])?.name,
    ).toBe("Task Achievement / Task Response");
  });

  it("is null before anything is marked", () => {
    expect(lowestCriterion([])).toBeNull();
  });
});

describe("commentCountsByCriterion and mostCommentsSentence", () => {
  const markings = [
    marking(
      "task-2",
      [6, 6, 6, 6],
      [
        ...repeat("grammaticalRangeAccuracy" as const, 9),
        ...repeat("lexicalResource" as const, 4),
        "general",
      ],
    ),
    marking(
      "academic-task-1",
      [6, 6, 6, 6],
      [...repeat("grammaticalRangeAccuracy" as const, 5), "task", "task", "lexicalResource"],
    ),
  ];

  it("counts comments per criterion over all markings, most first, leaving out zeros", () => {
    expect(commentCountsByCriterion(markings)).toEqual([
      { criterion: "grammaticalRangeAccuracy", name: "Grammatical Range and Accuracy", count: 14 },
      { criterion: "lexicalResource", name: "Lexical Resource", count: 5 },
      { criterion: "task", name: "Task Achievement / Task Response", count: 2 },
      { criterion: "general", name: "General", count: 1 },
    ]);
    expect(mostCommentsSentence(markings)).toBe(
      "Most comments: Grammatical Range and Accuracy, 14",
    );
  });

  it("keeps the criteria's order in a tie, and names every criterion tied for the most", () => {
    const tied = [
      marking("task-2", [6, 6, 6, 6], ["general", "lexicalResource", "coherenceCohesion"]),
      marking("task-2", [6, 6, 6, 6], ["lexicalResource", "coherenceCohesion", "task"]),
    ];
    expect(commentCountsByCriterion(tied).map(({ criterion }) => criterion)).toEqual([
      "coherenceCohesion",
      "lexicalResource",
      "task",
      "general",
    ]);
    expect(mostCommentsSentence(tied)).toBe(
      "Most comments: Coherence and Cohesion, 2; Lexical Resource, 2",
    );
  });

  it("has nothing to say without comments", () => {
    expect(commentCountsByCriterion([marking("task-2", [6, 6, 6, 6])])).toEqual([]);
    expect(mostCommentsSentence([marking("task-2", [6, 6, 6, 6])])).toBeNull();
    expect(mostCommentsSentence([])).toBeNull();
  });
});

describe("medianDuration, medianHours and markingDurations", () => {
  const hours = (count: number) => count * 60 * 60 * 1000;

  it("takes the middle one of an odd count, whatever the order", () => {
    expect(medianDuration([hours(30), hours(2), hours(20)])).toBe(hours(20));
    expect(medianHours([hours(30), hours(2), hours(20)])).toBe(20);
  });

  it("takes the mean of the middle two of an even count", () => {
    expect(medianDuration([hours(1), hours(48), hours(4), hours(5)])).toBe(hours(4.5));
    expect(medianHours([hours(1), hours(48), hours(4), hours(5)])).toBe(4.5);
  });

  it("is null for none", () => {
    expect(medianDuration([])).toBeNull();
    expect(medianHours([])).toBeNull();
  });

  it("measures each marking from sent to returned", () => {
    const markings = [
      marking("task-2", [6, 6, 6, 6], [], {
        sentAt: "2026-11-02T09:00:00Z",
        returnedAt: "2026-11-03T15:30:00Z",
      }),
      marking("task-2", [6, 6, 6, 6], [], {
        sentAt: "2026-11-05T22:00:00.000Z",
        returnedAt: "2026-11-06T08:00:00.000Z",
      }),
    ];
    expect(markingDurations(markings)).toEqual([hours(30.5), hours(10)]);
    expect(medianHours(markingDurations(markings))).toBe(20.25);
  });
});

describe("weeklyCounts", () => {
  const at = (iso: string) => new Date(iso);

  it("lists the last weeks oldest first, Monday to Sunday, empty weeks included", () => {
    const dates = [
      "2026-11-02T10:00:00Z", // Monday
      "2026-11-08T20:00:00Z", // Sunday of the same week
      "2026-11-24T10:00:00Z",
      "2026-11-25T10:00:00Z",
      "2026-11-26T10:00:00Z",
    ].map(at);
    expect(weeklyCounts(dates, at("2026-11-28T12:00:00Z"), 5, "UTC")).toEqual([
      { weekStart: "2026-10-26", count: 0 },
      { weekStart: "2026-11-02", count: 2 },
      { weekStart: "2026-11-09", count: 0 },
      { weekStart: "2026-11-16", count: 0 },
      { weekStart: "2026-11-23", count: 3 },
    ]);
  });

  it("leaves out what falls before the first week or after the current one", () => {
    const dates = ["2026-11-15T23:59:59Z", "2026-11-16T00:00:00Z", "2026-11-30T00:00:00Z"].map(at);
    expect(weeklyCounts(dates, at("2026-11-28T12:00:00Z"), 2, "UTC")).toEqual([
      { weekStart: "2026-11-16", count: 1 },
      { weekStart: "2026-11-23", count: 0 },
    ]);
  });

  it("starts a week at midnight on Monday in London when the clocks have gone forward", () => {
    // Clocks went forward at 01:00 GMT on Sunday 29 March 2026.
    const dates = [
      "2026-03-22T23:30:00Z", // Sunday 22 March, 23:30 GMT
      "2026-03-23T00:00:00Z", // Monday 23 March, 00:00 GMT
      "2026-03-29T22:30:00Z", // Sunday 29 March, 23:30 BST
      "2026-03-29T23:30:00Z", // Monday 30 March, 00:30 BST: still Sunday in UTC
    ].map(at);
    const now = at("2026-04-01T12:00:00Z");
    expect(weeklyCounts(dates, now, 3, "Europe/London")).toEqual([
      { weekStart: "2026-03-16", count: 1 },
      { weekStart: "2026-03-23", count: 2 },
      { weekStart: "2026-03-30", count: 1 },
    ]);
    expect(weeklyCounts(dates, now, 3, "UTC")).toEqual([
      { weekStart: "2026-03-16", count: 1 },
      { weekStart: "2026-03-23", count: 3 },
      { weekStart: "2026-03-30", count: 0 },
    ]);
  });

  it("keeps whole calendar weeks across the clocks going back, a week of 169 hours", () => {
    // Clocks went back at 02:00 BST on Sunday 25 October 2026.
    const dates = [
      "2026-10-18T22:30:00Z", // Sunday 18 October, 23:30 BST: the week before
      "2026-10-18T23:30:00Z", // Monday 19 October, 00:30 BST
      "2026-10-25T23:30:00Z", // Sunday 25 October, 23:30 GMT: the 169th hour of that week
      "2026-10-26T00:00:00Z", // Monday 26 October, 00:00 GMT
    ].map(at);
    expect(weeklyCounts(dates, at("2026-10-28T09:00:00Z"), 2, "Europe/London")).toEqual([
      { weekStart: "2026-10-19", count: 2 },
      { weekStart: "2026-10-26", count: 1 },
    ]);
  });

  it("takes the current week from `now` in the site's zone", () => {
    // 23:30 UTC on Sunday 29 November is Monday morning in Sydney, Sunday afternoon in Los Angeles.
    const now = at("2026-11-29T23:30:00Z");
    expect(weeklyCounts([now], now, 1, "Australia/Sydney")).toEqual([
      { weekStart: "2026-11-30", count: 1 },
    ]);
    expect(weeklyCounts([now], now, 1, "America/Los_Angeles")).toEqual([
      { weekStart: "2026-11-23", count: 1 },
    ]);
  });

  it("refuses a number of weeks that is not a whole number from 1", () => {
    for (const weeks of [0, -1, 2.5, Number.NaN]) {
      expect(() => weeklyCounts([], at("2026-11-28T12:00:00Z"), weeks, "UTC")).toThrow(RangeError);
    }
  });
});
