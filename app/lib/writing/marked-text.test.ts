import { describe, expect, it } from "vitest";
import type { WritingFlag } from "../../../core/writing/measures.ts";
import { markedPieces } from "./marked-text.ts";

const flag = (kind: WritingFlag["kind"], start: number, end: number): WritingFlag => ({
  kind,
  start,
  end,
  label: kind,
});

/** The pieces as the page reads them: each piece's text and the flags over it, outermost first. */
const read = (text: string, flags: WritingFlag[]) =>
  markedPieces(text, flags).map((piece) => [text.slice(piece.start, piece.end), piece.flags]);

describe("markedPieces", () => {
  it("covers the whole text, a flag's words in pieces of their own", () => {
    const text = "I recieve a letter.";
    expect(read(text, [flag("spelling", 2, 9)])).toEqual([
      ["I ", []],
      ["recieve", [0]],
      [" a letter.", []],
    ]);
    expect(read(text, [])).toEqual([[text, []]]);
    expect(read("", [])).toEqual([]);
  });

  it("nests flags inside one another, the outer first in every piece", () => {
    // "also also": one repeated-word flag around two linking ones (decision 0058).
    const text = "It is also also cheap.";
    const flags = [flag("repeated-word", 6, 15), flag("linking", 6, 10), flag("linking", 11, 15)];
    expect(read(text, flags)).toEqual([
      ["It is ", []],
      ["also", [0, 1]],
      [" ", [0]],
      ["also", [0, 2]],
      [" cheap.", []],
    ]);
  });

  it("cuts overlapping flags where each starts and ends, the one that starts first outside", () => {
    const text = "abcdefghij";
    const flags = [flag("linking", 4, 8), flag("copied", 0, 6)];
    expect(read(text, flags)).toEqual([
      ["abcd", [1]],
      ["ef", [1, 0]],
      ["gh", [0]],
      ["ij", []],
    ]);
  });

  it("cuts a teacher's overlapping comment passages, plain offsets, the same way", () => {
    const text = "the roads is too narrow";
    const comments = [
      { start: 4, end: 12 },
      { start: 0, end: 23 },
    ];
    expect(markedPieces(text, comments).map((piece) => piece.flags)).toEqual([[1], [1, 0], [1]]);
  });

  it("leaves out a flag that does not fit the text (empty, reversed or past its end)", () => {
    const text = "short";
    const flags = [flag("spelling", 3, 3), flag("spelling", 4, 2), flag("spelling", 2, 99)];
    expect(read(text, flags)).toEqual([["short", []]]);
  });
});
