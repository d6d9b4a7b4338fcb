import { describe, expect, it } from "vitest";
import { writingFlags } from "./flags.ts";

describe("the flags of an answer", () => {
  it("label each finding in words, by start, the longer first", () => {
    const flags = writingFlags({
      copiedRuns: [{ start: 0, end: 50, words: 9 }],
      spelling: [{ start: 60, end: 67, word: "recieve" }],
      repeatedWords: [{ start: 80, end: 87, word: "the" }],
      articles: [{ start: 90, end: 91, actual: "a", expected: "an", before: "hour" }],
      linkingUses: [
        { start: 0, end: 7, phrase: "however", group: "contrasting" },
        { start: 100, end: 104, phrase: "also", group: "adding" },
        { start: 110, end: 114, phrase: "also", group: "adding" },
        { start: 120, end: 124, phrase: "also", group: "adding" },
        { start: 130, end: 141, phrase: "for example", group: "examples" },
      ],
      overused: [{ phrase: "also", uses: 3 }],
    });
    expect(flags).toEqual([
      { kind: "copied", start: 0, end: 50, label: "Copied from the task: 9 words, not counted" },
      { kind: "linking", start: 0, end: 7, label: "Linking, contrasting: “however”" },
      {
        kind: "spelling",
        start: 60,
        end: 67,
        label: "Spelling: in neither a British nor an American dictionary",
      },
      { kind: "repeated-word", start: 80, end: 87, label: "The same word twice: “the”" },
      { kind: "article", start: 90, end: 91, label: "“an” before “hour”, not “a”" },
      {
        kind: "overused-linking",
        start: 100,
        end: 104,
        label: "Linking, adding: “also”, used 3 times",
      },
      {
        kind: "overused-linking",
        start: 110,
        end: 114,
        label: "Linking, adding: “also”, used 3 times",
      },
      {
        kind: "overused-linking",
        start: 120,
        end: 124,
        label: "Linking, adding: “also”, used 3 times",
      },
      { kind: "linking", start: 130, end: 141, label: "Linking, examples: “for example”" },
    ]);
  });

  it("put the longer of two flags that start together first, whatever found them", () => {
    const flags = writingFlags({
      copiedRuns: [],
      spelling: [],
      repeatedWords: [{ start: 10, end: 19, word: "also" }],
      articles: [{ start: 30, end: 31, actual: "a", expected: "an", before: "hour" }],
      linkingUses: [
        { start: 10, end: 14, phrase: "also", group: "adding" },
        { start: 30, end: 45, phrase: "a case in point", group: "examples" },
      ],
      overused: [],
    });
    expect(flags.map(({ kind, start, end }) => `${kind} ${start}-${end}`)).toEqual([
      "repeated-word 10-19",
      "linking 10-14",
      "linking 30-45",
      "article 30-31",
    ]);
  });

  it("are none without findings", () => {
    expect(
      writingFlags({
        copiedRuns: [],
        spelling: [],
        repeatedWords: [],
        articles: [],
        linkingUses: [],
        overused: [],
      }),
    ).toEqual([]);
  });
});
