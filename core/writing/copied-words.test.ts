import { describe, expect, it } from "vitest";
import {
  COPIED_RUN_MINIMUM,
  countAnswerWords,
  findCopiedRuns,
  underLengthMessage,
} from "./copied-words.ts";
import { wordSpans } from "./word-count.ts";

const prompt =
  "Some people believe that **unpaid community service** should be a compulsory part of high school programmes. To what extent do you agree or disagree?";

const copiedTexts = (answer: string) =>
  findCopiedRuns(wordSpans(answer), wordSpans(prompt)).map((run) =>
    answer.slice(run.start, run.end),
  );

describe("words copied from the prompt", () => {
  it("finds a run of eight words or more, without case or punctuation", () => {
    expect(COPIED_RUN_MINIMUM).toBe(8);
    const answer =
      "I think UNPAID community-service should be... no. Unpaid community service should be a compulsory part of high school, in my view.";
    expect(copiedTexts(answer)).toEqual([
      "Unpaid community service should be a compulsory part of high school",
    ]);
    const [run] = findCopiedRuns(wordSpans(answer), wordSpans(prompt));
    expect(run?.words).toBe(11);
  });

  it("does not take seven words in a row for copying", () => {
    expect(copiedTexts("They say unpaid community service should be a compulsory thing.")).toEqual(
      [],
    );
    expect(copiedTexts("unpaid community service should be a compulsory")).toEqual([]);
    expect(copiedTexts("unpaid community service should be a compulsory part")).toEqual([
      "unpaid community service should be a compulsory part",
    ]);
  });

  it("keeps two copied stretches apart when a word of the answer's own is between them", () => {
    const answer =
      "some people believe that unpaid community service should be, I suppose, a compulsory part of high school programmes to what extent";
    expect(copiedTexts(answer)).toEqual([
      "some people believe that unpaid community service should be",
      "a compulsory part of high school programmes to what extent",
    ]);
  });

  it("finds a run copied from the prompt's very first or very last words", () => {
    const eight = "unpaid community service should be a compulsory part";
    expect(
      findCopiedRuns(wordSpans(`Yes: ${eight}.`), wordSpans(eight)).map((run) => run.words),
    ).toEqual([8]);
  });

  it("finds nothing when the prompt is shorter than a run", () => {
    expect(
      findCopiedRuns(wordSpans("one two three four five six seven eight"), wordSpans("one two")),
    ).toEqual([]);
  });

  it("counts the words that are not copied", () => {
    const answer = "Some people believe that unpaid community service should be a good idea.";
    expect(countAnswerWords(answer, prompt)).toEqual({
      total: 12,
      counted: 2,
      copiedRuns: [{ start: 0, end: 61, words: 10 }],
    });
    expect(countAnswerWords("My own words here.", prompt)).toEqual({
      total: 4,
      counted: 4,
      copiedRuns: [],
    });
  });
});

describe("the under-length message", () => {
  it("says how many words of the minimum the answer has", () => {
    expect(underLengthMessage(212, 250)).toBe("Under length: 212 of 250 words");
    expect(underLengthMessage(0, 150)).toBe("Under length: 0 of 150 words");
    expect(underLengthMessage(249, 250)).toBe("Under length: 249 of 250 words");
  });

  it("says nothing at the minimum or above", () => {
    expect(underLengthMessage(250, 250)).toBeNull();
    expect(underLengthMessage(400, 250)).toBeNull();
  });
});
