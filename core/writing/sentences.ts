/**
 * An answer's sentences and their lengths in words (decision 0058). The runtime's sentence
 * segmenter (Intl.Segmenter, Unicode's rules) finds them within each paragraph, so no sentence
 * runs across a blank line; a line break ends a sentence too, as Unicode's rules say (a letter's
 * "Dear Sir or Madam," line is a sentence of its own). On top of it, a full stop after a title or
 * a Latin abbreviation that never ends a sentence ("Mr.", "Dr.", "e.g.", "i.e.", "Fig.") does not
 * end one here either; one after "etc." or "U.K." may, and does when a capital follows.
 * Dependency-free (Intl only), so a page may use it too.
 */
import { paragraphSpans, type TextSpan } from "./paragraphs.ts";
import type { WordSpan } from "./word-count.ts";

/** Abbreviations, written without their stops, that a sentence does not end with. */
const NEVER_LAST = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "st",
  "eg",
  "ie",
  "vs",
  "cf",
  "approx",
  "fig",
  "esp",
  "incl",
]);
/** "No. 5": a stop after "No" that a number follows. */
const NUMBER_ABBREVIATION = /(?:^|[^\p{L}])no\.$/iu;
const LAST_ABBREVIATION = /(?:^|[^\p{L}.])([\p{L}.]+)\.$/u;
const STARTS_WITH_DIGIT = /^\s*\d/;
/** A letter or a digit: what makes a word (word-count.ts), so a stretch without one has none. */
const HAS_WORD = /[\p{L}\p{N}]/u;

let segmenter: Intl.Segmenter | undefined;

/** Whether a sentence that ends as `stretch` does goes on into `next`. */
function goesOn(stretch: string, next: string): boolean {
  const trimmed = stretch.trimEnd();
  const abbreviation = LAST_ABBREVIATION.exec(trimmed)?.[1];
  if (abbreviation && NEVER_LAST.has(abbreviation.replaceAll(".", "").toLowerCase())) return true;
  return NUMBER_ABBREVIATION.test(trimmed) && STARTS_WITH_DIGIT.test(next);
}

/** The sentences of `text`, each trimmed of the white space at its edges; each has a word. */
export function sentenceSpans(text: string): TextSpan[] {
  segmenter ??= new Intl.Segmenter("en", { granularity: "sentence" });
  const sentences: TextSpan[] = [];
  for (const paragraph of paragraphSpans(text)) {
    const segments = [...segmenter.segment(text.slice(paragraph.start, paragraph.end))];
    let start = -1;
    for (const [index, segment] of segments.entries()) {
      if (start < 0) start = paragraph.start + segment.index;
      const next = segments[index + 1];
      if (next && goesOn(segment.segment, next.segment)) continue;
      const end = paragraph.start + segment.index + segment.segment.trimEnd().length;
      const sentence = text.slice(start, end);
      const leading = sentence.length - sentence.trimStart().length;
      if (HAS_WORD.test(sentence)) sentences.push({ start: start + leading, end });
      start = -1;
    }
  }
  return sentences;
}

/** How many of `words` each sentence holds (a word belongs where it starts). */
export function sentenceLengths(sentences: TextSpan[], words: WordSpan[]): number[] {
  const lengths = sentences.map(() => 0);
  let sentence = 0;
  for (const word of words) {
    while (sentence < sentences.length && word.start >= (sentences[sentence] as TextSpan).end) {
      sentence++;
    }
    const current = sentences[sentence];
    if (current && word.start >= current.start) lengths[sentence] = (lengths[sentence] ?? 0) + 1;
  }
  return lengths;
}

/** The index (in `words`) of each sentence's first word. */
export function sentenceStartIndexes(sentences: TextSpan[], words: WordSpan[]): Set<number> {
  const starts = new Set<number>();
  let index = 0;
  for (const sentence of sentences) {
    while (index < words.length && (words[index] as WordSpan).start < sentence.start) index++;
    if (index < words.length) starts.add(index);
  }
  return starts;
}

/** The average sentence in words, to one decimal place (0 for no sentence). */
export function averageSentenceWords(lengths: number[]): number {
  if (lengths.length === 0) return 0;
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return Math.round((total / lengths.length) * 10) / 10;
}
