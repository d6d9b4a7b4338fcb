import { describe, expect, it } from "vitest";
import {
  COURSE_FORMAT_IDS,
  COURSE_FORMATS,
  COURSE_MODULE_IDS,
  COURSE_MODULES,
  type CourseDetails,
  formatDetailsInShort,
  formatLength,
  formatLevel,
  LENGTH_UNIT_IDS,
  NO_COURSE_DETAILS,
} from "./course-details.ts";

describe("the choices a course's form offers", () => {
  it("names the modules a course may prepare for", () => {
    expect(COURSE_MODULE_IDS).toEqual(["academic", "general", "both"]);
    expect(COURSE_MODULE_IDS.map((id) => COURSE_MODULES[id])).toEqual([
      "Academic",
      "General Training",
      "Academic and General Training",
    ]);
  });

  it("names the ways a course may be taught", () => {
    expect(COURSE_FORMAT_IDS).toEqual(["video", "live", "one-to-one"]);
    expect(COURSE_FORMAT_IDS.map((id) => COURSE_FORMATS[id])).toEqual([
      "Video lessons",
      "Live classes",
      "One-to-one",
    ]);
  });

  it("measures a course's length in days or weeks", () => {
    expect(LENGTH_UNIT_IDS).toEqual(["days", "weeks"]);
  });
});

describe("formatLevel", () => {
  it("shows a band range with an en dash, each end with one decimal", () => {
    expect(formatLevel({ from: 5.5, to: 6.5 })).toBe("Band 5.5–6.5");
    expect(formatLevel({ from: 6, to: 7 })).toBe("Band 6.0–7.0");
  });

  it("shows one band when both ends are the same", () => {
    expect(formatLevel({ from: 7, to: 7 })).toBe("Band 7.0");
  });
});

describe("formatLength", () => {
  it("says one day or one week in the singular", () => {
    expect(formatLength({ value: 1, unit: "days" })).toBe("1 day");
    expect(formatLength({ value: 1, unit: "weeks" })).toBe("1 week");
  });

  it("says any other number in the plural", () => {
    expect(formatLength({ value: 2, unit: "days" })).toBe("2 days");
    expect(formatLength({ value: 6, unit: "weeks" })).toBe("6 weeks");
    expect(formatLength({ value: 366, unit: "days" })).toBe("366 days");
  });
});

describe("formatDetailsInShort (the course card's line)", () => {
  const details: CourseDetails = {
    module: "academic",
    level: { from: 5.5, to: 6.5 },
    length: { value: 4, unit: "weeks" },
    format: "video",
    learningPoints: ["Plan a Task 2 essay in five minutes"],
    writingAnswersMarked: 4,
  };

  it("joins every detail given, in order, with middle dots", () => {
    expect(formatDetailsInShort(details)).toBe("Academic · Band 5.5–6.5 · 4 weeks · Video lessons");
  });

  it("shortens both modules to fit the card", () => {
    expect(formatDetailsInShort({ ...details, module: "both", format: "one-to-one" })).toBe(
      "Academic & General · Band 5.5–6.5 · 4 weeks · One-to-one",
    );
    expect(formatDetailsInShort({ ...details, module: "general", format: "live" })).toBe(
      "General Training · Band 5.5–6.5 · 4 weeks · Live classes",
    );
  });

  it("leaves out what is not given", () => {
    expect(formatDetailsInShort({ ...NO_COURSE_DETAILS, length: { value: 1, unit: "days" } })).toBe(
      "1 day",
    );
    expect(formatDetailsInShort({ ...details, module: null, length: null })).toBe(
      "Band 5.5–6.5 · Video lessons",
    );
    expect(formatDetailsInShort({ ...details, level: null, format: null })).toBe(
      "Academic · 4 weeks",
    );
  });

  it("is empty for a course without details, so the card shows no line", () => {
    expect(formatDetailsInShort(NO_COURSE_DETAILS)).toBe("");
    expect(NO_COURSE_DETAILS).toEqual({
      module: null,
      level: null,
      length: null,
      format: null,
      learningPoints: [],
      writingAnswersMarked: 0,
    });
  });
});
