/**
 * What a student changed between an answer and its revised draft, word by word, for the page
 * that shows a revision beside the marked answer (issue 39). jsdiff's `diffWords` finds the
 * changes; its parts carry the revised draft's spaces, so joining the unchanged and added parts
 * gives the revised draft exactly.
 */
import { diffWords } from "diff";
import { wordSpans } from "./word-count.ts";

export type ChangeKind = "same" | "added" | "removed";

export interface DraftChangePart {
  kind: ChangeKind;
  text: string;
}

export interface DraftChanges {
  /** In reading order; a removal comes before what replaced it; never two of one kind in a row. */
  parts: DraftChangePart[];
  /** Words of the revised draft that are new, counted as the test counts words. */
  wordsAdded: number;
  /** Words of the earlier answer that are gone, counted the same way. */
  wordsRemoved: number;
}

/** A run of white space with a line break in it: where a line or a paragraph ends. */
const LINE_BREAK_RUN = /\s*\n\s*/g;

/** Two characters of the Private Use Area that neither text holds, to stand for its breaks. */
function unusedCharacters(texts: string[]): [string, string] {
  const found: string[] = [];
  for (let code = 0xe000; found.length < 2; code++) {
    const character = String.fromCharCode(code);
    if (!texts.some((text) => text.includes(character))) found.push(character);
  }
  return found as [string, string];
}

/**
 * `diffWords` ignores white space, so a paragraph split in two or two joined would not show.
 * Each line break (with the spaces around it) becomes one token of its own: a paragraph break
 * (a blank line) one character, a single line break another, so that one is never matched with
 * the other. The breaks themselves are kept in order to be put back.
 */
function withBreaksAsTokens(text: string, paragraph: string, line: string) {
  const breaks: string[] = [];
  const marked = text.replace(LINE_BREAK_RUN, (run) => {
    breaks.push(run);
    return (run.match(/\n/g)?.length ?? 0) > 1 ? paragraph : line;
  });
  return { marked, breaks };
}

/**
 * The changes between `before` and `after`, word by word. Spaces alone changing is no change;
 * a line or paragraph break added or removed is one, with the break in the part's text. A word
 * changed in part counts once as removed and once as added.
 */
export function wordChanges(before: string, after: string): DraftChanges {
  const [paragraph, line] = unusedCharacters([before, after]);
  const earlier = withBreaksAsTokens(before, paragraph, line);
  const revised = withBreaksAsTokens(after, paragraph, line);
  const breakMarker = new RegExp(`[${paragraph}${line}]`, "g");
  let earlierBreaksUsed = 0;
  let revisedBreaksUsed = 0;

  const parts: DraftChangePart[] = [];
  for (const change of diffWords(earlier.marked, revised.marked)) {
    const kind: ChangeKind = change.added ? "added" : change.removed ? "removed" : "same";
    // A break in an unchanged part is in both texts: it uses one of each, and shows the revised one.
    const text = change.value.replace(breakMarker, () => {
      const earlierBreak = kind === "added" ? undefined : earlier.breaks[earlierBreaksUsed++];
      const revisedBreak = kind === "removed" ? undefined : revised.breaks[revisedBreaksUsed++];
      return revisedBreak ?? earlierBreak ?? "";
    });
    if (text === "") continue;
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += text;
    else parts.push({ kind, text });
  }

  return {
    parts,
    wordsAdded: changedWordCount(parts, "added"),
    wordsRemoved: changedWordCount(parts, "removed"),
  };
}

/**
 * The words of one side touched by its changes, counted in that side's text rebuilt from the
 * parts, so that a word changed in part ("student" → "students'") counts once, not per piece.
 */
function changedWordCount(parts: DraftChangePart[], kind: "added" | "removed"): number {
  let text = "";
  const changed: { start: number; end: number }[] = [];
  for (const part of parts) {
    if (part.kind === kind)
      changed.push({ start: text.length, end: text.length + part.text.length });
    if (part.kind === kind || part.kind === "same") text += part.text;
  }
  return wordSpans(text).filter((word) =>
    changed.some((range) => range.start < word.end && word.start < range.end),
  ).length;
}
