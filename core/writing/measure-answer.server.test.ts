import { beforeAll, describe, expect, it } from "vitest";
import type { LinkingGroup } from "./linking-words.ts";
import { measureAnswer } from "./measure-answer.server.ts";
import { SAMPLE_ANSWERS } from "./sample-answers.test-data.ts";
import { loadWritingDictionaries } from "./spelling.server.ts";
import { wordSpans } from "./word-count.ts";

beforeAll(() => loadWritingDictionaries());

describe.each(Object.entries(SAMPLE_ANSWERS))(
  "the measures of the sample answer %s",
  (_, sample) => {
    const { text, prompt, minimumWords, expected } = sample;
    const measures = () => measureAnswer({ text, prompt, minimumWords });
    const slices = (spans: { start: number; end: number }[]) =>
      spans.map(({ start, end }) => text.slice(start, end));

    it(`is an answer of 150 to 400 words that shows ${sample.shows}`, () => {
      expect(wordSpans(text).length).toBeGreaterThanOrEqual(150);
      expect(wordSpans(text).length).toBeLessThanOrEqual(400);
    });

    it("counts its words, the copied ones apart, against the task's minimum", () => {
      const { words } = measures();
      expect(words.total).toBe(expected.words);
      expect(words.counted).toBe(expected.counted);
      expect(words.copied).toBe(expected.words - expected.counted);
      expect(slices(words.copiedRuns)).toEqual(expected.copied);
      expect(words.minimum).toBe(minimumWords);
      expect(words.underLength).toBe(expected.underLength);
    });

    it("counts its paragraphs and sentences, and the sentences' length", () => {
      const result = measures();
      expect(result.paragraphs).toBe(expected.paragraphs);
      expect(result.sentences).toBe(expected.sentences);
      expect(result.longestSentenceWords).toBe(expected.longestSentenceWords);
      expect(result.averageSentenceWords).toBe(expected.averageSentenceWords);
      const longest = result.longestSentence;
      expect(longest && wordSpans(text.slice(longest.start, longest.end)).length).toBe(
        expected.longestSentenceWords,
      );
    });

    it("finds its misspellings, doubled words and wrong articles", () => {
      const result = measures();
      expect(result.spelling.map((flag) => flag.word)).toEqual(expected.misspelled);
      expect(slices(result.spelling)).toEqual(expected.misspelled);
      expect(slices(result.repeatedWords)).toEqual(expected.repeated);
      expect(
        result.articles.map(
          ({ actual, expected, before }) => `${actual} → ${expected}, before ${before}`,
        ),
      ).toEqual(expected.articles);
    });

    it("finds its linking words by group, and the overused ones", () => {
      const { linkingWords } = measures();
      const byGroup = Object.fromEntries(
        linkingWords.groups.map(({ group, uses }) => [group, uses.map((use) => use.phrase)]),
      ) as Record<LinkingGroup, string[]>;
      expect(byGroup).toEqual(expected.linking);
      expect(linkingWords.total).toBe(Object.values(expected.linking).flat().length);
      expect(linkingWords.overused.map((entry) => entry.phrase)).toEqual(expected.overused);
    });

    it("measures its lexical variety", () => {
      const result = measures();
      expect(result.distinctWordsPer100).toBe(expected.distinctWordsPer100);
      expect(result.mtld).toBe(expected.mtld);
    });

    it("lists every finding as a flag to mark, in the text's order, never as a band", () => {
      const result = measures();
      const expectedFlags =
        expected.copied.length +
        expected.misspelled.length +
        expected.repeated.length +
        expected.articles.length +
        Object.values(expected.linking).flat().length;
      expect(result.flags).toHaveLength(expectedFlags);
      const starts = result.flags.map((flag) => flag.start);
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const flag of result.flags) {
        expect(flag.end).toBeGreaterThan(flag.start);
        expect(flag.label).not.toMatch(/band/i);
      }
      expect(JSON.stringify(result)).not.toMatch(/band/i);
      expect(JSON.parse(JSON.stringify(result))).toEqual(result);
    });
  },
);

describe("the flags of one answer", () => {
  it("label what each mark is, in words", () => {
    const sample = SAMPLE_ANSWERS.misspellingsAndDoubledWords;
    if (!sample) throw new Error("no sample");
    const { flags } = measureAnswer(sample);
    const find = (kind: string) =>
      flags.filter((flag) => flag.kind === kind).map((flag) => flag.label);
    expect(find("spelling")[0]).toBe("Spelling: in neither a British nor an American dictionary");
    expect(find("repeated-word")).toEqual([
      "The same word twice: “the”",
      "The same word twice: “was”",
    ]);
    expect(find("article")).toEqual([
      "“an” before “hour”, not “a”",
      "“a” before “business”, not “an”",
    ]);
    expect(find("linking")).toContain("Linking, cause and effect: “because”");
  });

  it("mark a copied run and an overused phrase as such", () => {
    const copying = SAMPLE_ANSWERS.copyingThePrompt;
    const american = SAMPLE_ANSWERS.americanSpelling;
    if (!copying || !american) throw new Error("no sample");
    expect(measureAnswer(copying).flags.filter((flag) => flag.kind === "copied")).toEqual([
      { kind: "copied", start: 0, end: 107, label: "Copied from the task: 21 words, not counted" },
      {
        kind: "copied",
        start: 117,
        end: 179,
        label: "Copied from the task: 9 words, not counted",
      },
    ]);
    const overused = measureAnswer(american).flags.filter(
      (flag) => flag.kind === "overused-linking",
    );
    expect(overused.map((flag) => american.text.slice(flag.start, flag.end))).toEqual([
      "also",
      "also",
      "also",
    ]);
    expect(overused[0]?.label).toBe("Linking, adding: “also”, used 3 times");
  });

  it("are not counted in a linking phrase copied from the prompt", () => {
    const prompt =
      "However, some people think that cities should ban cars from their centres completely.";
    const { linkingWords, words } = measureAnswer({
      text: "However, some people think that cities should ban cars. However, I disagree.",
      prompt,
      minimumWords: 250,
    });
    expect(words.copied).toBe(9);
    expect(linkingWords.total).toBe(1);
    expect(linkingWords.groups[1]?.uses.map((use) => use.start)).toEqual([56]);
  });

  it("are none for an empty answer, which is under length", () => {
    const result = measureAnswer({ text: "", prompt: "Describe the chart.", minimumWords: 150 });
    expect(result).toMatchObject({
      words: {
        total: 0,
        counted: 0,
        copied: 0,
        copiedRuns: [],
        underLength: "Under length: 0 of 150 words",
      },
      paragraphs: 0,
      sentences: 0,
      averageSentenceWords: 0,
      longestSentenceWords: 0,
      longestSentence: null,
      distinctWordsPer100: 0,
      mtld: null,
      flags: [],
    });
  });
});
