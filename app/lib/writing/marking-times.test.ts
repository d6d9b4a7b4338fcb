import { describe, expect, it } from "vitest";
import { turnaroundText, waitedText } from "./marking-times.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("waitedText", () => {
  it.each([
    [0, "under a minute"],
    [59_999, "under a minute"],
    [MINUTE, "1 minute"],
    [59 * MINUTE, "59 minutes"],
    [HOUR, "1 hour"],
    [5 * HOUR + 59 * MINUTE, "5 hours"],
    [36 * HOUR, "36 hours"],
    [2 * DAY, "2 days"],
    [3 * DAY + 23 * HOUR, "3 days"],
  ])("%d ms waited is %s", (ms, words) => {
    expect(waitedText(ms)).toBe(words);
  });
});

describe("turnaroundText", () => {
  it.each([
    [30_000, "under a minute"],
    [35 * MINUTE, "35 minutes"],
    [5 * HOUR, "5 hours"],
    [5 * HOUR + 20 * MINUTE, "5 hours 20 minutes"],
    [DAY + 4 * HOUR + 10 * MINUTE, "1 day 4 hours"],
    [3 * DAY, "3 days"],
  ])("%d ms is %s", (ms, words) => {
    expect(turnaroundText(ms)).toBe(words);
  });
});
