import { describe, expect, it } from "vitest";
import {
  ABSENT_QUOTE_MESSAGE,
  anchorPassage,
  BLANK_PASSAGE_MESSAGE,
  CONTEXT_LENGTH,
  describePassage,
  EMPTY_PASSAGE_MESSAGE,
  EMPTY_QUOTE_MESSAGE,
  findQuotedPassage,
  MAX_PASSAGE_LENGTH,
  NO_SELECTOR_MESSAGE,
  PASSAGE_OUT_OF_RANGE_MESSAGE,
  PASSAGE_SPLITS_CHARACTER_MESSAGE,
  PASSAGE_TOO_LONG_MESSAGE,
  type Passage,
  type PassageSelectors,
  QUOTE_MISMATCH_MESSAGE,
  reanchorComments,
  resolveTarget,
} from "./anchoring.ts";

/**
 * A learner's Task 2 essay (315 words) with the errors a teacher comments on ("the most of
 * cities", "can not", "roads is", "most of goods", "help the economy", "has lot of",
 * "enviroment", "it produce", "after few years", "for the business"), and the student's second
 * draft after the comments: a sentence added at the start, "the most of" and one of the two
 * "enviroment"s corrected, an article added, a sentence deleted and one moved to the last
 * paragraph. Prompt (our own): some think governments should spend more on public transport,
 * others on new roads; discuss both views and give your opinion.
 */
const FIRST_DRAFT = `Nowadays, traffic is a big problem in the most of cities around the world. Some people think the government should spend more money on public transport, while other people believe that building new roads is more important. In this essay I will discuss both views and give my own opinion.

On the one hand, there are many reasons why new roads are necessary. Firstly, the number of cars is growing every year, so the old roads can not carry all of them. For example, in my city it takes one hour to drive ten kilometres in the morning because the roads is too narrow. Secondly, most of goods are carried by lorries, and if the roads are bad, the prices in the shops become higher. Therefore, building roads help the economy. Also, people who live in the villages often have no other way to go to work.

On the other hand, public transport has lot of advantages. The most important one is that it is better for the enviroment, because one bus can carry fifty people and it produce less pollution than fifty cars. In addition, not everyone can afford a car, especially students and old people, so cheap buses and trains give them more freedom to travel. For instance, in Tokyo millions of people use the trains every day and they are very rarely late. Moreover, new roads often become full again after few years, because more people decide to drive when the roads are new and empty.

In my opinion, the government should spend most of the money on public transport. Although roads are important for the business, I think that a good metro system is more useful for the ordinary people who work in the city centre. In conclusion, both views have some good points, but public transport is the better solution for the future of our cities and for the enviroment.`;

const SECOND_DRAFT = `Traffic jams are one of the biggest problems of modern life. Nowadays, traffic is a big problem in most cities around the world. Some people think the government should spend more money on public transport, while other people believe that building new roads is more important. In this essay I will discuss both views and give my own opinion.

On the one hand, there are many reasons why new roads are necessary. Firstly, the number of cars is growing every year, so the old roads can not carry all of them. For example, in my city it takes one hour to drive ten kilometres in the morning because the roads is too narrow. Secondly, most of goods are carried by lorries, and if the roads are bad, the prices in the shops become higher. Also, people who live in the villages often have no other way to go to work.

On the other hand, public transport has a lot of advantages. The most important one is that it is better for the environment, because one bus can carry fifty people and it produce less pollution than fifty cars. In addition, not everyone can afford a car, especially students and old people, so cheap buses and trains give them more freedom to travel. For instance, in Tokyo millions of people use the trains every day and they are very rarely late.

In my opinion, the government should spend most of the money on public transport. Moreover, new roads often become full again after few years, because more people decide to drive when the roads are new and empty. Although roads are important for the business, I think that a good metro system is more useful for the ordinary people who work in the city centre. In conclusion, both views have some good points, but public transport is the better solution for the future of our cities and for the enviroment.`;

