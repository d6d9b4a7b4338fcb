import { describe, expect, it } from "vitest";
import {
  centsToPrice,
  formatCalendarDay,
  formatLongDate,
  formatPrice,
  previewDescription,
  toAddTime,
} from "./format.ts";

describe("previewDescription", () => {
  it("leaves a description of 100 characters or fewer untouched, with no '...'", () => {
    const exactly100 = "a".repeat(100);
    expect(previewDescription(exactly100)).toBe(exactly100);
    expect(previewDescription("Short text.")).toBe("Short text.");
  });

  it("cuts a longer description at 100 characters and adds '...'", () => {
    const text = `${"b".repeat(100)}cdef`;
    expect(previewDescription(text)).toBe(`${"b".repeat(100)}...`);
  });

  it("counts an emoji as one character and never splits it", () => {
    const text = `${"x".repeat(99)}😀😀`;
    expect(previewDescription(text)).toBe(`${"x".repeat(99)}😀...`);
  });
});

describe("formatPrice", () => {
  it("shows whole dollars without decimals and anything else with two", () => {
    expect(formatPrice(49)).toBe("49");
    expect(formatPrice(59.5)).toBe("59.50");
    expect(formatPrice(0)).toBe("0");
    expect(formatPrice(12.34)).toBe("12.34");
  });
});

describe("toAddTime", () => {
  it("gives the seed's d/m/yyyy date and zero-padded hh:mm:ss time, in UTC", () => {
    expect(toAddTime(new Date("2026-03-05T07:08:09Z"))).toEqual({
      date: "5/3/2026",
      time: "07:08:09",
    });
    expect(toAddTime(new Date("2022-12-31T23:59:59.999Z"))).toEqual({
      date: "31/12/2022",
      time: "23:59:59",
    });
  });
});

describe("centsToPrice", () => {
  it("turns whole cents into a price with two decimals", () => {
    expect(centsToPrice(1999)).toBe(19.99);
    expect(centsToPrice(100)).toBe(1);
    expect(centsToPrice(0)).toBe(0);
    expect(centsToPrice(1234.6)).toBe(12.35);
  });
});

describe("formatLongDate in the site's time zone (decision 0055)", () => {
  it("shows 22:30 UTC as the next day in Sydney, and the same day in UTC and Los Angeles", () => {
    const lateEvening = new Date("2026-11-20T22:30:00Z");
    expect(formatLongDate(lateEvening, "Australia/Sydney")).toBe("21 November 2026");
    expect(formatLongDate(lateEvening, "UTC")).toBe("20 November 2026");
    expect(formatLongDate(lateEvening, "America/Los_Angeles")).toBe("20 November 2026");
  });

  it("shows 03:00 UTC as the day before in Los Angeles, and the same day in UTC and Sydney", () => {
    const earlyMorning = new Date("2026-11-21T03:00:00Z");
    expect(formatLongDate(earlyMorning, "America/Los_Angeles")).toBe("20 November 2026");
    expect(formatLongDate(earlyMorning, "UTC")).toBe("21 November 2026");
    expect(formatLongDate(earlyMorning, "Australia/Sydney")).toBe("21 November 2026");
  });

  it("turns the day at the zone's own midnight, a millisecond either side", () => {
    // Sydney is UTC+11 in November (summer time): its midnight is 13:00 UTC the day before.
    expect(formatLongDate(new Date("2026-11-20T12:59:59.999Z"), "Australia/Sydney")).toBe(
      "20 November 2026",
    );
    expect(formatLongDate(new Date("2026-11-20T13:00:00.000Z"), "Australia/Sydney")).toBe(
      "21 November 2026",
    );
    // Los Angeles is UTC-8 in November: its midnight is 08:00 UTC.
    expect(formatLongDate(new Date("2026-11-21T07:59:59.999Z"), "America/Los_Angeles")).toBe(
      "20 November 2026",
    );
    expect(formatLongDate(new Date("2026-11-21T08:00:00.000Z"), "America/Los_Angeles")).toBe(
      "21 November 2026",
    );
  });

  it("follows the zone's summer time: Sydney is UTC+10 in July, Los Angeles UTC-7", () => {
    expect(formatLongDate(new Date("2026-07-01T13:30:00Z"), "Australia/Sydney")).toBe(
      "1 July 2026",
    );
    expect(formatLongDate(new Date("2026-07-01T14:00:00Z"), "Australia/Sydney")).toBe(
      "2 July 2026",
    );
    expect(formatLongDate(new Date("2026-07-01T06:59:59Z"), "America/Los_Angeles")).toBe(
      "30 June 2026",
    );
    expect(formatLongDate(new Date("2026-07-01T07:00:00Z"), "America/Los_Angeles")).toBe(
      "1 July 2026",
    );
  });

  it("crosses into a new year on the zone's side of midnight", () => {
    expect(formatLongDate(new Date("2026-12-31T13:00:00Z"), "Australia/Sydney")).toBe(
      "1 January 2027",
    );
    expect(formatLongDate(new Date("2027-01-01T07:00:00Z"), "America/Los_Angeles")).toBe(
      "31 December 2026",
    );
  });
});

describe("formatCalendarDay", () => {
  it("writes a calendar day as that very day, whatever the machine's own zone", () => {
    expect(formatCalendarDay("2026-11-01")).toBe("1 November 2026");
    expect(formatCalendarDay("2026-12-31")).toBe("31 December 2026");
  });
});
