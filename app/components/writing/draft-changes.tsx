import type { DraftChanges as Changes } from "../../../core/writing/draft-changes.ts";

const words = (count: number) => `${count} ${count === 1 ? "word" : "words"}`;

/** "12 words added, 5 removed", "No words changed". */
export function changesSummary({ wordsAdded, wordsRemoved }: Changes): string {
  if (wordsAdded === 0 && wordsRemoved === 0) return "No words changed";
  return `${words(wordsAdded)} added, ${wordsRemoved} removed`;
}

/** A line or paragraph break inside a change, which would otherwise show as nothing. */
const BREAK_RUN = /\s*\n\s*/g;

/**
 * What changed between an answer and its revised draft, word by word (issue 39, point 5): the
 * revised draft's text with the words added underlined (`<ins>`) and the words removed struck
 * through (`<del>`), each also tinted; never told by colour alone (WCAG 1.4.1), and said to a
 * screen reader, which reads neither element's meaning aloud, in words of its own ("added:",
 * "removed:"). A break added or removed shows as ¶ where it was.
 */
export function DraftChanges({
  changes,
  earlierLabel,
}: {
  changes: Changes;
  /** "your earlier answer": what the revised draft is compared with. */
  earlierLabel: string;
}) {
  return (
    <section aria-labelledby="changes-heading" className="mt-10" data-draft-changes>
      <h2 id="changes-heading" className="text-2xl font-bold text-slate-900">
        What changed
      </h2>
      <p className="mt-2 text-slate-700">
        <strong className="font-semibold text-slate-900">{changesSummary(changes)}</strong>
        {` since ${earlierLabel}, counted as the test counts words.`}
      </p>
      <ul aria-label="Key to the changes" className="mt-2 flex flex-wrap gap-x-5 text-sm">
        <li>
          <ins className="draft-added">Added words</ins> are underlined
        </li>
        <li>
          <del className="draft-removed">Removed words</del> are struck through
        </li>
      </ul>
      <div className="mt-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <p
          dir="auto"
          className="text-base leading-8 whitespace-pre-wrap wrap-anywhere text-slate-900"
        >
          {changes.parts.map((part, index) => {
            const key = `${index}-${part.kind}`;
            if (part.kind === "same") return <span key={key}>{part.text}</span>;
            if (part.kind === "added")
              return (
                <ins key={key} className="draft-added">
                  <span className="sr-only">[added: </span>
                  {part.text.replace(BREAK_RUN, (run) => ` ¶${run}`)}
                  <span className="sr-only">]</span>
                </ins>
              );
            return (
              <del key={key} className="draft-removed">
                <span className="sr-only">[removed: </span>
                {part.text.replace(BREAK_RUN, " ¶ ")}
                <span className="sr-only">]</span>
              </del>
            );
          })}
        </p>
      </div>
    </section>
  );
}
