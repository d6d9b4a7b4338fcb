import type { ReactNode } from "react";
import type { CommentCriterion } from "../../../core/writing/bands.ts";
import { answerBlocks } from "../../lib/writing/answer-blocks.ts";
import { markedPieces } from "../../lib/writing/marked-text.ts";
import { UserText } from "../user-text.tsx";

/**
 * A teacher's comment as the answer shows it: its number, what it is about, its words and where
 * it is in the text. The marking page, the student's returned answer and a revised draft (with
 * the earlier comments placed again) all give their comments in this shape.
 */
export interface CommentOnText {
  id: string;
  /** 1, 2, 3… in the order of the text: beside the passage and in the comments. */
  number: number;
  criterion: CommentCriterion;
  /** "Task Response", "Lexical Resource"… as `criterionName` names it for the task. */
  criterionName: string;
  text: string;
  correction: string | null;
  /** Where it is in the text: UTF-16 offsets, the end exclusive (`text.slice(start, end)`). */
  passage: { start: number; end: number };
}

/**
 * How each criterion's passages look: a pattern of its own, which survives forced colours (an
 * underline's style and an outline do; backgrounds and shadows do not), so a comment's criterion
 * is never told by colour alone (WCAG 1.4.1). The label beside each comment names it too.
 */
export const COMMENT_PATTERNS: Record<CommentCriterion, { pattern: string; className: string }> = {
  task: { pattern: "thick underline", className: "comment-mark-task" },
  coherenceCohesion: { pattern: "dashed underline", className: "comment-mark-coherence" },
  lexicalResource: { pattern: "wavy underline", className: "comment-mark-lexical" },
  grammaticalRangeAccuracy: { pattern: "double underline", className: "comment-mark-grammar" },
  general: { pattern: "dotted box", className: "comment-mark-general" },
};

/** The comment's place in the list (`#comment-3`), which a link from elsewhere may lead to. */
export const commentAnchor = (number: number, idPrefix = "") => `${idPrefix}comment-${number}`;
/** The passage's first piece in the text (`#passage-3`), which the comment links back to. */
export const passageAnchor = (number: number, idPrefix = "") => `${idPrefix}passage-${number}`;
const commentNoteId = (number: number, idPrefix: string) => `${idPrefix}comment-${number}-note`;

/** Where a piece of the text starts, for the marking page's script to read a selection's offsets. */
export const PIECE_START_ATTRIBUTE = "data-start";
/** Marks a comment's number after its passage: not part of the text. */
export const NUMBER_ATTRIBUTE = "data-comment-number";

/**
 * The answer with the teacher's comments: each passage highlighted in its criterion's pattern
 * and numbered, each paragraph followed by the comments on it. The same HTML serves every width:
 * in a narrow column a paragraph's comments follow it; where the answer has room (a container
 * query, so it holds in any column) they stand beside it, level with their paragraph.
 *
 * Passages may nest or overlap: the text is cut wherever one starts or ends (marked-text.ts) and
 * each piece is wrapped in a `<mark>` per comment over it, the outermost outside. A passage's
 * first piece takes the keyboard's focus and is described by its comment (`aria-describedby`),
 * whose quote links back to it.
 *
 * `actions` adds controls under each comment (the marking page's Change and Remove); `offsets`
 * writes each piece's offset in the text, for the marking page's selection.
 */
export function CommentedAnswer({
  text,
  comments,
  idPrefix = "",
  actions,
  offsets = false,
}: {
  text: string;
  comments: readonly CommentOnText[];
  /** Makes the ids unique where a page shows two answers with comments. */
  idPrefix?: string;
  actions?: (comment: CommentOnText) => ReactNode;
  offsets?: boolean;
}) {
  const blocks = answerBlocks(text);
  const spans = comments.map((comment) => comment.passage);
  // The paragraphs are cut too, so that no piece straddles two of them.
  const pieces = markedPieces(text, [...spans, ...blocks]).map((piece) => ({
    ...piece,
    flags: piece.flags.filter((index) => index < comments.length),
  }));
  const inBlock = blocks.map((block) =>
    pieces.filter((piece) => piece.start >= block.start && piece.end <= block.end),
  );
  // A comment's first and last pieces as shown (not in the blank lines between paragraphs), and
  // the paragraph it is listed after: the one its passage starts in.
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const home = new Map<number, number>();
  inBlock.forEach((blockPieces, blockIndex) => {
    for (const piece of blockPieces) {
      for (const index of piece.flags) {
        if (!first.has(index)) {
          first.set(index, piece.start);
          home.set(index, blockIndex);
        }
        last.set(index, piece.start);
      }
    }
  });
  const listedAfter = blocks.map(() => [] as CommentOnText[]);
  const unplaced: CommentOnText[] = [];
  comments.forEach((comment, index) => {
    const blockIndex = home.get(index);
    if (blockIndex === undefined) unplaced.push(comment);
    else listedAfter[blockIndex]?.push(comment);
  });

  return (
    <div className="@container space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      {blocks.map((block, blockIndex) => {
        const notes = listedAfter[blockIndex] ?? [];
        return (
          <div
            key={block.start}
            className="commented-block @3xl:grid @3xl:grid-cols-[minmax(0,1fr)_16rem] @3xl:items-start @3xl:gap-6"
          >
            <p
              dir="auto"
              className="text-base leading-8 whitespace-pre-wrap wrap-anywhere text-slate-900"
              data-answer-block=""
            >
              {(inBlock[blockIndex] ?? []).map((piece) => {
                let content: ReactNode = text.slice(piece.start, piece.end);
                for (const index of [...piece.flags].reverse()) {
                  const comment = comments[index] as CommentOnText;
                  const opens = first.get(index) === piece.start;
                  const closes = last.get(index) === piece.start;
                  content = (
                    <mark
                      className={`comment-mark ${COMMENT_PATTERNS[comment.criterion].className}`}
                      {...(opens
                        ? {
                            id: passageAnchor(comment.number, idPrefix),
                            tabIndex: 0,
                            "aria-describedby": commentNoteId(comment.number, idPrefix),
                          }
                        : {})}
                    >
                      {content}
                      {closes && (
                        <sup
                          aria-hidden="true"
                          className="comment-mark-number"
                          {...{ [NUMBER_ATTRIBUTE]: "" }}
                        >
                          {comment.number}
                        </sup>
                      )}
                    </mark>
                  );
                }
                return (
                  <span
                    key={piece.start}
                    {...(offsets ? { [PIECE_START_ATTRIBUTE]: piece.start } : {})}
                  >
                    {content}
                  </span>
                );
              })}
            </p>
            {notes.length > 0 && (
              <CommentNotes text={text} comments={notes} idPrefix={idPrefix} actions={actions} />
            )}
          </div>
        );
      })}
      {unplaced.length > 0 && (
        <CommentNotes text={text} comments={unplaced} idPrefix={idPrefix} actions={actions} />
      )}
    </div>
  );
}

