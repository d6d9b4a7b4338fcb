import { describe, expect, it } from "vitest";
import { repeatsAndArticles } from "./repeats-and-articles.server.ts";

describe("the same word twice in a row", () => {
  it("is found with both words and the space between, whatever the case", () => {
    const text = "I think the the city is is big.\n\nThey they left.";
    const { repeatedWords } = repeatsAndArticles(text);
    expect(repeatedWords.map(({ start, end }) => text.slice(start, end))).toEqual([
      "the the",
      "is is",
      "They they",
    ]);
    expect(repeatedWords[0]).toEqual({ start: 8, end: 15, word: "the" });
  });

  it("is not found where English allows it or across punctuation", () => {
    const { repeatedWords } = repeatsAndArticles(
      "She had had enough. I said that that was wrong. Walla Walla is a town. It rose, rose again.",
    );
    expect(repeatedWords).toEqual([]);
  });
});

describe("a and an", () => {
  it("are flagged before the wrong sound, with what is wanted and the word after", () => {
    const text = "It took a hour, an university and a honest man. An European plan.";
    const { articles } = repeatsAndArticles(text);
    expect(articles).toEqual([
      { start: 8, end: 9, actual: "a", expected: "an", before: "hour" },
      { start: 16, end: 18, actual: "an", expected: "a", before: "university" },
      { start: 34, end: 35, actual: "a", expected: "an", before: "honest" },
      { start: 48, end: 50, actual: "An", expected: "A", before: "European" },
    ]);
  });

  it("are left alone where right, before a number, an acronym or a letter", () => {
    const { articles } = repeatsAndArticles(
      "An hour, a university, an 8-year-old, a 20% rise, an FAQ, a USB stick, Station A is here.",
    );
    expect(articles).toEqual([]);
  });
});
