import { describe, expect, it } from "vitest";
import { requiredText } from "./required-text.ts";

const reviewText = requiredText(
  "Please write your review.",
  20,
  "Please keep your review under 20 characters.",
);

function message(value: unknown) {
  const result = reviewText.safeParse(value);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message);
}

describe("requiredText", () => {
  it("keeps the text, trimmed", () => {
    expect(reviewText.parse("  Clear lessons.\n")).toBe("Clear lessons.");
  });

  it("says it is missing when it is empty, blank or not text at all", () => {
    for (const value of ["", "   ", "\n\t", undefined, null, 42, ["Clear lessons."]]) {
      expect(message(value), String(value)).toEqual(["Please write your review."]);
    }
  });

  it("takes one character", () => {
    expect(reviewText.parse(" A ")).toBe("A");
  });

  it("takes the limit and refuses one more, the spaces around it not counted", () => {
    expect(message("r".repeat(19))).toBeUndefined();
    expect(message(` ${"r".repeat(20)} `)).toBeUndefined();
    expect(message("r".repeat(21))).toEqual(["Please keep your review under 20 characters."]);
  });
});