/** A passage as the page shows it: a few characters either side, the passage in brackets. */
function inPlace(text: string, passage: Passage, around = 12): string {
  const before = text.slice(Math.max(0, passage.start - around), passage.start);
  const after = text.slice(passage.end, passage.end + around);
  return `${before}[${text.slice(passage.start, passage.end)}]${after}`;
}

/** The selectors a teacher's selection of `words` makes, where they follow `before` (found once). */
function selected(text: string, words: string, before = ""): PassageSelectors {
  const at = text.indexOf(before + words);
  if (at < 0 || text.indexOf(before + words, at + 1) >= 0) {
    throw new Error(`"${before}${words}" is not in the text once`);
  }
  const start = at + before.length;
  const described = describePassage(text, { start, end: start + words.length });
  if (!described.ok) throw new Error(described.message);
  return described.selectors;
}

describe("describePassage", () => {
  it("keeps the passage's words, its offsets and up to CONTEXT_LENGTH characters either side", () => {
    expect(CONTEXT_LENGTH).toBe(32);
    const start = FIRST_DRAFT.indexOf("can not carry");
    expect(describePassage(FIRST_DRAFT, { start, end: start + 13 })).toEqual({
      ok: true,
      selectors: [
        {
          type: "TextQuoteSelector",
          exact: "can not carry",
          prefix: "ng every year, so the old roads ",
          suffix: " all of them. For example, in my",
        },
        { type: "TextPositionSelector", start, end: start + 13 },
      ],
    });
  });

  it("keeps what context there is at the text's start and end", () => {
    const text = "Cars pollute. Buses pollute less.";
    expect(describePassage(text, { start: 0, end: 4 })).toMatchObject({
      ok: true,
      selectors: [{ exact: "Cars", prefix: "", suffix: " pollute. Buses pollute less." }, {}],
    });
    expect(describePassage(text, { start: 28, end: 33 })).toMatchObject({
      ok: true,
      selectors: [{ exact: "less.", prefix: "Cars pollute. Buses pollute ", suffix: "" }, {}],
    });
  });

  it("trims the spaces and line breaks a mouse selection takes in", () => {
    const text = "It is good.\n\nHowever, it costs money.";
    // " However, " with the paragraph break before it
    expect(describePassage(text, { start: 11, end: 22 })).toMatchObject({
      ok: true,
      selectors: [
        { exact: "However,", prefix: "It is good.\n\n", suffix: " it costs money." },
        { start: 13, end: 21 },
      ],
    });
  });

  it("refuses a passage that is empty, only white space, or not within the text", () => {
    const text = "Buses are cheap.";
    const refusal = (start: number, end: number) => describePassage(text, { start, end });
    expect(refusal(3, 3)).toEqual({ ok: false, reason: "empty", message: EMPTY_PASSAGE_MESSAGE });
    expect(refusal(5, 6)).toEqual({ ok: false, reason: "blank", message: BLANK_PASSAGE_MESSAGE });
    for (const [start, end] of [
      [-1, 3],
      [0, 17],
      [6, 2],
      [0.5, 3],
      [0, Number.NaN],
      [0, Number.POSITIVE_INFINITY],
    ] as const) {
      expect(refusal(start, end)).toEqual({
        ok: false,
        reason: "out-of-range",
        message: PASSAGE_OUT_OF_RANGE_MESSAGE,
      });
    }
    expect(refusal(0, 16)).toMatchObject({ ok: true, selectors: [{ exact: text }, {}] });
  });

  it("refuses offsets between the two halves of an emoji, and keeps none in the context", () => {
    const text = "I love 😀 it";
    expect(describePassage(text, { start: 7, end: 8 })).toEqual({
      ok: false,
      reason: "splits-character",
      message: PASSAGE_SPLITS_CHARACTER_MESSAGE,
    });
    expect(describePassage(text, { start: 8, end: 12 }).ok).toBe(false);
    expect(describePassage(text, { start: 7, end: 9 })).toMatchObject({
      ok: true,
      selectors: [{ exact: "😀", prefix: "I love ", suffix: " it" }, {}],
    });
    // The context's 32 characters would begin (or end) with the second (first) half of an emoji.
    const wide = `😀${"a".repeat(31)}WORD${"b".repeat(31)}😀`;
    expect(describePassage(wide, { start: 33, end: 37 })).toMatchObject({
      ok: true,
      selectors: [{ exact: "WORD", prefix: "a".repeat(31), suffix: "b".repeat(31) }, {}],
    });
  });

  it("takes right-to-left text by its offsets like any other", () => {
    const text = "My teacher wrote مرحبا بالعالم on the board.";
    const start = text.indexOf("مرحبا");
    expect(describePassage(text, { start, end: start + 5 })).toMatchObject({
      ok: true,
      selectors: [{ exact: "مرحبا", suffix: " بالعالم on the board." }, {}],
    });
  });

  it("refuses a passage longer than MAX_PASSAGE_LENGTH, counted after trimming", () => {
    const text = ` ${"a".repeat(MAX_PASSAGE_LENGTH)} b`;
    expect(describePassage(text, { start: 0, end: MAX_PASSAGE_LENGTH + 2 }).ok).toBe(true);
    expect(describePassage(text, { start: 0, end: text.length })).toEqual({
      ok: false,
      reason: "too-long",
      message: PASSAGE_TOO_LONG_MESSAGE,
    });
    expect(PASSAGE_TOO_LONG_MESSAGE).toContain("2,000 characters");
  });
});

