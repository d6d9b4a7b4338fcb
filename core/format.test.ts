import { describe, expect, it } from "vitest";
import { centsToPrice, formatPrice, previewDescription, toAddTime } from "./format.ts";

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
