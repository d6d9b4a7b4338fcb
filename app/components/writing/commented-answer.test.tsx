import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { answerBlocks } from "../../lib/writing/answer-blocks.ts";
import { CommentedAnswer, type CommentOnText } from "./commented-answer.tsx";

const TEXT = [
  "Nowadays many people works from home, and this trend is growing.",
  "However, working from home have some disadvantages. For example, people feel lonely.",
  "In conclusion, I think it is good.",
].join("\n\n");

const at = (words: string, from = 0) => {
  const start = TEXT.indexOf(words, from);
  if (start < 0) throw new Error(`"${words}" is not in the text`);
  return { start, end: start + words.length };
};

const comment = (
  number: number,
  criterion: CommentOnText["criterion"],
  criterionName: string,
  passage: { start: number; end: number },
  correction: string | null = null,
): CommentOnText => ({
  id: `c${number}`,
  number,
  criterion,
  criterionName,
  text: `Comment number ${number}.`,
  correction,
  passage,
});

describe("answerBlocks", () => {
  it("cuts the text at blank lines, keeping every other character's offset", () => {
    const blocks = answerBlocks("  One\nline.\n\n \nTwo.\n\n\n");
    expect(blocks).toEqual([
      { start: 0, end: 11 },
      { start: 15, end: 19 },
    ]);
  });
});

describe("CommentedAnswer", () => {
  const comments = [
    comment(
      1,
      "grammaticalRangeAccuracy",
      "Grammatical Range and Accuracy",
      at("people works"),
      "people work",
    ),
    // "However, working from home" holds comment 3's "working from home have" in part: they overlap.
    comment(2, "coherenceCohesion", "Coherence and Cohesion", at("However, working from home")),
    comment(
      3,
      "grammaticalRangeAccuracy",
      "Grammatical Range and Accuracy",
      at("working from home have"),
    ),
    comment(4, "task", "Task Response", at("I think it is good.")),
  ];
  const html = renderToStaticMarkup(<CommentedAnswer text={TEXT} comments={comments} />);

  it("numbers each passage and marks it in its criterion's pattern, nesting where passages overlap", () => {
    expect(html).toContain(
      '<mark class="comment-mark comment-mark-grammar" id="passage-1" tabindex="0" aria-describedby="comment-1-note">people works<sup aria-hidden="true" class="comment-mark-number" data-comment-number="">1</sup></mark>',
    );
    // "working from home" is in both 2 and 3: 2 starts first, so it is outside.
    expect(html).toContain(
      '<mark class="comment-mark comment-mark-coherence"><mark class="comment-mark comment-mark-grammar" id="passage-3" tabindex="0" aria-describedby="comment-3-note">working from home</mark><sup aria-hidden="true" class="comment-mark-number" data-comment-number="">2</sup></mark>',
    );
    expect(html).toContain(
      '<mark class="comment-mark comment-mark-grammar"> have<sup aria-hidden="true" class="comment-mark-number" data-comment-number="">3</sup></mark>',
    );
    expect(html).toContain('class="comment-mark comment-mark-task" id="passage-4"');
  });

  it("lists each paragraph's comments after it, with its number, its criterion named and a link back", () => {
    const paragraphs = html.split('<p dir="auto" class="text-base');
    expect(paragraphs).toHaveLength(4);
    expect(paragraphs[1]).toContain('id="comment-1"');
    expect(paragraphs[2]).toContain('id="comment-2"');
    expect(paragraphs[2]).toContain('id="comment-3"');
    expect(paragraphs[3]).toContain('id="comment-4"');
    expect(html).toContain(
      '<div id="comment-1-note"><p class="flex flex-wrap items-baseline gap-x-2"><span class="font-bold text-slate-900"><span class="sr-only">Comment 1,</span><span aria-hidden="true">1</span></span> <span class="comment-mark comment-mark-sample comment-mark-grammar font-semibold">Grammatical Range and Accuracy</span></p>',
    );
    expect(html).toContain(
      'Suggested correction: </span><span dir="auto" class="wrap-anywhere">people work</span>',
    );
    expect(html).toContain('href="#passage-2"');
    expect(html).toContain("“However, working from home”");
    // The blank lines between paragraphs are not shown; the text's own words are.
    expect(html).not.toContain("\n\n");
  });

  it("writes each piece's offset for the marking page's selection, and takes a prefix for its ids", () => {
    const marked = renderToStaticMarkup(
      <CommentedAnswer text={TEXT} comments={comments.slice(0, 1)} offsets idPrefix="earlier-" />,
    );
    const second = at("However").start;
    expect(marked).toContain(`<span data-start="${second}">However`);
    expect(marked).toContain('id="earlier-passage-1"');
    expect(marked).toContain('href="#earlier-passage-1"');
    expect(html).not.toContain("data-start");
  });

  it("shows markup in the text as text", () => {
    const markup = "I like <b>cars</b> & buses.";
    const out = renderToStaticMarkup(
      <CommentedAnswer
        text={markup}
        comments={[comment(1, "general", "General", { start: 7, end: 18 })]}
      />,
    );
    expect(out).toContain("&lt;b&gt;cars&lt;/b&gt;");
    expect(out).toContain("comment-mark-general");
  });
});