describe("findQuotedPassage", () => {
  const found = (text: string, quote: string) => {
    const result = findQuotedPassage(text, quote);
    return result.ok ? inPlace(text, result.passage, 6) : result;
  };

  it("finds the words as typed, once, without the spaces around them", () => {
    expect(found(FIRST_DRAFT, "  can not carry\n")).toBe("roads [can not carry] all o");
  });

  it("tells how many times words are found when they do not say which place", () => {
    expect(findQuotedPassage(FIRST_DRAFT, "enviroment")).toEqual({
      ok: false,
      reason: "ambiguous",
      message:
        "These words are in the answer twice: add a word or two around them so they are found once.",
    });
    expect(findQuotedPassage(FIRST_DRAFT, "the roads")).toEqual({
      ok: false,
      reason: "ambiguous",
      message:
        "These words are in the answer 3 times: add a word or two around them so they are found once.",
    });
    expect(found(FIRST_DRAFT, "for the enviroment.")).toBe("s and [for the enviroment.]");
    // Overlapping places count: "ha ha" starts twice in "ha ha ha".
    expect(findQuotedPassage("He said ha ha ha.", "ha ha")).toMatchObject({ reason: "ambiguous" });
  });

  it("tells the case apart", () => {
    expect(found("The bus. the train.", "the")).toBe(" bus. [the] train");
    expect(findQuotedPassage("The bus.", "the bus")).toEqual({
      ok: false,
      reason: "absent",
      message: ABSENT_QUOTE_MESSAGE,
    });
  });

  it("finds words pasted across a paragraph break, or with their spaces changed", () => {
    expect(found(FIRST_DRAFT, "give my own opinion. On the one hand")).toBe(
      "s and [give my own opinion.\n\nOn the one hand], ther",
    );
    expect(found(FIRST_DRAFT, "can  not\ncarry")).toBe("roads [can not carry] all o");
  });

  it("reads curly quotes, apostrophes and dashes as the plain ones, either way round", () => {
    const straight = `My friend said "it's too late" - and left.`;
    expect(found(straight, "“it’s too late” – and")).toBe(` said ["it's too late" - and] left.`);
    const curly = "My friend said “it’s too late” — and left.";
    expect(found(curly, `"it's too late" - and`)).toBe(" said [“it’s too late” — and] left.");
    expect(found("Wait… then go.", "Wait...")).toBe("[Wait…] then ");
  });

  it("refuses words that are not in the answer, and empty or over-long ones", () => {
    for (const quote of ["the most cities", "can not carry all of it"]) {
      expect(findQuotedPassage(FIRST_DRAFT, quote)).toEqual({
        ok: false,
        reason: "absent",
        message: ABSENT_QUOTE_MESSAGE,
      });
    }
    expect(findQuotedPassage(FIRST_DRAFT, " \n ")).toEqual({
      ok: false,
      reason: "empty",
      message: EMPTY_QUOTE_MESSAGE,
    });
    expect(findQuotedPassage(FIRST_DRAFT, "a".repeat(MAX_PASSAGE_LENGTH + 1))).toMatchObject({
      reason: "too-long",
    });
  });

  it("finds words with emoji and right-to-left letters by their UTF-16 offsets", () => {
    expect(found("We 😀 like مرحبا here", "like مرحبا")).toBe("We 😀 [like مرحبا] here");
  });
});

