import { describe, expect, it } from "vitest";
import { MAX_REVIEWS_PAGE_SIZE, REVIEW_SORTS, REVIEWS_PAGE_SIZE } from "./review-list.ts";

describe("a course's review list", () => {
  it("names the orders ?sort= takes, in the order the page offers them, newest first", () => {
    expect(REVIEW_SORTS).toEqual(["newest", "highest", "lowest", "helpful"]);
  });

  it("shows ten reviews a page, and the JSON API at most a hundred (decision 0049)", () => {
    expect(REVIEWS_PAGE_SIZE).toBe(10);
    expect(MAX_REVIEWS_PAGE_SIZE).toBe(100);
  });
});
