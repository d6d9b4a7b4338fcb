import {
  COMMENT_CRITERIA,
  type CommentCriterion,
  criterionName,
} from "../../../core/writing/bands.ts";
import type { MarkingComment } from "../../../core/writing/markings.server.ts";
import type { WritingTaskKind } from "../../../core/writing/task-kinds.ts";
import type { CommentOnText } from "../../components/writing/commented-answer.tsx";

/** Each criterion's name for this kind of task: Task Achievement or Task Response first. */
export function commentCriterionNames(taskKind: WritingTaskKind): Record<CommentCriterion, string> {
  return Object.fromEntries(
    COMMENT_CRITERIA.map((criterion) => [criterion, criterionName(criterion, taskKind)]),
  ) as Record<CommentCriterion, string>;
}

/**
 * A marking's comments as the answer shows them, numbered in the order of the text (the order
 * core gives them in), each at the place its TextPositionSelector gives in the marked answer.
 */
export function commentsOnText(
  comments: readonly MarkingComment[],
  taskKind: WritingTaskKind,
): CommentOnText[] {
  return comments.map((comment, index) => {
    const position = comment.selectors.find((selector) => selector.type === "TextPositionSelector");
    return {
      id: comment.id,
      number: index + 1,
      criterion: comment.criterion,
      criterionName: criterionName(comment.criterion, taskKind),
      text: comment.text,
      correction: comment.correction,
      passage: position ? { start: position.start, end: position.end } : { start: 0, end: 0 },
    };
  });
}
