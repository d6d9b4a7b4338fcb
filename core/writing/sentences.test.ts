import { describe, expect, it } from "vitest";
import { paragraphSpans } from "./paragraphs.ts";
import {
  averageSentenceWords,
  sentenceLengths,
  sentenceSpans,
  sentenceStartIndexes,
} from "./sentences.ts";
import { wordSpans } from "./word-count.ts";

const paragraphs = (text: string) =>
  paragraphSpans(text).map(({ start, end }) => text.slice(start, end));
const sentences = (text: string) =>
  sentenceSpans(text).map(({ start, end }) => text.slice(start, end));

describe("paragraphs", () => {
  it("are separated by a blank line, even one with spaces on it", () => {
    const text = "  First one.\nStill first.\n\nSecond.\n   \n\n\nThird.\r\n\r\nFourth.  \n";
    expect(paragraphs(text)).toEqual(["First one.\nStill first.", "Second.", "Third.", "Fourth."]);
  });

  it("need a word: a line of dashes between paragraphs is none", () => {
    expect(paragraphs("One.\n\n* * *\n\nTwo.")).toEqual(["One.", "Two."]);
    expect(paragraphSpans("")).toEqual([]);
    expect(paragraphSpans("\n\n  \n")).toEqual([]);
  });
});

describe("sentences", () => {
  it("end at a full stop, a question mark or an exclamation mark", () => {
    expect(sentences('Prices rose. Why? Nobody knows! He said "It is." Then it fell.')).toEqual([
      "Prices rose.",
      "Why?",
      "Nobody knows!",
      'He said "It is."',
      "Then it fell.",
    ]);
  });

  it("do not end at a decimal point or after an abbreviation that never ends one", () => {
    expect(
      sentences(
        "Mr. Smith and Dr. Jones rose by approx. 3.5 points, e.g. Lisbon. See Fig. 2 and No. 5. The U.S. economy grew.",
      ),
    ).toEqual([
      "Mr. Smith and Dr. Jones rose by approx. 3.5 points, e.g. Lisbon.",
      "See Fig. 2 and No. 5.",
      "The U.S. economy grew.",
    ]);
  });

  it("go on after every abbreviation on the list, though a capital follows", () => {
    for (const abbreviation of [
      "Mr.",
      "Mrs.",
      "Ms.",
      "Dr.",
      "Prof.",
      "St.",
      "e.g.",
      "i.e.",
      "vs.",
      "cf.",
      "approx.",
      "Fig.",
      "esp.",
      "incl.",
    ]) {
      expect(sentences(`We saw ${abbreviation} Smith there. Then we left.`), abbreviation).toEqual([
        `We saw ${abbreviation} Smith there.`,
        "Then we left.",
      ]);
    }
  });

  it("go on after No. only when a number follows", () => {
    expect(sentences("No. 7 Oxford Street is closed.")).toEqual(["No. 7 Oxford Street is closed."]);
    expect(sentences("He said no. Then 5 came. He said no. A4 paper is fine.")).toEqual([
      "He said no.",
      "Then 5 came.",
      "He said no.",
      "A4 paper is fine.",
    ]);
    expect(sentences("The No. 5 bus was late! 7 buses came.")).toEqual([
      "The No. 5 bus was late!",
      "7 buses came.",
    ]);
    expect(sentences("Sales rose in 2009! 2010 was different.")).toEqual([
      "Sales rose in 2009!",
      "2010 was different.",
    ]);
  });

  it("end after a dotted abbreviation when a capital follows, and at etc.", () => {
    expect(sentences("Many moved to the U.K. Others stayed. Cars, buses etc. Trains too.")).toEqual(
      ["Many moved to the U.K.", "Others stayed.", "Cars, buses etc.", "Trains too."],
    );
  });

  it("never run across paragraphs, and end at a line break", () => {
    expect(sentences("Dear Sir or Madam,\nI am writing to complain\n\nabout the noise.")).toEqual([
      "Dear Sir or Madam,",
      "I am writing to complain",
      "about the noise.",
    ]);
    expect(sentences("Dear Sir,\n    I am writing.")).toEqual(["Dear Sir,", "I am writing."]);
  });

  it("need a word", () => {
    expect(sentences("Dear Anna,\n—\nThanks.")).toEqual(["Dear Anna,", "Thanks."]);
    expect(sentenceSpans("  ")).toEqual([]);
  });

  it("are counted in words, a word belonging where it starts", () => {
    const text = "It rose by 25%. The well-known U.K. firm, e.g. Tesco, grew.\n\nIt fell.";
    const lengths = sentenceLengths(sentenceSpans(text), wordSpans(text));
    expect(lengths).toEqual([4, 7, 2]);
    expect(averageSentenceWords(lengths)).toBe(4.3);
    // Words outside every sentence given count in none.
    const words = wordSpans("one two three four");
    expect(sentenceLengths([{ start: 4, end: 13 }], words)).toEqual([2]);
    expect(
      sentenceLengths(
        [
          { start: 4, end: 13 },
          { start: 100, end: 110 },
        ],
        words,
      ),
    ).toEqual([2, 0]);
    // A sentence's end is not in it: a word starting there is the next sentence's.
    expect(
      sentenceLengths(
        [
          { start: 0, end: 4 },
          { start: 4, end: 18 },
        ],
        words,
      ),
    ).toEqual([1, 3]);
    expect(sentenceLengths([], words)).toEqual([]);
    expect(averageSentenceWords([])).toBe(0);
    expect(averageSentenceWords([17, 18])).toBe(17.5);
  });

  it("say which word each begins with", () => {
    const text = "It rose. Then, in 2010 — it fell.\n\n“Why?” Nobody knows.";
    const words = wordSpans(text);
    const starts = sentenceStartIndexes(sentenceSpans(text), words);
    expect([...starts].map((index) => words[index]?.text)).toEqual(["It", "Then", "Why", "Nobody"]);
    expect(sentenceStartIndexes([], words)).toEqual(new Set());
    expect(sentenceStartIndexes([{ start: 500, end: 510 }], words)).toEqual(new Set());
  });
});
