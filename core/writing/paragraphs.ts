/**
 * An answer's paragraphs: stretches of text separated by a blank line (a line with nothing but
 * spaces on it counts as blank), as the test's answer box makes them. A stretch without a word
 * (a line of dashes) is no paragraph. Dependency-free.
 */

/** A stretch of the text, by UTF-16 offsets (`text.slice(start, end)`). */
export interface TextSpan {
  start: number;
  end: number;
}

/** One blank line or more, with the line breaks around them (`\r\n` as well as `\n`). */
export const BLANK_LINES = /\n[^\S\n]*\n(?:[^\S\n]*\n)*/g;
/** A letter or a digit: what makes a word (word-count.ts), so a stretch without one has none. */
const HAS_WORD = /[\p{L}\p{N}]/u;

/** The paragraphs of `text`, each trimmed of the white space at its edges. */
export function paragraphSpans(text: string): TextSpan[] {
  const paragraphs: TextSpan[] = [];
  let from = 0;
  const add = (start: number, end: number) => {
    const stretch = text.slice(start, end);
    if (!HAS_WORD.test(stretch)) return;
    const leading = stretch.length - stretch.trimStart().length;
    paragraphs.push({ start: start + leading, end: start + leading + stretch.trim().length });
  };
  for (const separator of text.matchAll(BLANK_LINES)) {
    add(from, separator.index);
    from = separator.index + separator[0].length;
  }
  add(from, text.length);
  return paragraphs;
}
