import { describe, expect, it } from "vitest";
import {
  measureAnswer,
  prepareWritingMeasures,
  writingMeasuresReady,
} from "./measure-answer.server.ts";
import { sentenceSpans, sentenceStartIndexes } from "./sentences.ts";
import {
  loadWritingDictionaries,
  misspelledWords,
  WritingDictionariesNotLoadedError,
  writingDictionariesLoaded,
} from "./spelling.server.ts";
import { wordSpans } from "./word-count.ts";

/** The words of `text` that are flagged, the prompt's words being `prompt`'s. */
function flagged(text: string, prompt = ""): string[] {
  const words = wordSpans(text);
  const starts = sentenceStartIndexes(sentenceSpans(text), words);
  return misspelledWords(words, starts, wordSpans(prompt)).map((word) => word.text);
}

// In order: the first test runs before anything has loaded the dictionaries in this file's
// module graph, as a server that forgot to wait for them would.
describe("the dictionaries", () => {
  it("refuse to measure an answer before they are loaded, saying what to do", () => {
    expect(writingDictionariesLoaded()).toBe(false);
    expect(writingMeasuresReady()).toBe(false);
    expect(() => measureAnswer({ text: "Hello.", prompt: "", minimumWords: 150 })).toThrow(
      WritingDictionariesNotLoadedError,
    );
    expect(() => flagged("Hello.")).toThrow(
      /await prepareWritingMeasures\(\) \(or loadWritingDictionaries\(\)\) once at start-up/,
    );
  });

  it("load once, however many ask", async () => {
    const first = loadWritingDictionaries();
    expect(loadWritingDictionaries()).toBe(first);
    await first;
    expect(writingDictionariesLoaded()).toBe(true);
    expect(loadWritingDictionaries()).toBe(first);
  });

  it("are ready for answers once loaded and warmed up, which start-up awaits", async () => {
    expect(writingMeasuresReady()).toBe(false);
    await Promise.all([prepareWritingMeasures(), prepareWritingMeasures()]);
    expect(writingMeasuresReady()).toBe(true);
    await prepareWritingMeasures();
    expect(writingMeasuresReady()).toBe(true);
  });
});

describe("spelling", () => {
  it("accepts British and American spellings alike", () => {
    expect(
      flagged("The colour and color of the centre or center, organised or organized."),
    ).toEqual([]);
    expect(
      flagged("Travelling, traveling, programme, program, analyse, analyze, licence."),
    ).toEqual([]);
  });

  it("flags a word that neither dictionary knows", () => {
    expect(flagged("I recieve alot of informations about the goverment.")).toEqual([
      "recieve",
      "alot",
      "informations",
      "goverment",
    ]);
  });

  it("knows contractions and possessives, whichever apostrophe they have", () => {
    expect(flagged("I don't think it’s the student's fault, and they won’t.")).toEqual([]);
  });

  it("leaves names alone: capitalised inside a sentence, or capitalised elsewhere too", () => {
    expect(flagged("I met Kowalczyk in Wrocław. Kowalczyk was kind.")).toEqual([]);
    expect(flagged("Kowalczyk was kind.")).toEqual(["Kowalczyk"]);
    expect(flagged("Goverment is big.")).toEqual(["Goverment"]);
  });

  it("leaves acronyms, numbers and dotted abbreviations alone", () => {
    expect(
      flagged("The GDP and OECDs rose in the 1990s by 25%, e.g. in the U.K. at 5 p.m."),
    ).toEqual([]);
  });

  it("accepts a hyphenated word whose parts it knows", () => {
    expect(flagged("A well-known e-scooter on a non-smoking floor.")).toEqual([]);
    expect(flagged("A well-knwon plan.")).toEqual(["well-knwon"]);
  });

  it("leaves the prompt's words alone, whatever their case", () => {
    expect(flagged("The Ecotopia scheme failed.", "Describe the ecotopia scheme.")).toEqual([]);
    expect(flagged("The Ecotopia scheme failed.")).toEqual([]);
    expect(flagged("The ecotopia scheme failed.")).toEqual(["ecotopia"]);
  });
});
