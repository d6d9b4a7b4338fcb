import type { ReactNode } from "react";
import type { WritingFlag, WritingFlagKind } from "../../../core/writing/measures.ts";
import { markedPieces, usableFlags } from "../../lib/writing/marked-text.ts";

/**
 * How each kind of flag looks in the text: a pattern of its own (not colour alone, WCAG 1.4.1),
 * named in the key above the text, and a number after it that the list below explains.
 */
export const FLAG_KINDS: Record<
  WritingFlagKind,
  { name: string; pattern: string; className: string }
> = {
  copied: {
    name: "Copied from the task",
    pattern: "striped background",
    className: "writing-mark-copied",
  },
  spelling: {
    name: "Spelling",
    pattern: "wavy underline",
    className: "writing-mark-spelling",
  },
  "repeated-word": {
    name: "The same word twice",
    pattern: "double underline",
    className: "writing-mark-repeated",
  },
  article: {
    name: "“a” or “an”",
    pattern: "dotted underline",
    className: "writing-mark-article",
  },
  linking: {
    name: "Linking word or phrase",
    pattern: "thin box",
    className: "writing-mark-linking",
  },
  "overused-linking": {
    name: "Overused linking word or phrase",
    pattern: "thick dashed box",
    className: "writing-mark-overused",
  },
};

export const flagId = (index: number) => `flag-${index + 1}`;
export const flagNoteId = (index: number) => `flag-${index + 1}-note`;

/**
 * The answer as written, each flag a `<mark>` with its pattern and its number. Flags may nest or
 * overlap (decision 0058), so the text is cut wherever one starts or ends and each piece is
 * wrapped in a `<mark>` for every flag over it, the outermost outside: a flag's first piece
 * carries its id, takes the keyboard's focus (Tab) and is described by its note in the list
 * below, whose link leads back to it.
 */
export function MarkedAnswer({ text, flags }: { text: string; flags: readonly WritingFlag[] }) {
  const pieces = markedPieces(text, flags);
  return (
    <div
      dir="auto"
      className="rounded-xl bg-white p-5 text-base leading-8 whitespace-pre-wrap wrap-anywhere text-slate-900 shadow-sm ring-1 ring-slate-200"
    >
      {pieces.map((piece) => {
        let content: ReactNode = text.slice(piece.start, piece.end);
        for (const index of [...piece.flags].reverse()) {
          const flag = flags[index] as WritingFlag;
          const first = flag.start === piece.start;
          const last = flag.end === piece.end;
          content = (
            <mark
              className={`writing-mark ${FLAG_KINDS[flag.kind].className}`}
              {...(first
                ? { id: flagId(index), tabIndex: 0, "aria-describedby": flagNoteId(index) }
                : {})}
            >
              {content}
              {last && (
                <sup aria-hidden="true" className="writing-mark-number">
                  {index + 1}
                </sup>
              )}
            </mark>
          );
        }
        return <span key={piece.start}>{content}</span>;
      })}
    </div>
  );
}

/** The flags in the text's order, each with its number, its words (a link to them) and its label. */
export function FlagList({ text, flags }: { text: string; flags: readonly WritingFlag[] }) {
  const usable = usableFlags(text, flags);
  const listed = flags.map((flag, index) => ({ flag, index })).filter(({ index }) => usable[index]);
  if (listed.length === 0) return <p className="mt-3 text-slate-700">Nothing is marked.</p>;
  return (
    <ol className="mt-3 space-y-2">
      {listed.map(({ flag, index }) => (
        <li key={flagId(index)} className="flex gap-3">
          <span className="w-8 shrink-0 text-right font-semibold text-slate-600 tabular-nums">
            {`${index + 1}.`}
          </span>
          <span id={flagNoteId(index)}>
            <a href={`#${flagId(index)}`} className="link wrap-anywhere" dir="auto">
              {`“${excerpt(text.slice(flag.start, flag.end))}”`}
            </a>
            {` ${flag.label}`}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A long copied run is quoted by its first and last words. */
function excerpt(words: string): string {
  const flat = words.replace(/\s+/g, " ").trim();
  if (flat.length <= 60) return flat;
  return `${flat.slice(0, 28).trimEnd()} … ${flat.slice(-28).trimStart()}`;
}
