import { describe, expect, it } from "vitest";
import { clockTime, durationText, timeLeftText } from "./durations.ts";

describe("the Writing screens' times", () => {
  it("shows the countdown in whole minutes, rounded up, and the last minute in seconds", () => {
    expect(timeLeftText(40 * 60)).toBe("40 minutes left");
    expect(timeLeftText(10 * 60 + 1)).toBe("11 minutes left");
    expect(timeLeftText(10 * 60)).toBe("10 minutes left");
    expect(timeLeftText(61)).toBe("2 minutes left");
    expect(timeLeftText(60)).toBe("1 minute left");
    expect(timeLeftText(59)).toBe("59 seconds left");
    expect(timeLeftText(1)).toBe("1 second left");
    expect(timeLeftText(0)).toBe("Time is up");
  });

  it("says how long an answer took, or that the screen could not tell", () => {
    expect(durationText(38 * 60 + 5)).toBe("38 min 5 s");
    expect(durationText(40 * 60)).toBe("40 min");
    expect(durationText(42)).toBe("42 s");
    expect(durationText(3720)).toBe("1 h 2 min");
    expect(durationText(null)).toBe("Not known");
    expect(durationText(-1)).toBe("Not known");
  });

  it("gives the time a draft was saved in the site's time zone", () => {
    const moment = new Date("2026-11-28T14:02:31Z");
    expect(clockTime(moment, "UTC")).toBe("14:02:31");
    expect(clockTime(moment, "Asia/Tokyo")).toBe("23:02:31");
  });
});
