import type { CommentCriterion } from "../../../core/writing/bands.ts";
import type { DrawnPart } from "../../lib/drawn-parts.ts";
import { DrawnHtml } from "../drawn-html.tsx";
import { CommentKey, type CommentOnText, CriterionLabel } from "./commented-answer.tsx";

/** An earlier comment placed again in the revised draft. */
export interface PlacedComment extends CommentOnText {
  /** The words it was on, when the draft has changed them (the place found by its context). */
  reworded: string | null;
}

/** An earlier comment whose passage the revised draft no longer has. */
export interface LostComment {
  id: string;
  criterion: CommentCriterion;
  criterionName: string;
  text: string;
  correction: string | null;
  /** The words it was on, in the earlier answer. */
  quote: string;
}

/**
 * The teacher's comments on the earlier answer, in its revised draft (issue 39, point 5): those
 * whose passage is still there, highlighted and numbered in the new text (found by their quote
 * and its context, fuzzily, as Hypothesis anchors annotations), and the others listed under "No
 * longer in the text" with the words they were on. A student sees at a glance which comments
 * their revision answered by removing the passage, and which still stand.
 */
export function EarlierComments({
  answer,
  placed,
  lost,
  names,
  earlierLabel,
}: {
  /** The revised draft with the comments placed again (answer-parts.server.tsx draws it). */
  answer: DrawnPart;
  placed: { id: string }[];
  lost: LostComment[];
  /** Each criterion's name for the task. */
  names: Record<CommentCriterion, string>;
  /** "your earlier answer". */
  earlierLabel: string;
}) {
  const count = placed.length + lost.length;
  return (
    <section aria-labelledby="earlier-comments-heading" className="mt-10" data-earlier-comments>
      <h2 id="earlier-comments-heading" className="text-2xl font-bold text-slate-900">
        The teacher's earlier comments
      </h2>
      <p className="mt-2 text-slate-700">
        {`The ${count === 1 ? "comment" : `${count} comments`} on ${earlierLabel}: ${
          placed.length === count
            ? "all still in the text"
            : placed.length === 0
              ? "none is still in the text"
              : `${placed.length} still in the text, ${lost.length} no longer`
        }.`}
      </p>
      {placed.length > 0 && (
        <>
          <h3 className="mt-6 text-xl font-bold text-slate-900">Still in the text</h3>
          <p className="mt-2 text-slate-700">
            Each passage is highlighted and numbered in this draft; Tab moves from passage to
            passage.
          </p>
          <CommentKey names={names} />
          <DrawnHtml part={answer} className="mt-4" />
        </>
      )}
      {lost.length > 0 && (
        <>
          <h3 className="mt-6 text-xl font-bold text-slate-900">No longer in the text</h3>
          <ul className="mt-3 space-y-3">
            {lost.map((comment) => (
              <li
                key={comment.id}
                className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200"
              >
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <CriterionLabel criterion={comment.criterion} name={comment.criterionName} />{" "}
                  <span>on</span>{" "}
                  <q dir="auto" className="wrap-anywhere">
                    {comment.quote}
                  </q>
                </p>
                <p dir="auto" className="mt-1 whitespace-pre-line wrap-anywhere">
                  {comment.text}
                </p>
                {comment.correction && (
                  <p className="mt-1">
                    <span className="font-semibold">Suggested correction: </span>
                    <span dir="auto" className="wrap-anywhere">
                      {comment.correction}
                    </span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** Under a comment placed again: the words it was on, where the draft has changed them. */
export function RewordedNote({ words }: { words: string }) {
  return (
    <p className="mt-1 text-slate-700">
      {"Written before as "}
      <q dir="auto" className="wrap-anywhere">
        {words}
      </q>
    </p>
  );
}
