import { describe, expect, it } from "vitest";
import { distinctWordsPer100, MTLD_THRESHOLD, mtld, mtldFactors } from "./lexical-variety.ts";
import { wordKey, wordSpans } from "./word-count.ts";

const keys = (text: string) => wordSpans(text).map((word) => wordKey(word.text));

describe("distinct words per 100 words", () => {
  it("is the share of distinct words, case and marks aside, to one decimal place", () => {
    expect(distinctWordsPer100(keys("Cities and cities, and towns."))).toBe(60);
    expect(distinctWordsPer100(["a", "b", "a"])).toBe(66.7);
    expect(distinctWordsPer100(["a", "b", "c"])).toBe(100);
    expect(distinctWordsPer100([])).toBe(0);
  });
});

describe("MTLD (McCarthy and Jarvis 2010)", () => {
  it("ends a factor when the running type-token ratio falls to 0.72", () => {
    expect(MTLD_THRESHOLD).toBe(0.72);
    // a b a: 2 types of 3 words, 0.67 ≤ 0.72, a factor; then c d e, a ratio of 1: no partial.
    expect(mtldFactors(["a", "b", "a", "c", "d", "e"])).toBe(1);
    // Backwards, e d c a b a: 5 types of 6 words, 0.83, never falls to 0.72: a partial factor
    // of (1 − 5/6) / (1 − 0.72) = 0.595…
    expect(mtldFactors(["e", "d", "c", "a", "b", "a"])).toBeCloseTo(1 / 6 / 0.28, 12);
    // 18 different words, then "a" seven times more: 18 types of 25 words is exactly 0.72, which
    // ends a factor; "z" after it is left over with a ratio of 1, no partial factor.
    const eighteen = "abcdefghijklmnopqr".split("");
    expect(mtldFactors([...eighteen, ..."aaaaaaa".split(""), "z"])).toBe(1);
    // a a: 1 type of 2 words, 0.5, a factor each time.
    expect(mtldFactors(["a", "a", "a", "a"])).toBe(2);
  });

  it("averages the words per factor read forwards and backwards", () => {
    // Forwards 6 words / 1 factor = 6; backwards 6 / 0.595… = 10.08; the mean is 8.04.
    expect(mtld(["a", "b", "a", "c", "d", "e"])).toBe(8.04);
    expect(mtld(["a", "a", "a", "a"])).toBe(2);
    // a b a b c a b c d e: forwards a factor at "a b a", another at "b c a b c", then d e (no
    // partial); backwards at "e d c b a c b" and "a b a": 10 words / 2 factors both ways.
    expect(mtld(keys("a b a b c a b c d e"))).toBe(5);
  });

  it("has no value when every word differs", () => {
    expect(mtld(["a", "b", "c"])).toBeNull();
    expect(mtld([])).toBeNull();
  });
});