describe("resolveTarget", () => {
  const text = "Buses are cheap. Buses are clean.";
  const quote = (exact: string) =>
    ({ type: "TextQuoteSelector", exact, prefix: "x", suffix: "y" }) as const;
  const position = (start: number, end: number) =>
    ({ type: "TextPositionSelector", start, end }) as const;

  it("takes a position whose text is the quote, with the context taken anew from the answer", () => {
    expect(resolveTarget(text, { selector: [quote("Buses are clean"), position(17, 32)] })).toEqual(
      {
        ok: true,
        selectors: [
          {
            type: "TextQuoteSelector",
            exact: "Buses are clean",
            prefix: "Buses are cheap. ",
            suffix: ".",
          },
          position(17, 32),
        ],
      },
    );
  });

  it("refuses a position whose text is not the quote (the client held another text)", () => {
    expect(resolveTarget(text, { selector: [position(0, 15), quote("Buses are clean")] })).toEqual({
      ok: false,
      reason: "mismatch",
      message: QUOTE_MISMATCH_MESSAGE,
    });
    expect(resolveTarget(text, { selector: [quote("cheap"), position(10, 40)] })).toMatchObject({
      reason: "out-of-range",
    });
  });

  it("takes a position alone, trimmed as a selection is", () => {
    expect(resolveTarget(text, { selector: [position(16, 22)] })).toMatchObject({
      ok: true,
      selectors: [{ exact: "Buses", prefix: "Buses are cheap. " }, position(17, 22)],
    });
  });

  it("takes a quote alone when its words are in the answer once", () => {
    expect(resolveTarget(text, { selector: [quote("are clean")] })).toMatchObject({
      ok: true,
      selectors: [{ exact: "are clean" }, position(23, 32)],
    });
    expect(resolveTarget(text, { selector: [quote("Buses are")] })).toMatchObject({
      ok: false,
      reason: "ambiguous",
    });
    expect(resolveTarget(text, { selector: [quote("trains")] })).toMatchObject({
      reason: "absent",
    });
  });

  it("refuses no selector, or two of a kind", () => {
    const refusal = { ok: false, reason: "no-selector", message: NO_SELECTOR_MESSAGE };
    expect(resolveTarget(text, { selector: [] })).toEqual(refusal);
    expect(resolveTarget(text, { selector: [quote("cheap"), quote("clean")] })).toEqual(refusal);
    expect(resolveTarget(text, { selector: [position(0, 5), position(0, 5)] })).toEqual(refusal);
  });
});

