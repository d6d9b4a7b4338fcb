import type { WritingFlag, WritingMeasures } from "../../../core/writing/measures.ts";
import { CommentedAnswer, type CommentOnText } from "../../components/writing/commented-answer.tsx";
import { RewordedNote } from "../../components/writing/earlier-comments.tsx";
import { FlagList, MarkedAnswer } from "../../components/writing/marked-answer.tsx";
import { ChangeCommentLink } from "../../components/writing/marking-forms.tsx";
import { LinkingWords, MeasuresSummary } from "../../components/writing/measures-summary.tsx";
import type { AppContext, appContext } from "../../context.server.ts";
import { drawnPart } from "../drawn-parts.server.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/*
 * The Writing answer pages' heaviest parts, drawn on the server once per version and sent once
 * (app/lib/drawn-parts.ts): a 400-word answer with 40 comments is some 700 elements, which React
 * drew on every request in most of the marking page's 15 ms of CPU (decision 0063). Each draws
 * the site's own component, so the page looks as it would drawn live.
 */

/**
 * An answer with comments, as `CommentedAnswer` draws it. `forMarking` (the marking page before
 * it is returned) adds each piece's offset, for the selection, and each comment's "Change or
 * remove" link; a comment placed again in a revised draft notes the words it was on when they
 * changed (`reworded`).
 */
export function commentedAnswerPart(
  context: ContextProvider,
  id: string,
  drawing: {
    text: string;
    comments: readonly (CommentOnText & { reworded?: string | null })[];
    forMarking?: boolean;
    idPrefix?: string;
  },
) {
  return drawnPart(context, id, drawing, () => (
    <CommentedAnswer
      text={drawing.text}
      comments={drawing.comments}
      idPrefix={drawing.idPrefix}
      offsets={drawing.forMarking === true}
      actions={(comment) => {
        if (drawing.forMarking) return <ChangeCommentLink comment={comment} />;
        const reworded = drawing.comments.find((each) => each.id === comment.id)?.reworded;
        return reworded ? <RewordedNote words={reworded} /> : null;
      }}
    />
  ));
}

/** The answer's measures and its linking words, as the marking page shows them together. */
export function measuresAndLinkingPart(
  context: ContextProvider,
  measures: Omit<WritingMeasures, "flags">,
) {
  return drawnPart(context, "answer-measures", measures, () => (
    <>
      <MeasuresSummary measures={measures} />
      <h3 className="mt-6 text-lg font-bold text-slate-900">Linking words</h3>
      <LinkingWords linking={measures.linkingWords} />
    </>
  ));
}

/**
 * The student's answer page's measures: the counts, the answer with each flag marked, the flags
 * listed and the linking words, four parts in their own sections.
 */
export function measuresParts(context: ContextProvider, text: string, measures: WritingMeasures) {
  const { flags, ...counts } = measures;
  const flagged: { text: string; flags: WritingFlag[] } = { text, flags };
  return {
    counts: drawnPart(context, "answer-counts", counts, () => (
      <MeasuresSummary measures={counts} />
    )),
    marked: drawnPart(context, "answer-flags", flagged, () => (
      <MarkedAnswer text={text} flags={flags} />
    )),
    flagList: drawnPart(context, "answer-flag-list", flagged, () => (
      <FlagList text={text} flags={flags} />
    )),
    linking: drawnPart(context, "answer-linking", counts.linkingWords, () => (
      <LinkingWords linking={counts.linkingWords} />
    )),
  };
}
