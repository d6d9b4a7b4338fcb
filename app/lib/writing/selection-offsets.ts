import {
  NUMBER_ATTRIBUTE,
  PIECE_START_ATTRIBUTE,
} from "../../components/writing/commented-answer.tsx";

/*
 * The marking page's selection read back as offsets in the answer's text (UTF-16 code units, as
 * core stores a passage). CommentedAnswer, drawn with `offsets`, writes on each piece of the
 * text where it starts; a comment's number after its passage is not text. Browser only.
 */

/** The answer's paragraphs, where a selection may start and end (not the comments beside them). */
const BLOCK_SELECTOR = "[data-answer-block]";

interface Segment {
  node: Text;
  /** Where the node's first character is in the answer's text. */
  start: number;
}

/** Every run of the answer's own text in the container, in document order. */
function segmentsOf(container: HTMLElement): Segment[] {
  const segments: Segment[] = [];
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let piece: Element | null = null;
  let within = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(`[${NUMBER_ATTRIBUTE}]`)) continue;
    const owner = parent.closest(`[${PIECE_START_ATTRIBUTE}]`);
    if (!owner?.closest(BLOCK_SELECTOR)) continue;
    if (owner !== piece) {
      piece = owner;
      within = 0;
    }
    const start = Number(owner.getAttribute(PIECE_START_ATTRIBUTE)) + within;
    segments.push({ node: node as Text, start });
    within += (node as Text).length;
  }
  return segments;
}

/**
 * A boundary of the selection as an offset: inside a run of text, that place; between elements
 * (or in a comment's number), the nearest text after it for a start and before it for an end.
 */
function offsetOf(
  segments: readonly Segment[],
  node: Node,
  offset: number,
  side: "start" | "end",
): number | null {
  const own = segments.find((segment) => segment.node === node);
  if (own) return own.start + offset;
  const point = node.ownerDocument?.createRange();
  if (!point) return null;
  point.setStart(node, offset);
  point.collapse(true);
  if (side === "start") {
    const after = segments.find((segment) => point.comparePoint(segment.node, 0) >= 0);
    return after ? after.start : null;
  }
  const before = segments.findLast(
    (segment) => point.comparePoint(segment.node, segment.node.length) <= 0,
  );
  return before ? before.start + before.node.length : null;
}

const inBlock = (container: HTMLElement, node: Node) => {
  const element = node instanceof Element ? node : node.parentElement;
  const block = element?.closest(BLOCK_SELECTOR);
  return Boolean(block && container.contains(block));
};

/**
 * The passage a selection covers in the answer drawn in `container`, its white space at either
 * end left out; null when it does not start and end in the answer's text or holds no words.
 */
export function selectedPassage(
  container: HTMLElement,
  range: Range,
  text: string,
): { start: number; end: number } | null {
  if (range.collapsed) return null;
  if (!inBlock(container, range.startContainer) || !inBlock(container, range.endContainer))
    return null;
  const segments = segmentsOf(container);
  let start = offsetOf(segments, range.startContainer, range.startOffset, "start");
  let end = offsetOf(segments, range.endContainer, range.endOffset, "end");
  if (start === null || end === null) return null;
  while (start < end && /\s/.test(text.charAt(start))) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  return start < end ? { start, end } : null;
}
