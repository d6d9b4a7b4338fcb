import { describe, expect, it } from "vitest";
import { type DraftChanges, wordChanges } from "./draft-changes.ts";

const INTRODUCTION =
  "Some people think that university students should study whatever they like, while others " +
  "believe they should only study subjects useful for their future career.";
const CONCLUSION =
  "In conclusion, I believe students should be free to choose, but they should also think " +
  "about jobs.";

const essay = (...paragraphs: string[]) => paragraphs.join("\n\n");

/** Each side of the changes, put back together from the parts. */
const revisedFrom = (changes: DraftChanges) =>
  changes.parts
    .filter((part) => part.kind !== "removed")
    .map((part) => part.text)
    .join("");
const earlierFrom = (changes: DraftChanges) =>
  changes.parts
    .filter((part) => part.kind !== "added")
    .map((part) => part.text)
    .join("");

describe("wordChanges", () => {
  it("shows a learner's revision: a word corrected, a sentence gone, one added, the rest kept", () => {
    const before = essay(
      INTRODUCTION,
      "On the one hand, studying a subject you enjoy keeps you motivated. This is very important. " +
        "Many students who choose there own subject get better results.",
      "On the other hand, some subjects lead to more jobs than others. Engineers and nurses are " +
        "always needed.",
      CONCLUSION,
    );
    const after = essay(
      INTRODUCTION,
      "On the one hand, studying a subject you enjoy keeps you motivated. Many students who " +
        "choose their own subject get better results.",
      "On the other hand, some subjects lead to more jobs than others. Engineers and nurses are " +
        "always needed. A degree in medieval poetry, however, rarely leads straight to a job.",
      CONCLUSION,
    );

    const changes = wordChanges(before, after);

    expect(changes.parts).toEqual([
      {
        kind: "same",
        text: `${INTRODUCTION}\n\nOn the one hand, studying a subject you enjoy keeps you motivated. `,
      },
      { kind: "removed", text: "This is very important. " },
      { kind: "same", text: "Many students who choose " },
      { kind: "removed", text: "there" },
      { kind: "added", text: "their" },
      {
        kind: "same",
        text:
          " own subject get better results.\n\nOn the other hand, some subjects lead to more jobs " +
          "than others. Engineers and nurses are always needed. ",
      },
      {
        kind: "added",
        text: "A degree in medieval poetry, however, rarely leads straight to a job.",
      },
      { kind: "same", text: `\n\n${CONCLUSION}` },
    ]);
    // "their" and the new sentence's 12; "This is very important" and "there".
    expect(changes.wordsAdded).toBe(13);
    expect(changes.wordsRemoved).toBe(5);
    expect(revisedFrom(changes)).toBe(after);
    // jsdiff gives an unchanged part the revised draft's spaces: the earlier answer comes back
    // word for word and break for break, its spaces not always.
    const earlier = earlierFrom(changes);
    expect(earlier.split(/\s+/)).toEqual(before.split(/\s+/));
    expect(earlier.match(/\n\n/g)).toHaveLength(3);
  });

  it("keeps punctuation changes apart from the words, and counts only words", () => {
    const changes = wordChanges(
      "In my opinion this is true. Cars is very expensive. Also they pollute the air.",
      "In my opinion, this is true. Also, cars pollute the air, which harms everyone's health.",
    );
    expect(changes.parts).toEqual([
      { kind: "same", text: "In my opinion" },
      { kind: "added", text: ", " },
      { kind: "same", text: "this is true. " },
      { kind: "removed", text: "Cars is very expensive. " },
      { kind: "same", text: "Also" },
      { kind: "removed", text: " they" },
      { kind: "added", text: ", cars" },
      { kind: "same", text: " pollute the air" },
      { kind: "added", text: ", which harms everyone's health" },
      { kind: "same", text: "." },
    ]);
    expect(changes.wordsAdded).toBe(5); // cars, which, harms, everyone's, health
    expect(changes.wordsRemoved).toBe(5); // Cars, is, very, expensive, they
  });

  it("counts a word changed in part once on each side", () => {
    const changes = wordChanges("The students work hard.", "The student's work is hard.");
    expect(changes.parts).toEqual([
      { kind: "same", text: "The " },
      { kind: "removed", text: "students" },
      { kind: "added", text: "student's" },
      { kind: "same", text: " work " },
      { kind: "added", text: "is " },
      { kind: "same", text: "hard." },
    ]);
    expect(changes).toMatchObject({ wordsAdded: 2, wordsRemoved: 1 });
  });

  it("shows a paragraph split in two as an added paragraph break", () => {
    const changes = wordChanges(
      "Cities are growing fast. However, villages are emptying.",
      "Cities are growing fast.\n\nHowever, villages are emptying.",
    );
    expect(changes.parts).toEqual([
      { kind: "same", text: "Cities are growing fast." },
      { kind: "added", text: "\n\n" },
      { kind: "same", text: "However, villages are emptying." },
    ]);
    expect(changes).toMatchObject({ wordsAdded: 0, wordsRemoved: 0 });
  });

  it("shows two paragraphs joined as a removed paragraph break", () => {
    const changes = wordChanges(
      "Cities are growing fast.\n\nHowever, villages are emptying.",
      "Cities are growing fast. However, villages are emptying.",
    );
    expect(changes.parts).toEqual([
      { kind: "same", text: "Cities are growing fast. " },
      { kind: "removed", text: "\n\n" },
      { kind: "same", text: "However, villages are emptying." },
    ]);
  });

  it("tells a line break from a paragraph break, as a letter's greeting line has one", () => {
    const changes = wordChanges(
      "Dear Sir or Madam,\nI am writing…",
      "Dear Sir or Madam,\n\nI am writing…",
    );
    expect(changes.parts).toEqual([
      { kind: "same", text: "Dear Sir or Madam," },
      { kind: "removed", text: "\n" },
      { kind: "added", text: "\n\n" },
      { kind: "same", text: "I am writing…" },
    ]);
  });

  it("takes a whole paragraph added between two as one added part with its break", () => {
    const changes = wordChanges(
      essay(INTRODUCTION, CONCLUSION),
      essay(INTRODUCTION, "Firstly, choice matters.", CONCLUSION),
    );
    expect(changes.parts).toEqual([
      { kind: "same", text: `${INTRODUCTION}\n\n` },
      { kind: "added", text: "Firstly, choice matters.\n\n" },
      { kind: "same", text: CONCLUSION },
    ]);
    expect(changes.wordsAdded).toBe(3);
  });

  it("finds no change where only the spaces between words changed", () => {
    const changes = wordChanges("Cars  pollute the air.", "Cars pollute the  air.");
    expect(changes.parts).toEqual([{ kind: "same", text: "Cars pollute the  air." }]);
    expect(changes).toMatchObject({ wordsAdded: 0, wordsRemoved: 0 });
  });

  it("makes a first draft from nothing all added, and nothing from nothing no parts", () => {
    expect(wordChanges("", "Cities are growing.")).toEqual({
      parts: [{ kind: "added", text: "Cities are growing." }],
      wordsAdded: 3,
      wordsRemoved: 0,
    });
    expect(wordChanges("", "")).toEqual({ parts: [], wordsAdded: 0, wordsRemoved: 0 });
  });

  it("keeps the student's own private-use characters, never taking them for breaks", () => {
    const changes = wordChanges("Points \uE000 one\n\ntwo", "Points \uE000 one\n\nthree");
    expect(revisedFrom(changes)).toBe("Points \uE000 one\n\nthree");
    expect(changes.parts.at(-1)).toEqual({ kind: "added", text: "three" });
  });
});
