import { describe, expect, it } from "vitest";
import { pageItems } from "./pagination.ts";

describe("pageItems", () => {
  it("lists every page while there are at most nine", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
    expect(pageItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("keeps the first, the last and two either side of the current page", () => {
    expect(pageItems(50, 11112)).toEqual([1, "gap", 48, 49, 50, 51, 52, "gap", 11112]);
  });

  it("shows as many links near either end as in the middle", () => {
    expect(pageItems(1, 100)).toEqual([1, 2, 3, 4, 5, 6, "gap", 100]);
    expect(pageItems(4, 100)).toEqual([1, 2, 3, 4, 5, 6, "gap", 100]);
    expect(pageItems(100, 100)).toEqual([1, "gap", 95, 96, 97, 98, 99, 100]);
    expect(pageItems(6, 100)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 100]);
  });

  it("never leaves a gap for a single page", () => {
    expect(pageItems(5, 100)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 100]);
    expect(pageItems(96, 100)).toEqual([1, "gap", 94, 95, 96, 97, 98, 99, 100]);
  });
});