describe("anchorPassage", () => {
  const placed = (text: string, selectors: PassageSelectors) => {
    const anchored = anchorPassage(text, selectors);
    return anchored && { at: inPlace(text, anchored.passage), exact: anchored.exact };
  };

  it("keeps every passage where it was in an unchanged text", () => {
    for (const words of ["Nowadays", "the", "enviroment", "cities and for the enviroment."]) {
      const start = FIRST_DRAFT.indexOf(words);
      const described = describePassage(FIRST_DRAFT, { start, end: start + words.length });
      if (!described.ok) throw new Error(described.message);
      expect(anchorPassage(FIRST_DRAFT, described.selectors)).toEqual({
        passage: { start, end: start + words.length },
        exact: true,
      });
    }
  });

  it("follows a passage kept as it was when the text before it grew", () => {
    expect(placed(SECOND_DRAFT, selected(FIRST_DRAFT, "can not carry"))).toEqual({
      at: "e old roads [can not carry] all of them",
      exact: true,
    });
  });

  it("finds a sentence moved to another paragraph, its context all new", () => {
    const sentence =
      "Moreover, new roads often become full again after few years, because more people decide to drive when the roads are new and empty.";
    expect(placed(SECOND_DRAFT, selected(FIRST_DRAFT, sentence))).toEqual({
      at: ` transport. [${sentence}] Although ro`,
      exact: true,
    });
    // A short passage inside it moves with the sentence around it.
    expect(placed(SECOND_DRAFT, selected(FIRST_DRAFT, "after few years"))).toEqual({
      at: " full again [after few years], because mo",
      exact: true,
    });
  });

  it("finds a passage reworded a little: a spelling corrected, an article added", () => {
    expect(placed(SECOND_DRAFT, selected(FIRST_DRAFT, "has lot of advantages"))).toEqual({
      at: "c transport [has a lot of advantages]. The most i",
      exact: false,
    });
    expect(placed(SECOND_DRAFT, selected(FIRST_DRAFT, "enviroment", "better for the "))).toEqual({
      at: "ter for the [environment], because on",
      exact: false,
    });
  });

  it("places a passage whose doubled word was removed on its words, not on the word before them", () => {
    // The search's closest match for "the the large…" is "to the large…" (fewer changes than
    // dropping a "the"); the text before the passage says where it starts.
    const before =
      "Shop owners also fear that customers will go to the the large shopping centres outside the city, where parking is free.";
    const after =
      "Shop owners also fear that customers will go to the large shopping centres outside the city, where parking is free.";
    expect(placed(after, selected(before, "the the large shopping centres"))).toEqual({
      at: " will go to [the large shopping centres] outside the",
      exact: false,
    });
  });

  it("keeps the uncorrected word where it is when the same word was corrected elsewhere", () => {
    // The exact "enviroment" left in the conclusion must not take the third paragraph's comment
    // (above), nor lose its own.
    expect(placed(SECOND_DRAFT, selected(FIRST_DRAFT, "enviroment", "and for the "))).toEqual({
      at: "and for the [enviroment].",
      exact: true,
    });
  });

  it("loses a passage whose sentence was deleted, and a short word that was in it", () => {
    expect(
      anchorPassage(SECOND_DRAFT, selected(FIRST_DRAFT, "building roads help the economy")),
    ).toBe(null);
    // The draft has some forty other "the"s; none is in this one's place.
    expect(anchorPassage(SECOND_DRAFT, selected(FIRST_DRAFT, "the", "roads help "))).toBe(null);
  });

  it("chooses a short common word's place by the text around it", () => {
    expect(placed(SECOND_DRAFT, selected(FIRST_DRAFT, "the", "important for "))).toEqual({
      at: "portant for [the] business, I",
      exact: true,
    });
    expect(placed(SECOND_DRAFT, selected(FIRST_DRAFT, "the", "morning because "))).toEqual({
      at: "ing because [the] roads is to",
      exact: true,
    });
  });

  it("follows a passage across a paragraph break", () => {
    expect(
      placed(SECOND_DRAFT, selected(FIRST_DRAFT, "give my own opinion.\n\nOn the one hand")),
    ).toEqual({
      at: "h views and [give my own opinion.\n\nOn the one hand], there are ",
      exact: true,
    });
  });

  it("chooses the nearest of places alike in every other way", () => {
    const block = `${"x".repeat(40)} very ${"y".repeat(40)}\n`;
    const text = block.repeat(3);
    const second = block.length + 41;
    const described = describePassage(text, { start: second, end: second + 4 });
    if (!described.ok) throw new Error(described.message);
    expect(anchorPassage(`Title\n${text}`, described.selectors)).toEqual({
      passage: { start: second + 6, end: second + 10 },
      exact: true,
    });
    // The same with the words changed a little: the approximate matches are ranked the same way.
    const edited = `Title\n${text.replaceAll(" very ", " vary ")}`;
    expect(anchorPassage(edited, described.selectors)).toEqual({
      passage: { start: second + 6, end: second + 10 },
      exact: false,
    });
  });

  it("weighs the text after a passage as much as the text before it", () => {
    const before = `${"a".repeat(40)} the ${"b".repeat(40)}`;
    const described = describePassage(before, { start: 41, end: 44 });
    if (!described.ok) throw new Error(described.message);
    // Nearer: the 32 characters before it as they were, but none of those after. Farther: a
    // quarter of those before, all of those after. The farther is the better place.
    const nearer = `${"a".repeat(40)} the ${"c".repeat(40)}`;
    const farther = `${"a".repeat(16)}${"d".repeat(24)} the ${"b".repeat(40)}`;
    expect(anchorPassage(`${nearer} ${farther}`, described.selectors)).toEqual({
      passage: { start: nearer.length + 42, end: nearer.length + 45 },
      exact: true,
    });
  });

  it("never places a passage between the two halves of an emoji", () => {
    // The closest matches of "smile 😀" in the new text end after either half of the new emoji,
    // each one change away; with nothing after them, they score alike.
    const before = "The emoji I chose is the smile 😀";
    const after = "The emoji I chose is the smile 🙂";
    const described = describePassage(before, { start: 25, end: before.length });
    if (!described.ok) throw new Error(described.message);
    expect(anchorPassage(after, described.selectors)).toEqual({
      passage: { start: 25, end: after.length },
      exact: false,
    });
  });

  it("does not take the same words for the passage when they merely come at its old offset", () => {
    const before = "A: the end. B: the end.";
    const described = describePassage(before, { start: 15, end: 18 });
    if (!described.ok) throw new Error(described.message);
    // A heading as long as "A: the end. B: " puts another "the end." at the old offset.
    const after = "Chapter 10, C: the end. A: the end. B: the end.";
    expect(anchorPassage(after, described.selectors)).toEqual({
      passage: { start: 39, end: 42 },
      exact: true,
    });
    // And the same the other way round: the old offset's words are followed by others.
    const first = describePassage(before, { start: 3, end: 6 });
    if (!first.ok) throw new Error(first.message);
    expect(anchorPassage("A: the cat. A: the end. B: the end.", first.selectors)).toEqual({
      passage: { start: 15, end: 18 },
      exact: true,
    });
  });

  it("places nothing in an empty text", () => {
    expect(anchorPassage("", selected(FIRST_DRAFT, "can not carry"))).toBe(null);
  });
});

