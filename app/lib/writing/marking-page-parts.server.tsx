import type { WritingMeasures } from "../../../core/writing/measures.ts";
import { CommentedAnswer, type CommentOnText } from "../../components/writing/commented-answer.tsx";
import { ChangeCommentLink } from "../../components/writing/marking-forms.tsx";
import { LinkingWords, MeasuresSummary } from "../../components/writing/measures-summary.tsx";
import type { AppContext, appContext } from "../../context.server.ts";
import { drawnOnce, drawnPart } from "../drawn-parts.server.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/*
 * The marking pages' heaviest parts, drawn on the server once per version and sent once
 * (app/lib/drawn-parts.ts): a 400-word answer with 40 comments is some 700 elements, and React
 * drew them on every request in most of the marking page's 15 ms of CPU (decision 0063).
 */

/**
 * The answer with its comments as `CommentedAnswer` draws it; `forMarking` (the marking page
 * before it is returned) adds each piece's offset, for the selection, and each comment's
 * "Change or remove" link.
 */
export function commentedAnswerPart(
  context: ContextProvider,
  drawing: { text: string; comments: readonly CommentOnText[]; forMarking: boolean },
) {
  const html = drawnOnce("commented-answer", drawing, () => (
    <CommentedAnswer
      text={drawing.text}
      comments={drawing.comments}
      offsets={drawing.forMarking}
      actions={
        drawing.forMarking ? (comment) => <ChangeCommentLink comment={comment} /> : undefined
      }
    />
  ));
  return drawnPart(context, "commented-answer", html);
}

/** The answer's measures and its linking words, as the answer's page shows them. */
export function answerMeasuresPart(
  context: ContextProvider,
  measures: Omit<WritingMeasures, "flags">,
) {
  const html = drawnOnce("answer-measures", measures, () => (
    <>
      <MeasuresSummary measures={measures} />
      <h3 className="mt-6 text-lg font-bold text-slate-900">Linking words</h3>
      <LinkingWords linking={measures.linkingWords} />
    </>
  ));
  return drawnPart(context, "answer-measures", html);
}
