/**
 * The instant measures of a submitted Writing answer in one call (issue 38, point 5; decision
 * 0058). Needs the dictionaries loaded: it throws a clear error otherwise rather than load them in
 * a request's time. Start-up awaits `prepareWritingMeasures()` and /readyz waits for
 * `writingMeasuresReady()`.
 */
import { findCopiedRuns, underLengthMessage } from "./copied-words.ts";
import { writingFlags } from "./flags.ts";
import { distinctWordsPer100, mtld } from "./lexical-variety.ts";
import { findLinkingWords, LINKING_GROUPS, overusedLinkingWords } from "./linking-words.ts";
import { WRITING_MEASURES_VERSION, type WritingMeasures } from "./measures.ts";
import { paragraphSpans } from "./paragraphs.ts";
import { repeatsAndArticles } from "./repeats-and-articles.server.ts";
import {
  averageSentenceWords,
  sentenceLengths,
  sentenceSpans,
  sentenceStartIndexes,
} from "./sentences.ts";
import {
  loadWritingDictionaries,
  misspelledWords,
  WritingDictionariesNotLoadedError,
  writingDictionariesLoaded,
} from "./spelling.server.ts";
import { wordKey, wordSpans } from "./word-count.ts";

export interface AnswerToMeasure {
  /** The answer as the student wrote it. */
  text: string;
  /** The task's prompt (its Markdown as written does: marks are not words). */
  prompt: string;
  /** The task's minimum number of words (150 or 250 as a rule). */
  minimumWords: number;
}

/** Every measure of an answer, with the flags a page marks in its text. */
export function measureAnswer({ text, prompt, minimumWords }: AnswerToMeasure): WritingMeasures {
  if (!writingDictionariesLoaded()) throw new WritingDictionariesNotLoadedError();
  const words = wordSpans(text);
  const promptWords = wordSpans(prompt);
  const copiedRuns = findCopiedRuns(words, promptWords);
  const insideCopiedRun = (start: number) =>
    copiedRuns.some((run) => start >= run.start && start < run.end);
  const countedWords = words.filter((word) => !insideCopiedRun(word.start));

  const sentences = sentenceSpans(text);
  const lengths = sentenceLengths(sentences, words);
  const longest = Math.max(0, ...lengths);
  const sentenceStarts = sentenceStartIndexes(sentences, words);

  const spelling = misspelledWords(words, sentenceStarts, promptWords).map(
    ({ start, end, text: word }) => ({ start, end, word }),
  );
  const { repeatedWords, articles } = repeatsAndArticles(text);
  const linkingUses = findLinkingWords(words, sentenceStarts).filter(
    (use) => !insideCopiedRun(use.start),
  );
  const overused = overusedLinkingWords(linkingUses);
  const keys = countedWords.map((word) => wordKey(word.text));

  return {
    version: WRITING_MEASURES_VERSION,
    words: {
      total: words.length,
      counted: countedWords.length,
      copied: words.length - countedWords.length,
      minimum: minimumWords,
      copiedRuns,
      underLength: underLengthMessage(countedWords.length, minimumWords),
    },
    paragraphs: paragraphSpans(text).length,
    sentences: sentences.length,
    averageSentenceWords: averageSentenceWords(lengths),
    longestSentenceWords: longest,
    longestSentence: sentences[lengths.indexOf(longest)] ?? null,
    spelling,
    repeatedWords,
    articles,
    linkingWords: {
      total: linkingUses.length,
      groups: (Object.keys(LINKING_GROUPS) as (keyof typeof LINKING_GROUPS)[]).map((group) => ({
        group,
        label: LINKING_GROUPS[group],
        uses: linkingUses.filter((use) => use.group === group),
      })),
      overused,
    },
    distinctWordsPer100: distinctWordsPer100(keys),
    mtld: mtld(keys),
    flags: writingFlags({ copiedRuns, spelling, repeatedWords, articles, linkingUses, overused }),
  };
}

/**
 * A short answer with one of every finding, measured once at start-up: every part (the
 * dictionaries, the parser and its plugins, the segmenter) then runs before the process says it
 * is ready, so a broken one fails the start rather than a student's answer; and the cold code is
 * less cold (on this two-core machine, busy at the time, a process's first 1,000-word answer took
 * 75 to 210 ms without it and 70 to 110 ms with it, against a median of 10 to 25 ms).
 */
const WARM_UP_ANSWER: AnswerToMeasure = {
  text: "Firstly, it was a honest mistake and the the figures rose by 25%, e.g. in the U.K.\n\nHowever, Kowalczyk did not recieve it. In conclusion, it is good.",
  prompt: "Describe the figures in the chart.",
  minimumWords: 150,
};
let warmedUp = false;

/**
 * Loads the dictionaries (once per process, `loadWritingDictionaries`) and measures one short
 * answer, so that no student's answer pays for most of the cold start. Idempotent: the server
 * awaits it at start-up, and /readyz may call it again to retry a load that failed.
 */
export async function prepareWritingMeasures(): Promise<void> {
  await loadWritingDictionaries();
  if (!warmedUp) {
    measureAnswer(WARM_UP_ANSWER);
    warmedUp = true;
  }
}

/** Whether answers can be measured now, at full speed: what /readyz waits for. */
export function writingMeasuresReady(): boolean {
  return warmedUp && writingDictionariesLoaded();
}