describe("reanchorComments", () => {
  it("places the first draft's comments in the second, the lost ones apart, in their order", () => {
    const comments = [
      { id: "c1", note: "One word: cannot.", selectors: selected(FIRST_DRAFT, "can not carry") },
      {
        id: "c2",
        note: "Subject and verb: building roads helps.",
        selectors: selected(FIRST_DRAFT, "building roads help the economy"),
      },
      {
        id: "c3",
        note: "Spelling.",
        selectors: selected(FIRST_DRAFT, "enviroment", "better for the "),
      },
      { id: "c4", note: "a lot of", selectors: selected(FIRST_DRAFT, "has lot of advantages") },
      { id: "c5", note: "Not needed.", selectors: selected(FIRST_DRAFT, "the", "roads help ") },
      {
        id: "c6",
        note: "Link these paragraphs.",
        selectors: selected(FIRST_DRAFT, "give my own opinion.\n\nOn the one hand"),
      },
    ];
    const { placed, lost } = reanchorComments(SECOND_DRAFT, comments);
    expect(
      placed.map((comment) => [comment.id, inPlace(SECOND_DRAFT, comment.passage, 0)]),
    ).toEqual([
      ["c1", "[can not carry]"],
      ["c3", "[environment]"],
      ["c4", "[has a lot of advantages]"],
      ["c6", "[give my own opinion.\n\nOn the one hand]"],
    ]);
    expect(placed.map((comment) => comment.exact)).toEqual([true, false, false, true]);
    expect(placed[0]).toMatchObject({
      note: "One word: cannot.",
      selectors: comments[0]?.selectors,
    });
    expect(lost.map((comment) => comment.id)).toEqual(["c2", "c5"]);
    expect(lost[0]).toBe(comments[1]);
  });
});
