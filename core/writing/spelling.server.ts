/**
 * Spelling (decision 0058): a word is flagged when neither the British nor the American English
 * dictionary knows it (nspell with dictionary-en-gb and dictionary-en), as the test accepts
 * either spelling. Not checked: names (a capitalised word not at a sentence's start, and the same
 * word at a start when the answer also has it capitalised elsewhere), acronyms ("GDP"), words with
 * a digit ("1990s") or an inner full stop ("e.g."), and words of the prompt. A hyphenated word
 * passes when the dictionaries know it whole or know each of its parts ("e-commerce").
 *
 * The dictionaries take half a second of CPU or more to load: once per process, before the server
 * is ready (`loadWritingDictionaries`, through measure-answer.server.ts's `prepareWritingMeasures`
 * at start-up and /readyz), never during a request.
 */
import nspell from "nspell";
import { type WordSpan, wordKey } from "./word-count.ts";

type Speller = ReturnType<typeof nspell>;

let spellers: Speller[] | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads both dictionaries once for the whole process; every later call gets the same promise.
 * A load that failed may be tried again.
 */
export function loadWritingDictionaries(): Promise<void> {
  loading ??= (async () => {
    const [american, british] = await Promise.all([
      import("dictionary-en"),
      import("dictionary-en-gb"),
    ]);
    spellers = [nspell(asBuffers(british.default)), nspell(asBuffers(american.default))];
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The dictionary packages read their files as Buffers but type them as byte arrays. */
function asBuffers({ aff, dic }: { aff: Uint8Array; dic: Uint8Array }) {
  return { aff: Buffer.from(aff), dic: Buffer.from(dic) };
}

/** Whether the dictionaries are loaded, so that answers can be measured. */
export function writingDictionariesLoaded(): boolean {
  return spellers !== undefined;
}

/** What measuring an answer before the dictionaries are loaded throws: a start-up mistake. */
export class WritingDictionariesNotLoadedError extends Error {
  constructor() {
    super(
      "The writing dictionaries are not loaded: await prepareWritingMeasures() (or loadWritingDictionaries()) once at start-up, and let /readyz wait for writingMeasuresReady(), before measuring an answer.",
    );
    this.name = "WritingDictionariesNotLoadedError";
  }
}

function loadedSpellers(): Speller[] {
  if (!spellers) throw new WritingDictionariesNotLoadedError();
  return spellers;
}

const CURLY_APOSTROPHES = /[\u2018\u2019\u02bc]/g;
const HAS_DIGIT = /\p{N}/u;
const INNER_STOP = /\./;
const ACRONYM = /^\p{Lu}{2,}s?$/u;
const CAPITALISED = /^\p{Lu}/u;

/** Whether either dictionary knows `word`, whole or, when hyphenated, part by part. */
function known(word: string, checkers: Speller[]): boolean {
  const knows = (form: string) => checkers.some((checker) => checker.correct(form));
  if (knows(word)) return true;
  const parts = word.split("-").filter((part) => part !== "");
  return parts.length > 1 && parts.every(knows);
}

/**
 * The words neither dictionary knows. `sentenceStarts` holds the index (in `words`) of each
 * sentence's first word; `promptWords` are the task's, never flagged in its answers.
 */
export function misspelledWords(
  words: WordSpan[],
  sentenceStarts: Set<number>,
  promptWords: WordSpan[],
): WordSpan[] {
  const checkers = loadedSpellers();
  const fromPrompt = new Set(promptWords.map((word) => wordKey(word.text)));
  // A capitalised word the answer also uses inside a sentence is a name, wherever it stands.
  const names = new Set(
    words
      .filter((word, index) => !sentenceStarts.has(index) && CAPITALISED.test(word.text))
      .map((word) => word.text),
  );
  const verdicts = new Map<string, boolean>();
  return words.filter((word) => {
    const text = word.text.replace(CURLY_APOSTROPHES, "'");
    if (names.has(word.text) || ACRONYM.test(text) || fromPrompt.has(wordKey(text))) return false;
    if (HAS_DIGIT.test(text) || INNER_STOP.test(text)) return false;
    let misspelled = verdicts.get(text);
    if (misspelled === undefined) {
      misspelled = !known(text, checkers);
      verdicts.set(text, misspelled);
    }
    return misspelled;
  });
}
