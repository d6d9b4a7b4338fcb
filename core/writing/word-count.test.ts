import { describe, expect, it } from "vitest";
import { countWords, wordKey, wordSpans } from "./word-count.ts";

const texts = (text: string) => wordSpans(text).map((word) => word.text);

describe("counting words as candidates are taught", () => {
  it("counts words separated by white space of any kind", () => {
    expect(countWords("Cities are growing fast")).toBe(4);
    expect(countWords("  Cities\tare\n\ngrowing\u00a0fast  ")).toBe(4);
    expect(countWords("")).toBe(0);
    expect(countWords(" \n\t ")).toBe(0);
  });

  it("counts a hyphenated word as one", () => {
    expect(texts("a well-known, long-term plan")).toEqual(["a", "well-known", "long-term", "plan"]);
    expect(countWords("a mother-in-law")).toBe(2);
  });

  it("counts a number as one, with its separators, decimals and signs", () => {
    expect(texts("1,500 people, 3.5 million, 25% and £20.")).toEqual([
      "1,500",
      "people",
      "3.5",
      "million",
      "25%",
      "and",
      "£20",
    ]);
    expect(countWords("in 2010-2015")).toBe(2);
  });

  it("counts a contraction or a possessive as one, whichever apostrophe it has", () => {
    expect(texts("I don't think it’s the students' fault")).toEqual([
      "I",
      "don't",
      "think",
      "it’s",
      "the",
      "students",
      "fault",
    ]);
  });

  it("counts an abbreviation as one, keeping its last full stop", () => {
    expect(texts("cities, e.g. London in the U.K. and i.e. at 5 p.m.")).toEqual([
      "cities",
      "e.g.",
      "London",
      "in",
      "the",
      "U.K.",
      "and",
      "i.e.",
      "at",
      "5",
      "p.m.",
    ]);
    expect(texts("and so on etc.")).toEqual(["and", "so", "on", "etc"]);
    expect(texts("the U.S.A. and a B.Sc. or Ph.D. degree")).toEqual([
      "the",
      "U.S.A.",
      "and",
      "a",
      "B.Sc.",
      "or",
      "Ph.D.",
      "degree",
    ]);
  });

  it("keeps only a full stop that is there, and none after a longer dotted word", () => {
    expect(texts("cities, e.g, London and the U.K")).toEqual([
      "cities",
      "e.g",
      "London",
      "and",
      "the",
      "U.K",
    ]);
    expect(texts("see www.example.com. Then")).toEqual(["see", "www.example.com", "Then"]);
  });

  it("does not count lone punctuation or dashes", () => {
    expect(countWords("Prices rose - sharply – and then — fell ... ! & / ( )")).toBe(6);
    expect(countWords("* - • … ¿? “ ” -- ---")).toBe(0);
  });

  it("separates words joined by a dash rather than a hyphen", () => {
    expect(texts("cheaper—and faster–better--worse")).toEqual([
      "cheaper",
      "and",
      "faster",
      "better",
      "worse",
    ]);
  });

  it("leaves quotation marks and brackets out of a word", () => {
    expect(texts('("Yes," she said) [1990s]')).toEqual(["Yes", "she", "said", "1990s"]);
  });

  it("gives each word's offsets in the text, for marking", () => {
    const text = "  (Don’t) go — now, e.g. today.";
    const spans = wordSpans(text);
    expect(spans.map(({ start, end }) => text.slice(start, end))).toEqual([
      "Don’t",
      "go",
      "now",
      "e.g.",
      "today",
    ]);
    expect(spans[0]).toEqual({ start: 3, end: 8, text: "Don’t" });
  });

  it("counts letters of any script and numbers of any kind", () => {
    expect(countWords("naïve café São Paulo 東京 ٣")).toBe(6);
  });
});

describe("the form words are compared in", () => {
  it("leaves out case and marks", () => {
    expect(wordKey("Don’t")).toBe("dont");
    expect(wordKey("don't")).toBe("dont");
    expect(wordKey("U.K.")).toBe("uk");
    expect(wordKey("Well-known")).toBe("wellknown");
    expect(wordKey("1,500")).toBe("1500");
    expect(wordKey("ＡＢＣ")).toBe("abc");
  });
});
