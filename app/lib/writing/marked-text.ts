import type { WritingFlag } from "../../../core/writing/measures.ts";

/**
 * What is marked: only its offsets are read, so a flag and a teacher's comment passage
 * (`Passage` of core/writing/anchoring.ts), which overlap as freely, are cut the same way.
 */
type Span = Pick<WritingFlag, "start" | "end">;

/**
 * An answer cut where any flag starts or ends, so that flags which nest or overlap
 * (decision 0058: "also also" is one repeated-word flag around two linking ones) can each be
 * marked with `<mark>`s of their own: a piece lies wholly inside or wholly outside every flag.
 */
export interface MarkedPiece {
  start: number;
  end: number;
  /**
   * The flags over this piece (indexes into the flags as given), the outermost first: the one
   * that starts earlier, then the one that ends later, then the earlier in the list.
   */
  flags: number[];
}

/** The flags that fit the text (inside it, not empty), as the pieces are built from them. */
export function usableFlags(text: string, flags: readonly Span[]): boolean[] {
  return flags.map(
    (flag) =>
      Number.isInteger(flag.start) &&
      Number.isInteger(flag.end) &&
      flag.start >= 0 &&
      flag.end <= text.length &&
      flag.start < flag.end,
  );
}

/** The text's pieces in order, covering all of it (an empty text has none). */
export function markedPieces(text: string, flags: readonly Span[]): MarkedPiece[] {
  const usable = usableFlags(text, flags);
  const cuts = new Set<number>([0, text.length]);
  flags.forEach((flag, index) => {
    if (!usable[index]) return;
    cuts.add(flag.start);
    cuts.add(flag.end);
  });
  const points = [...cuts].sort((a, b) => a - b);
  const order = flags
    .map((flag, index) => ({ flag, index }))
    .filter(({ index }) => usable[index])
    .sort((a, b) => a.flag.start - b.flag.start || b.flag.end - a.flag.end || a.index - b.index);
  const pieces: MarkedPiece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i] as number;
    const end = points[i + 1] as number;
    if (start === end) continue;
    pieces.push({
      start,
      end,
      flags: order
        .filter(({ flag }) => flag.start <= start && flag.end >= end)
        .map(({ index }) => index),
    });
  }
  return pieces;
}