/** A paragraph's comments, in the order of the text. */
function CommentNotes({
  text,
  comments,
  idPrefix,
  actions,
}: {
  text: string;
  comments: readonly CommentOnText[];
  idPrefix: string;
  actions: ((comment: CommentOnText) => ReactNode) | undefined;
}) {
  return (
    <ol className="mt-2 space-y-3 @3xl:mt-1">
      {comments.map((comment) => (
        <li
          key={comment.id}
          id={commentAnchor(comment.number, idPrefix)}
          className="commented-note rounded-lg bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200"
        >
          <div id={commentNoteId(comment.number, idPrefix)}>
            <p className="flex flex-wrap items-baseline gap-x-2">
              {/* Read as one phrase, "Comment 3," (hidden pieces around the number were read
                  "Comment 3 ,"); seen as the number alone. */}
              <span className="font-bold text-slate-900">
                <span className="sr-only">{`Comment ${comment.number},`}</span>
                <span aria-hidden="true">{comment.number}</span>
              </span>{" "}
              <CriterionLabel criterion={comment.criterion} name={comment.criterionName} />
            </p>
            <p dir="auto" className="mt-1 whitespace-pre-line wrap-anywhere">
              {comment.text}
            </p>
            {comment.correction && (
              <p className="mt-1">
                <span className="font-semibold">Suggested correction: </span>
                <UserText>{comment.correction}</UserText>
              </p>
            )}
          </div>
          {validPassage(text, comment.passage) && (
            <p className="mt-1">
              <a
                href={`#${passageAnchor(comment.number, idPrefix)}`}
                className="link wrap-anywhere"
                dir="auto"
              >
                <span className="sr-only">{`To the passage of comment ${comment.number}: `}</span>
                {`“${excerpt(text.slice(comment.passage.start, comment.passage.end))}”`}
              </a>
            </p>
          )}
          {actions?.(comment)}
        </li>
      ))}
    </ol>
  );
}

/** A criterion's name, drawn in its passages' pattern. */
export function CriterionLabel({ criterion, name }: { criterion: CommentCriterion; name: string }) {
  return (
    <span
      className={`comment-mark comment-mark-sample ${COMMENT_PATTERNS[criterion].className} font-semibold`}
    >
      {name}
    </span>
  );
}

/** What each pattern in the text means, for the criteria this answer is marked on. */
export function CommentKey({ names }: { names: Record<CommentCriterion, string> }) {
  return (
    <ul
      aria-label="Key to the comments' patterns"
      className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700"
    >
      {(Object.keys(COMMENT_PATTERNS) as CommentCriterion[]).map((criterion) => (
        <li key={criterion}>
          <CriterionLabel criterion={criterion} name={names[criterion]} />
          {` (${COMMENT_PATTERNS[criterion].pattern})`}
        </li>
      ))}
    </ul>
  );
}

function validPassage(text: string, passage: { start: number; end: number }): boolean {
  return (
    Number.isInteger(passage.start) &&
    Number.isInteger(passage.end) &&
    passage.start >= 0 &&
    passage.end <= text.length &&
    passage.start < passage.end
  );
}

/** A long passage is quoted by its first and last words. */
function excerpt(words: string): string {
  const flat = words.replace(/\s+/g, " ").trim();
  if (flat.length <= 60) return flat;
  return `${flat.slice(0, 28).trimEnd()} … ${flat.slice(-28).trimStart()}`;
}
