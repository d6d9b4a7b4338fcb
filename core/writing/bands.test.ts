import { describe, expect, it } from "vitest";
import {
  BAND_ROUNDING_RULE,
  COMMENT_CRITERIA,
  criterionName,
  criterionNameForKinds,
  criterionShortName,
  formatBand,
  isHalfBand,
  isWholeBand,
  roundToHalfBand,
  taskBand,
  WRITING_CRITERIA,
  type WritingCriterion,
  writingTestBand,
} from "./bands.ts";

const bands = (
  task: number,
  coherenceCohesion: number,
  lexicalResource: number,
  grammaticalRangeAccuracy: number,
): Record<WritingCriterion, number> => ({
  task,
  coherenceCohesion,
  lexicalResource,
  grammaticalRangeAccuracy,
});

describe("the criteria", () => {
  it("are the descriptors' four, in their order, and comments may also be general", () => {
    expect(WRITING_CRITERIA).toEqual([
      "task",
      "coherenceCohesion",
      "lexicalResource",
      "grammaticalRangeAccuracy",
    ]);
    expect(COMMENT_CRITERIA).toEqual([...WRITING_CRITERIA, "general"]);
  });

  it("name the first criterion after the task: Achievement for Task 1, Response for Task 2", () => {
    expect(criterionName("task", "academic-task-1")).toBe("Task Achievement");
    expect(criterionName("task", "general-task-1")).toBe("Task Achievement");
    expect(criterionName("task", "task-2")).toBe("Task Response");
    expect(criterionShortName("task", "general-task-1")).toBe("TA");
    expect(criterionShortName("task", "task-2")).toBe("TR");
  });

  it("name the other criteria the same for every task", () => {
    for (const kind of ["academic-task-1", "task-2"] as const) {
      expect(COMMENT_CRITERIA.slice(1).map((c) => criterionName(c, kind))).toEqual([
        "Coherence and Cohesion",
        "Lexical Resource",
        "Grammatical Range and Accuracy",
        "General",
      ]);
      expect(COMMENT_CRITERIA.slice(1).map((c) => criterionShortName(c, kind))).toEqual([
        "CC",
        "LR",
        "GRA",
        "General",
      ]);
    }
  });

  it("name the first criterion over answers of both tasks with both names, Task 1's first", () => {
    expect(criterionNameForKinds("task", ["task-2", "academic-task-1", "task-2"])).toBe(
      "Task Achievement / Task Response",
    );
    expect(criterionNameForKinds("task", ["academic-task-1", "general-task-1"])).toBe(
      "Task Achievement",
    );
    expect(criterionNameForKinds("task", ["task-2"])).toBe("Task Response");
    expect(criterionNameForKinds("task", [])).toBe("Task Achievement / Task Response");
    expect(criterionNameForKinds("task", ["task-2", "general-task-1"], criterionShortName)).toBe(
      "TA / TR",
    );
    expect(criterionNameForKinds("lexicalResource", ["task-2", "general-task-1"])).toBe(
      "Lexical Resource",
    );
  });
});

describe("whole and half bands", () => {
  it("takes a criterion's band as a whole number from 0 to 9 only", () => {
    for (const band of [0, 1, 5, 9]) expect(isWholeBand(band)).toBe(true);
    for (const band of [-1, 10, 6.5, Number.NaN, "6", null]) expect(isWholeBand(band)).toBe(false);
  });

  it("takes a task's band as a whole or half band from 0 to 9", () => {
    for (const band of [0, 0.5, 6.5, 9]) expect(isHalfBand(band)).toBe(true);
    for (const band of [-0.5, 9.5, 6.25, Number.POSITIVE_INFINITY]) {
      expect(isHalfBand(band)).toBe(false);
    }
  });

  it("prints bands with one decimal, as IELTS does", () => {
    expect(formatBand(6)).toBe("6.0");
    expect(formatBand(6.5)).toBe("6.5");
  });
});

