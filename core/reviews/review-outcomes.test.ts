import { describe, expect, it } from "vitest";
import {
  BANDS,
  formatBand,
  formatOutcome,
  formatOutcomeSummary,
  formatTestMonth,
  IELTS_MODULE_IDS,
  IELTS_MODULES,
  isBand,
  MIN_REPORTED_OUTCOMES,
  type ReviewOutcome,
} from "./review-outcomes.ts";

const none: ReviewOutcome = { module: null, bandBefore: null, bandAchieved: null, testMonth: null };

describe("IELTS bands and modules", () => {
  it("offers every half band from 0 to 9", () => {
    expect(BANDS).toHaveLength(19);
    expect(BANDS[0]).toBe(0);
    expect(BANDS[1]).toBe(0.5);
    expect(BANDS[18]).toBe(9);
  });

  it("accepts a half band from 0 to 9 and nothing else", () => {
    for (const band of [0, 0.5, 6.5, 7, 9]) expect(isBand(band), String(band)).toBe(true);
    for (const band of [-0.5, 9.5, 6.25, 7.1, Number.NaN]) {
      expect(isBand(band), String(band)).toBe(false);
    }
  });

  it("names the two modules as the test does", () => {
    expect(IELTS_MODULES).toEqual({ academic: "Academic", general: "General Training" });
    expect(IELTS_MODULE_IDS).toEqual(["academic", "general"]);
    expect(MIN_REPORTED_OUTCOMES).toBe(3);
  });

  it("shows a band with one decimal", () => {
    expect(formatBand(7)).toBe("7.0");
    expect(formatBand(6.5)).toBe("6.5");
  });
});

describe("the month of the test", () => {
  it("reads a YYYY-MM month as its name and year", () => {
    expect(formatTestMonth("2026-01")).toBe("January 2026");
    expect(formatTestMonth("2026-03")).toBe("March 2026");
    expect(formatTestMonth("2025-12")).toBe("December 2025");
    const names = Array.from({ length: 12 }, (_, n) =>
      formatTestMonth(`2026-${String(n + 1).padStart(2, "0")}`),
    );
    expect(names).toEqual([
      "January 2026",
      "February 2026",
      "March 2026",
      "April 2026",
      "May 2026",
      "June 2026",
      "July 2026",
      "August 2026",
      "September 2026",
      "October 2026",
      "November 2026",
      "December 2026",
    ]);
  });
});

describe("a review's outcome line", () => {
  it("shows every part the student gave, joined by dots", () => {
    expect(
      formatOutcome({ module: "academic", bandBefore: 6, bandAchieved: 7, testMonth: "2026-03" }),
    ).toBe("Academic · Band 6.0 → 7.0 · March 2026");
    expect(
      formatOutcome({ module: "general", bandBefore: null, bandAchieved: 6.5, testMonth: null }),
    ).toBe("General Training · Band 6.5 achieved");
  });

  it("says which band it is when only one is given", () => {
    expect(formatOutcome({ ...none, bandAchieved: 8 })).toBe("Band 8.0 achieved");
    expect(formatOutcome({ ...none, bandBefore: 5.5 })).toBe("Band 5.5 before");
    expect(formatOutcome({ ...none, bandBefore: 0, bandAchieved: 0 })).toBe("Band 0.0 → 0.0");
  });

  it("is empty when the student gave nothing, and skips the parts left out", () => {
    expect(formatOutcome(none)).toBe("");
    expect(formatOutcome({ ...none, testMonth: "2026-07" })).toBe("July 2026");
    expect(formatOutcome({ ...none, module: "academic", testMonth: "2026-07" })).toBe(
      "Academic · July 2026",
    );
  });
});

describe("a course's outcome summary", () => {
  it("names the count, the median and a signed average gain", () => {
    expect(formatOutcomeSummary({ reported: 5, medianAchieved: 7, averageGain: 0.75 })).toBe(
      "5 students reported their band: median 7.0 achieved, average gain +0.8",
    );
    expect(formatOutcomeSummary({ reported: 3, medianAchieved: 6.5, averageGain: -0.5 })).toBe(
      "3 students reported their band: median 6.5 achieved, average gain −0.5",
    );
    expect(formatOutcomeSummary({ reported: 4, medianAchieved: 6, averageGain: 0 })).toBe(
      "4 students reported their band: median 6.0 achieved, average gain +0.0",
    );
  });

  it("leaves the gain out when no review gives both bands", () => {
    expect(formatOutcomeSummary({ reported: 3, medianAchieved: 8, averageGain: null })).toBe(
      "3 students reported their band: median 8.0 achieved",
    );
  });
});
