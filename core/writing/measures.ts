/**
 * The instant measures of a Writing answer, as the server computes them
 * (core/writing/measure-answer.server.ts) and a page shows them: plain data, JSON as it is, so it
 * may be stored with the answer and sent by the API. Never a band (decision 0058): a machine
 * measures length, copying, spelling, repetition, linking words and variety; the teacher marks.
 * Offsets are UTF-16 positions in the answer's text, as `text.slice(start, end)` takes them.
 */
import type { CopiedRun } from "./copied-words.ts";
import type { LinkingGroup, LinkingWordUse } from "./linking-words.ts";
import type { TextSpan } from "./paragraphs.ts";

/** Raised when the rules change, so that stored measures can be told from new ones. */
export const WRITING_MEASURES_VERSION = 1;

/** A word of the answer, where it is. */
export interface MarkedWord {
  start: number;
  end: number;
  word: string;
}

/** A word written twice in a row: both, with the space between. */
export type RepeatedWord = MarkedWord;

/** "a" where "an" is wanted, or the other way round: the article itself. */
export interface ArticleMistake {
  start: number;
  end: number;
  actual: string;
  expected: string;
  /** The word after the article, whose sound decides. */
  before: string;
}

export type WritingFlagKind =
  | "copied"
  | "spelling"
  | "repeated-word"
  | "article"
  | "linking"
  | "overused-linking";

/** One place to mark in the answer (`<mark>` with its label), whatever measure found it. */
export interface WritingFlag {
  kind: WritingFlagKind;
  start: number;
  end: number;
  label: string;
}

export interface WritingMeasures {
  version: typeof WRITING_MEASURES_VERSION;
  words: {
    /** Every word of the answer. */
    total: number;
    /** The words that count: every word but the copied ones. */
    counted: number;
    copied: number;
    /** The task's minimum, which `counted` is held against. */
    minimum: number;
    copiedRuns: CopiedRun[];
    /** "Under length: 212 of 250 words", or null when the answer is long enough. */
    underLength: string | null;
  };
  paragraphs: number;
  sentences: number;
  /** Words per sentence, to one decimal place (every word, copied or not). */
  averageSentenceWords: number;
  longestSentenceWords: number;
  /** Where the longest sentence is (the first of the longest), null without a sentence. */
  longestSentence: TextSpan | null;
  /** Words that neither the British nor the American English dictionary knows. */
  spelling: MarkedWord[];
  repeatedWords: RepeatedWord[];
  articles: ArticleMistake[];
  linkingWords: {
    /** Uses outside copied runs, of every group. */
    total: number;
    /** Every group in LINKING_GROUPS order, each with its uses in the text's order. */
    groups: { group: LinkingGroup; label: string; uses: LinkingWordUse[] }[];
    /** Phrases used OVERUSED_FROM times or more, the most used first. */
    overused: { phrase: string; group: LinkingGroup; uses: number }[];
  };
  /** Distinct words per 100 counted words, to one decimal place. */
  distinctWordsPer100: number;
  /** MTLD of the counted words, to two decimal places; null when it has no bound. */
  mtld: number | null;
  /** Every place to mark, by start (the longer first where two start together); may nest. */
  flags: WritingFlag[];
}