describe("roundToHalfBand", () => {
  it.each([
    [6, 6],
    [6.1, 6],
    [6.125, 6],
    [6.24, 6],
    [6.25, 6.5],
    [6.4, 6.5],
    [6.5, 6.5],
    [6.6, 6.5],
    [6.74, 6.5],
    [6.75, 7],
    [6.9, 7],
    [0, 0],
    [0.25, 0.5],
    [8.75, 9],
    [9, 9],
  ])("rounds %f to %f (quarter points up, as the overall band)", (value, rounded) => {
    expect(roundToHalfBand(value)).toBe(rounded);
  });

  it("rounds thirds as their true value says, whatever floating point makes of them", () => {
    expect(roundToHalfBand(19 / 3)).toBe(6.5); // 6.333…
    expect(roundToHalfBand(18.5 / 3)).toBe(6); // 6.1666…
    expect(roundToHalfBand(20 / 3)).toBe(6.5); // 6.666…
    expect(roundToHalfBand(20.5 / 3)).toBe(7); // 6.8333…
    // A hair under a quarter point is floating point's error, not a lower mean…
    expect(roundToHalfBand(6.75 - 1e-12)).toBe(7);
    expect(roundToHalfBand(6.25 - 1e-12)).toBe(6.5);
    // …while a real shortfall still rounds down.
    expect(roundToHalfBand(6.25 - 1e-6)).toBe(6);
  });

  it("refuses what is no band", () => {
    for (const value of [-0.25, 9.25, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => roundToHalfBand(value)).toThrow(RangeError);
    }
  });
});

describe("taskBand", () => {
  it.each([
    [bands(6, 6, 6, 6), 6], // 6.0
    [bands(6, 6, 6, 7), 6.5], // 6.25 up to 6.5
    [bands(6, 6, 7, 7), 6.5], // 6.5
    [bands(6, 7, 7, 7), 7], // 6.75 up to 7
    [bands(5, 7, 6, 6), 6], // 6.0
    [bands(7, 6, 6, 5), 6], // 6.0, order does not matter
    [bands(9, 9, 9, 8), 9], // 8.75 up to 9
    [bands(0, 0, 0, 0), 0],
    [bands(1, 0, 0, 0), 0.5], // 0.25 up to 0.5
    [bands(9, 9, 9, 9), 9],
  ])("is the mean of %o to the half band: %f", (criteria, band) => {
    expect(taskBand(criteria)).toBe(band);
  });

  it("refuses a half band, a band out of range or a missing criterion with a RangeError", () => {
    expect(() => taskBand(bands(6.5, 6, 6, 6))).toThrow(RangeError);
    expect(() => taskBand(bands(6, 10, 6, 6))).toThrow(/coherenceCohesion/);
    expect(() => taskBand(bands(6, 6, -1, 6))).toThrow(RangeError);
    const { grammaticalRangeAccuracy: _, ...threeOnly } = bands(6, 6, 6, 6);
    expect(() => taskBand(threeOnly as Record<WritingCriterion, number>)).toThrow(
      /grammaticalRangeAccuracy/,
    );
  });
});

describe("writingTestBand", () => {
  it.each([
    [6, 6, 6], // 6.0
    [6, 7, 6.5], // 6.666… down to 6.5
    [7, 6, 6.5], // 6.333… up to 6.5: Task 2 weighs twice
    [6, 6.5, 6.5], // 6.333… up to 6.5
    [5.5, 6, 6], // 5.8333… up to 6.0
    [6.5, 6, 6], // 6.1666… down to 6.0
    [5, 7, 6.5], // 6.333… up to 6.5
    [7, 5, 5.5], // 5.666… down to 5.5
    [7.5, 6.5, 7], // 6.8333… up to 7.0
    [0, 0, 0],
    [9, 9, 9],
    [9, 8.5, 8.5], // 8.666… down to 8.5
  ])("Task 1 %f and Task 2 %f make %f", (task1, task2, band) => {
    expect(writingTestBand(task1, task2)).toBe(band);
  });

  it("refuses a task band that is neither whole nor half, with a RangeError", () => {
    expect(() => writingTestBand(6.25, 6)).toThrow(RangeError);
    expect(() => writingTestBand(6, 9.5)).toThrow(/Task 2/);
  });
});

describe("BAND_ROUNDING_RULE", () => {
  it("says both rules in the words the pages show", () => {
    expect(BAND_ROUNDING_RULE).toContain(".25 rounds up to .5 and .75 to the next whole band");
    expect(BAND_ROUNDING_RULE).toContain("(Task 1 + 2 × Task 2) ÷ 3");
  });
});
