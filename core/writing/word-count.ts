/**
 * Words as IELTS candidates are taught to count them (decision 0058): separated by spaces, with a
 * hyphenated word ("well-known"), a number ("1,500", "3.5", "25%"), a contraction ("don't") and an
 * abbreviation ("e.g.", "U.K.") each one word, and lone punctuation or dashes none. Dependency-free
 * and without Node's modules, so the answer box's live counter counts exactly as the server does.
 */

/** One word of a text: where it is (UTF-16 offsets, as `text.slice(start, end)` takes them). */
export interface WordSpan {
  start: number;
  end: number;
  text: string;
}

/**
 * A stretch between separators: white space, an en or em dash (or a horizontal bar), or two
 * hyphens or more typed as a dash. A single hyphen joins ("well-known" is one word); a dash set
 * between words without spaces ("cheaper—and faster") separates them, as the spaces a printed
 * dash stands for would.
 */
const CHUNK = /(?:[^\s\u2013\u2014\u2015-]|-(?!-))+/gu;
/** What may begin a word: a letter, a digit, or a currency sign ("£5"). */
const LEADING_NOISE = /^[^\p{L}\p{N}\p{Sc}]+/u;
/** What may end a word: a letter, a digit, or a per cent sign ("25%"). */
const TRAILING_NOISE = /[^\p{L}\p{N}%]+$/u;
const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** "e.g", "U.K", "a.m": short letter groups joined by full stops, whose last stop belongs to them. */
const DOTTED_ABBREVIATION = /^(?:\p{L}{1,4}\.)+\p{L}{1,4}$/u;

/** The words of `text` in order, each with its offsets; punctuation around a word is left out. */
export function wordSpans(text: string): WordSpan[] {
  const words: WordSpan[] = [];
  for (const chunk of text.matchAll(CHUNK)) {
    const raw = chunk[0];
    const leading = LEADING_NOISE.exec(raw)?.[0].length ?? 0;
    const trailing = TRAILING_NOISE.exec(raw.slice(leading))?.[0].length ?? 0;
    let core = raw.slice(leading, raw.length - trailing);
    if (!HAS_LETTER_OR_DIGIT.test(core)) continue;
    if (DOTTED_ABBREVIATION.test(core) && raw[leading + core.length] === ".") core += ".";
    const start = chunk.index + leading;
    words.push({ start, end: start + core.length, text: core });
  }
  return words;
}

/** How many words `text` has, as the test's own live count and our server count them. */
export function countWords(text: string): number {
  return wordSpans(text).length;
}

const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * The form two words are compared in: lower case, compatibility-normalised, every mark left out
 * ("Don’t" and "dont", "U.K." and "UK", "Well-known" and "wellknown" are one). Copied words, the
 * prompt's words, distinct words and linking phrases are all found through it.
 */
export function wordKey(word: string): string {
  return word.normalize("NFKC").toLowerCase().replace(NOT_LETTER_OR_DIGIT, "");
}
