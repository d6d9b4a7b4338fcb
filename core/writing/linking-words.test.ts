import { describe, expect, it } from "vitest";
import {
  findLinkingWords,
  LINKING_GROUPS,
  linkingPhrases,
  OVERUSED_FROM,
  overusedLinkingWords,
} from "./linking-words.ts";
import { sentenceSpans, sentenceStartIndexes } from "./sentences.ts";
import { wordSpans } from "./word-count.ts";

/** The linking phrases of `text` as written there, with their groups. */
function linking(text: string) {
  const words = wordSpans(text);
  return findLinkingWords(words, sentenceStartIndexes(sentenceSpans(text), words)).map((use) => ({
    text: text.slice(use.start, use.end),
    phrase: use.phrase,
    group: use.group,
  }));
}

describe("linking words and phrases", () => {
  it("has six groups, each with its own phrases", () => {
    expect(Object.values(LINKING_GROUPS)).toEqual([
      "Adding",
      "Contrasting",
      "Cause and effect",
      "Examples",
      "Order",
      "Concluding",
    ]);
    for (const group of Object.keys(LINKING_GROUPS) as (keyof typeof LINKING_GROUPS)[]) {
      expect(linkingPhrases(group).length, group).toBeGreaterThanOrEqual(7);
    }
    expect(linkingPhrases("adding")).toContain("moreover");
    expect(linkingPhrases("contrasting")).toContain("on the other hand");
    expect(linkingPhrases("concluding")).toContain("overall");
    const all = Object.keys(LINKING_GROUPS).flatMap((group) =>
      linkingPhrases(group as keyof typeof LINKING_GROUPS),
    );
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain("and");
    expect(all).not.toContain("but");
  });

  it("finds every phrase of every group where it links, at a sentence's start", () => {
    for (const group of Object.keys(LINKING_GROUPS) as (keyof typeof LINKING_GROUPS)[]) {
      for (const phrase of linkingPhrases(group)) {
        const text = `It rains. ${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}, we stay in.`;
        expect(linking(text), phrase).toEqual([
          { text: text.slice(10, 10 + phrase.length), phrase, group },
        ]);
      }
    }
  });

  it("finds phrases whatever their case and punctuation, with their offsets", () => {
    expect(linking("On the other hand, cars pollute. As a result, cities suffer.")).toEqual([
      { text: "On the other hand", phrase: "on the other hand", group: "contrasting" },
      { text: "As a result", phrase: "as a result", group: "cause-and-effect" },
    ]);
    expect(linking("Some cities, e.g. Paris, for example, ban cars.")).toEqual([
      { text: "e.g.", phrase: "e.g.", group: "examples" },
      { text: "for example", phrase: "for example", group: "examples" },
    ]);
  });

  it("reads the longer of two phrases that begin alike", () => {
    expect(linking("First of all, it is cheap.")).toEqual([
      { text: "First of all", phrase: "first of all", group: "order" },
    ]);
  });

  it("reads some words as linking only at a sentence's start", () => {
    expect(linking("Overall, the overall trend was up. Then it fell and then it rose.")).toEqual([
      { text: "Overall", phrase: "overall", group: "concluding" },
      { text: "Then", phrase: "then", group: "order" },
    ]);
    expect(linking("It was the first time. Finally, they finally agreed.")).toEqual([
      { text: "Finally", phrase: "finally", group: "order" },
    ]);
  });

  it("does not read a phrase across a sentence's end", () => {
    expect(linking("They came in. Addition is easy.")).toEqual([]);
    expect(linking("I know what is. More is better.")).toEqual([]);
  });

  it("marks a phrase used three times or more as overused", () => {
    expect(OVERUSED_FROM).toBe(3);
    const text =
      "However, it rose. However, it fell. Moreover, it rose. However, it stayed. Moreover, it ended.";
    const words = wordSpans(text);
    const starts = new Set([0, 3, 6, 9, 12]);
    expect(overusedLinkingWords(findLinkingWords(words, starts))).toEqual([
      { phrase: "however", group: "contrasting", uses: 3 },
    ]);
    expect(overusedLinkingWords([])).toEqual([]);
    const use = (phrase: string) => ({ phrase, group: "adding" as const, start: 0, end: 1 });
    const uses = [
      "also",
      "moreover",
      "besides",
      "moreover",
      "besides",
      "moreover",
      "also",
      "besides",
    ];
    expect(overusedLinkingWords([...uses, "besides", "also"].map(use))).toEqual([
      { phrase: "besides", group: "adding", uses: 4 },
      { phrase: "also", group: "adding", uses: 3 },
      { phrase: "moreover", group: "adding", uses: 3 },
    ]);
  });
});
