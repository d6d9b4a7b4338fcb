import { BLANK_LINES, type TextSpan } from "../../../core/writing/paragraphs.ts";

/**
 * An answer cut into its paragraphs for showing, at its blank lines as the measures count them
 * (core/writing/paragraphs.ts), each stretch kept whole (its edges' spaces too) so that every
 * character but the blank lines between paragraphs keeps its offset; a stretch of spaces alone
 * is left out.
 */
export function answerBlocks(text: string): TextSpan[] {
  const blocks: TextSpan[] = [];
  let from = 0;
  const add = (start: number, end: number) => {
    if (text.slice(start, end).trim() !== "") blocks.push({ start, end });
  };
  for (const separator of text.matchAll(new RegExp(BLANK_LINES))) {
    add(from, separator.index);
    from = separator.index + separator[0].length;
  }
  add(from, text.length);
  return blocks;
}
