/**
 * Where a teacher's comment sits in a student's answer, and where it sits again in a revised
 * draft (issue 39). A comment is fixed to a passage of the answer's text (line breaks as "\n",
 * offsets in UTF-16 code units, as `text.slice(start, end)` takes them) and stored as the two
 * W3C Web Annotation selectors: the quote with a little of the text either side of it, and the
 * position. In a later draft the position alone means little (the text before it grows or
 * shrinks), so the passage is found again by its quote and its context, fuzzily, the way the
 * Hypothesis annotator does it with `approx-string-match`; when neither is there any more, the
 * comment is "no longer in the text". No Node modules: the server stores and checks passages,
 * and a page may place them.
 */
import approximateSearch from "approx-string-match";

/** The passage's own words and some of the text either side, to find it again after edits. */
export interface TextQuoteSelector {
  type: "TextQuoteSelector";
  exact: string;
  prefix: string;
  suffix: string;
}

/** The passage's offsets in the text it was chosen in (end exclusive). */
export interface TextPositionSelector {
  type: "TextPositionSelector";
  start: number;
  end: number;
}

/** A comment's place as stored and as the API sends it in `target: { selector: [...] }`. */
export type PassageSelectors = [TextQuoteSelector, TextPositionSelector];

/** A stretch of a text: `text.slice(start, end)`. */
export interface Passage {
  start: number;
  end: number;
}

/** How much text either side of a passage is kept to recognise its place (Hypothesis keeps 32). */
export const CONTEXT_LENGTH = 32;

/**
 * The longest passage a comment may be fixed to: a long paragraph. A comment on more than that
 * is a comment on the answer as a whole; and the longer the quote, the slower it is to find again.
 */
export const MAX_PASSAGE_LENGTH = 2_000;

export const EMPTY_PASSAGE_MESSAGE = "Select the words of the answer that the comment is about.";
export const PASSAGE_OUT_OF_RANGE_MESSAGE =
  "A passage's start and end must be whole numbers within the answer's text, the start before the end.";
export const PASSAGE_SPLITS_CHARACTER_MESSAGE =
  "A passage may not start or end in the middle of a character (between the two halves of an emoji): select it again.";
export const BLANK_PASSAGE_MESSAGE =
  "This passage is only spaces or line breaks: select some of the answer's words.";
export const PASSAGE_TOO_LONG_MESSAGE = `A comment may be fixed to at most ${MAX_PASSAGE_LENGTH.toLocaleString("en")} characters of the answer: choose a shorter passage.`;
export const EMPTY_QUOTE_MESSAGE =
  "Type or paste the words of the answer that the comment is about.";
export const ABSENT_QUOTE_MESSAGE =
  "These words are not in the answer: copy them exactly as the student wrote them.";
export const QUOTE_MISMATCH_MESSAGE =
  "The passage's words are not at its position in the answer (has the answer changed?): select the passage again.";
export const NO_SELECTOR_MESSAGE =
  "target.selector must hold a TextQuoteSelector, a TextPositionSelector, or one of each.";

/** "These words are in the answer 3 times: …", for a quote that does not say which place. */
export function ambiguousQuoteMessage(occurrences: number): string {
  const times = occurrences === 2 ? "twice" : `${occurrences} times`;
  return `These words are in the answer ${times}: add a word or two around them so they are found once.`;
}

export type PassageRefusalReason =
  | "empty"
  | "out-of-range"
  | "splits-character"
  | "blank"
  | "too-long";
export type QuoteRefusalReason = "empty" | "absent" | "ambiguous" | "too-long";
export type TargetRefusalReason =
  | PassageRefusalReason
  | QuoteRefusalReason
  | "mismatch"
  | "no-selector";

/** Why a passage cannot take a comment, in words the caller can show (a 4xx, or the form again). */
export interface Refusal<Reason extends string> {
  ok: false;
  reason: Reason;
  message: string;
}

export type DescribedPassage =
  | { ok: true; selectors: PassageSelectors }
  | Refusal<PassageRefusalReason>;

export type QuotedPassage = { ok: true; passage: Passage } | Refusal<QuoteRefusalReason>;

export type ResolvedTarget =
  | { ok: true; selectors: PassageSelectors }
  | Refusal<TargetRefusalReason>;

const refuse = <Reason extends string>(reason: Reason, message: string): Refusal<Reason> => ({
  ok: false,
  reason,
  message,
});

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Whether an offset falls between the two halves of one character (an emoji, a rare CJK sign). */
function splitsCharacter(text: string, offset: number): boolean {
  return (
    offset > 0 &&
    offset < text.length &&
    isHighSurrogate(text.charCodeAt(offset - 1)) &&
    isLowSurrogate(text.charCodeAt(offset))
  );
}

const WHITE_SPACE = /\s/;

/**
 * The passage without the white space at its ends. A mouse selection easily takes the space or
 * line break after a word, and a comment pinned to a space reads as pinned to nothing; the space
 * is no part of what the teacher meant.
 */
function trimPassage(text: string, { start, end }: Passage): Passage {
  let from = start;
  let to = end;
  while (from < to && WHITE_SPACE.test(text.charAt(from))) from++;
  while (to > from && WHITE_SPACE.test(text.charAt(to - 1))) to--;
  return { start: from, end: to };
}

/**
 * The selectors of a passage of `text`, its surrounding white space trimmed off (see trimPassage),
 * or why it cannot take a comment. The context stops short of half a character, since a lone
 * surrogate is not valid Unicode and PostgreSQL refuses it in JSON.
 */
export function describePassage(text: string, passage: Passage): DescribedPassage {
  const { start, end } = passage;
  if (
    !Number.isSafeInteger(start) ||
    !Number.isSafeInteger(end) ||
    start < 0 ||
    end > text.length ||
    start > end
  ) {
    return refuse("out-of-range", PASSAGE_OUT_OF_RANGE_MESSAGE);
  }
  if (start === end) return refuse("empty", EMPTY_PASSAGE_MESSAGE);
  if (splitsCharacter(text, start) || splitsCharacter(text, end)) {
    return refuse("splits-character", PASSAGE_SPLITS_CHARACTER_MESSAGE);
  }
  const trimmed = trimPassage(text, passage);
  if (trimmed.start === trimmed.end) return refuse("blank", BLANK_PASSAGE_MESSAGE);
  if (trimmed.end - trimmed.start > MAX_PASSAGE_LENGTH) {
    return refuse("too-long", PASSAGE_TOO_LONG_MESSAGE);
  }
  let prefixStart = Math.max(0, trimmed.start - CONTEXT_LENGTH);
  if (splitsCharacter(text, prefixStart)) prefixStart++;
  let suffixEnd = Math.min(text.length, trimmed.end + CONTEXT_LENGTH);
  if (splitsCharacter(text, suffixEnd)) suffixEnd--;
  return {
    ok: true,
    selectors: [
      {
        type: "TextQuoteSelector",
        exact: text.slice(trimmed.start, trimmed.end),
        prefix: text.slice(prefixStart, trimmed.start),
        suffix: text.slice(trimmed.end, suffixEnd),
      },
      { type: "TextPositionSelector", start: trimmed.start, end: trimmed.end },
    ],
  };
}

/** Every start of `quote` in `text`, overlapping ones too ("ha ha" is twice in "ha ha ha"). */
function occurrences(text: string, quote: string): number[] {
  const starts: number[] = [];
  for (let at = text.indexOf(quote); at >= 0; at = text.indexOf(quote, at + 1)) starts.push(at);
  return starts;
}

/**
 * Marks a teacher's typing or a word processor's pasting turns into other marks: curly quotes and
 * apostrophes, dashes of every length, the one-character ellipsis. Read as the plain ones.
 */
const PLAIN_MARKS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u02BC": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
};

/**
 * A text read loosely (every run of white space one space, typographic marks plain), with where
 * each of its characters came from in the original, so that a match in it maps back to the
 * student's own characters.
 */
interface LooseText {
  text: string;
  /** For each character of the loose text, the offset in the original where it starts and ends. */
  from: number[];
  to: number[];
}

function loosen(text: string): LooseText {
  const loose: LooseText = { text: "", from: [], to: [] };
  let at = 0;
  while (at < text.length) {
    const character = text.charAt(at);
    if (WHITE_SPACE.test(character)) {
      let runEnd = at + 1;
      while (runEnd < text.length && WHITE_SPACE.test(text.charAt(runEnd))) runEnd++;
      loose.text += " ";
      loose.from.push(at);
      loose.to.push(runEnd);
      at = runEnd;
      continue;
    }
    const plain = PLAIN_MARKS[character] ?? character;
    for (let index = 0; index < plain.length; index++) {
      loose.from.push(at);
      loose.to.push(at + 1);
    }
    loose.text += plain;
    at++;
  }
  return loose;
}

/**
 * The passage a teacher names by typing or pasting its words (the comment form without
 * JavaScript). The words as typed first; only when they are not in the answer, the words read
 * loosely: a paste from the page may join two paragraphs with one space, or come back with curly
 * quotes where the student typed straight ones. Case counts: "The" is not "the". Words found in
 * more than one place are refused, since only the teacher knows which place was meant.
 */
export function findQuotedPassage(text: string, quote: string): QuotedPassage {
  const words = quote.trim();
  if (words === "") return refuse("empty", EMPTY_QUOTE_MESSAGE);
  if (words.length > MAX_PASSAGE_LENGTH) return refuse("too-long", PASSAGE_TOO_LONG_MESSAGE);
  const exactStarts = occurrences(text, words);
  if (exactStarts.length > 1) {
    return refuse("ambiguous", ambiguousQuoteMessage(exactStarts.length));
  }
  if (exactStarts.length === 1) {
    const start = exactStarts[0] as number;
    return { ok: true, passage: { start, end: start + words.length } };
  }
  const looseText = loosen(text);
  const looseWords = loosen(words).text;
  const looseStarts = occurrences(looseText.text, looseWords);
  if (looseStarts.length > 1) {
    return refuse("ambiguous", ambiguousQuoteMessage(looseStarts.length));
  }
  if (looseStarts.length === 0) return refuse("absent", ABSENT_QUOTE_MESSAGE);
  const first = looseStarts[0] as number;
  const start = looseText.from[first] as number;
  const end = looseText.to[first + looseWords.length - 1] as number;
  // A typographic mark read as several plain ones ("…" as "...") may be matched in part; the
  // passage then takes the whole mark, so it never cuts one of the student's characters.
  return { ok: true, passage: { start, end } };
}

/** What a client may send as a comment's place: one selector of each kind at most. */
export interface AnnotationTarget {
  selector: readonly (TextQuoteSelector | TextPositionSelector)[];
}

/**
 * The selectors to store for a place a client sent, or why it is refused. With a position, the
 * position decides and the quote, when sent too, must be the text there (so a client that held an
 * older draft is told, not silently given another place); with a quote alone, its words must be
 * in the answer once. The client's prefix and suffix are not trusted: they are taken anew from
 * the answer, as is the trimming of white space (describePassage).
 */
export function resolveTarget(text: string, target: AnnotationTarget): ResolvedTarget {
  const quotes = target.selector.filter((selector) => selector.type === "TextQuoteSelector");
  const positions = target.selector.filter((selector) => selector.type === "TextPositionSelector");
  if (quotes.length > 1 || positions.length > 1) return refuse("no-selector", NO_SELECTOR_MESSAGE);
  const [quote] = quotes;
  const [position] = positions;
  if (position) {
    const described = describePassage(text, position);
    if (!described.ok || !quote) return described;
    return text.slice(position.start, position.end) === quote.exact
      ? described
      : refuse("mismatch", QUOTE_MISMATCH_MESSAGE);
  }
  if (!quote) return refuse("no-selector", NO_SELECTOR_MESSAGE);
  const found = findQuotedPassage(text, quote.exact);
  return found.ok ? describePassage(text, found.passage) : found;
}

/** A comment's passage in a draft, and whether its words are still exactly the quoted ones. */
export interface AnchoredPassage {
  passage: Passage;
  exact: boolean;
}

/*
 * How a candidate place is scored: Hypothesis's weights. The quote's own likeness counts most,
 * then the text either side, and nearness to the old position only breaks ties (the text before a
 * passage often grows, so the old offset is a weak clue).
 */
const QUOTE_WEIGHT = 50;
const PREFIX_WEIGHT = 20;
const SUFFIX_WEIGHT = 20;
const POSITION_WEIGHT = 2;
const TOTAL_WEIGHT = QUOTE_WEIGHT + PREFIX_WEIGHT + SUFFIX_WEIGHT + POSITION_WEIGHT;

/**
 * The lowest score that places a comment. The same words in an unrelated place score about 0.7,
 * two stretches of English never being wholly unlike (in the test essay's revision, the other
 * "the"s scored up to 0.70 for a "the" whose sentence had gone). So 0.8 asks the surroundings to
 * confirm the place: a quote found as it was needs its context a little over half alike, a quote
 * a tenth changed needs it two-thirds alike, and one changed by more than a third cannot pass
 * however alike its context. A short quote ("the", "very") is thus only placed by its context.
 */
export const MIN_ANCHOR_SCORE = 0.8;

/**
 * A quote at least this long stands for its place alone: a whole sentence moved to another
 * paragraph has a new context but is no less the passage. It carries as much text as the context
 * the score otherwise asks for; it must be found with at most a tenth of its characters changed.
 */
export const SELF_EVIDENT_QUOTE_LENGTH = CONTEXT_LENGTH;
const SELF_EVIDENT_QUOTE_SCORE = 0.9;

/** Hypothesis's bound on the first search's errors: it keeps the search quick and the matches near. */
const maxQuoteErrors = (quote: string) => Math.min(256, Math.floor(quote.length / 2));

/** One row of the edit distance's table, kept between calls: contexts are short. */
let distanceRow = new Uint16Array(CONTEXT_LENGTH + 1);

/**
 * The fewest single-character insertions, deletions and substitutions that turn `a` into `b`
 * (Levenshtein). For contexts of at most CONTEXT_LENGTH characters the plain table, one row
 * long, is quicker than approx-string-match's search (a short word has dozens of places to
 * weigh, and a page anchors dozens of comments).
 */
function editDistance(a: string, b: string): number {
  if (distanceRow.length <= b.length) distanceRow = new Uint16Array(b.length + 1);
  const row = distanceRow;
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const character = a.charCodeAt(i - 1);
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      const substituted = diagonal + (character === b.charCodeAt(j - 1) ? 0 : 1);
      row[j] = Math.min(substituted, above + 1, (row[j - 1] as number) + 1);
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

/** How alike the text by a candidate is to the context stored with the quote, from 0 to 1. */
function likeness(actual: string, expected: string): number {
  if (expected === "") return 1; // no context was there to keep (the text's start or end)
  return Math.max(0, 1 - editDistance(actual, expected) / expected.length);
}

/** A place the quote may be, and how like the quote its text is (1 − changes ÷ quote's length). */
interface Found extends Passage {
  quoteScore: number;
}

interface Candidate extends Found {
  score: number;
}

/**
 * The best-scored of the places found. Nearest the old position first, so that of places scored
 * alike the nearest wins, and so that the right place, usually near, is met early: a place that
 * could not beat it even with its suffix intact is not weighed further.
 */
function bestPlace(
  text: string,
  found: Found[],
  quote: TextQuoteSelector,
  oldStart: number,
): Candidate | undefined {
  const distance = (place: Found) => Math.abs(place.start - oldStart);
  let best: Candidate | undefined;
  for (const place of [...found].sort((a, b) => distance(a) - distance(b))) {
    const positionScore = Math.max(0, 1 - distance(place) / text.length);
    const prefix = text.slice(Math.max(0, place.start - quote.prefix.length), place.start);
    const withoutSuffix =
      QUOTE_WEIGHT * place.quoteScore +
      PREFIX_WEIGHT * likeness(prefix, quote.prefix) +
      POSITION_WEIGHT * positionScore;
    if (best && (withoutSuffix + SUFFIX_WEIGHT) / TOTAL_WEIGHT <= best.score) continue;
    const suffix = text.slice(place.end, place.end + quote.suffix.length);
    const score = (withoutSuffix + SUFFIX_WEIGHT * likeness(suffix, quote.suffix)) / TOTAL_WEIGHT;
    if (!best || score > best.score) best = { ...place, score };
  }
  return best;
}

function isConvincing(candidate: Candidate, quote: string): boolean {
  return (
    candidate.score >= MIN_ANCHOR_SCORE ||
    (quote.length >= SELF_EVIDENT_QUOTE_LENGTH && candidate.quoteScore >= SELF_EVIDENT_QUOTE_SCORE)
  );
}

/**
 * An approximate match as a passage: the search may take in a space it counts as an insertion,
 * or end inside a character; the passage keeps to whole characters and words.
 */
function tidyMatch(text: string, match: Passage): Passage | null {
  const trimmed = trimPassage(text, match);
  if (splitsCharacter(text, trimmed.start)) trimmed.start--;
  if (splitsCharacter(text, trimmed.end)) trimmed.end++;
  return trimmed.start < trimmed.end ? trimmed : null;
}

/** Quotes up to this long have their approximate matches' edges weighed a word either way. */
const EDGE_VARIANTS_UP_TO = 80;

/** Where the word before `at` starts (skipping the spaces between), or undefined at the text's start. */
function previousWordStart(text: string, at: number): number | undefined {
  let index = at;
  while (index > 0 && /\s/.test(text[index - 1] as string)) index--;
  if (index === 0) return undefined;
  while (index > 0 && !/\s/.test(text[index - 1] as string)) index--;
  return index;
}

/** Where the next word after the one at `at` starts, or undefined when there is none. */
function nextWordStart(text: string, at: number, end: number): number | undefined {
  let index = at;
  while (index < end && !/\s/.test(text[index] as string)) index++;
  while (index < end && /\s/.test(text[index] as string)) index++;
  return index < end ? index : undefined;
}

/**
 * An approximate match with its start or end moved by one word. The search keeps, for each place
 * it ends, only the start with the fewest changes: for "the the large…" revised to "the large…"
 * that is "to the large…" (two letters changed) rather than "the large…" (a word dropped), and
 * only the text around a place can tell which is the passage. So the neighbours are offered too,
 * each with its own likeness to the quote, and the context decides (bestPlace).
 */
function wordEdgeVariants(text: string, passage: Passage, quote: string): Found[] {
  if (quote.length > EDGE_VARIANTS_UP_TO) return [];
  const starts = [
    passage.start,
    previousWordStart(text, passage.start),
    nextWordStart(text, passage.start, passage.end),
  ];
  const ends = [passage.end];
  const lastWordStart = previousWordStart(text, passage.end);
  if (lastWordStart !== undefined && lastWordStart > passage.start) {
    const trimmed = trimPassage(text, { start: passage.start, end: lastWordStart });
    ends.push(trimmed.end);
  }
  const following = nextWordStart(text, passage.end, text.length);
  if (following !== undefined) {
    let end = following;
    while (end < text.length && !/\s/.test(text[end] as string)) end++;
    ends.push(end);
  }
  const variants: Found[] = [];
  for (const start of starts) {
    for (const end of ends) {
      if (start === undefined || end <= start) continue;
      if (start === passage.start && end === passage.end) continue;
      const changes = editDistance(text.slice(start, end), quote);
      variants.push({ start, end, quoteScore: Math.max(0, 1 - changes / quote.length) });
    }
  }
  return variants;
}

/** `text` with the given stretches blanked out, its length and offsets unchanged. */
function withoutStretches(text: string, starts: number[], length: number): string {
  let masked = "";
  let from = 0;
  for (const start of starts) {
    const end = start + length;
    const blankFrom = Math.max(start, from); // occurrences may overlap ("aa" in "aaa")
    masked += text.slice(from, blankFrom) + "\u0000".repeat(end - blankFrom);
    from = end;
  }
  return masked + text.slice(from);
}

/**
 * Where a stored passage is in `text` (a later draft), or null when it is no longer there.
 * First its old place, when the quote and its context are still exactly there (a draft unchanged
 * around it). Then every exact occurrence of the quote, scored by its context and nearness. When
 * none of those convinces (the quote's own words were edited, or the exact ones left are in
 * other places, as when a student corrects a misspelling in one place but not another), the
 * closest approximate matches, scored the same way, with those exact occurrences blanked out so
 * the search looks past them.
 */
export function anchorPassage(text: string, selectors: PassageSelectors): AnchoredPassage | null {
  const [quote, position] = selectors;
  const exact = quote.exact;
  if (exact === "" || text.length === 0) return null;
  const oldStart = position.start;
  if (
    text.startsWith(exact, oldStart) &&
    text.endsWith(quote.prefix, oldStart) &&
    text.startsWith(quote.suffix, oldStart + exact.length)
  ) {
    return { passage: { start: oldStart, end: oldStart + exact.length }, exact: true };
  }
  const exactStarts = occurrences(text, exact);
  // The passage kept word for word with its context, the text before it grown or shrunk: the
  // usual case after a revision, settled without weighing likenesses.
  const intact = exactStarts.filter(
    (start) =>
      text.endsWith(quote.prefix, start) && text.startsWith(quote.suffix, start + exact.length),
  );
  if (intact.length > 0) {
    const nearest = intact.reduce((best, start) =>
      Math.abs(start - oldStart) < Math.abs(best - oldStart) ? start : best,
    );
    return { passage: { start: nearest, end: nearest + exact.length }, exact: true };
  }
  const exactBest = bestPlace(
    text,
    exactStarts.map((start) => ({ start, end: start + exact.length, quoteScore: 1 })),
    quote,
    oldStart,
  );
  if (exactBest && isConvincing(exactBest, exact)) {
    return { passage: { start: exactBest.start, end: exactBest.end }, exact: true };
  }
  const searched = exactStarts.length ? withoutStretches(text, exactStarts, exact.length) : text;
  const found: Found[] = [];
  for (const match of approximateSearch(searched, exact, maxQuoteErrors(exact))) {
    const passage = tidyMatch(text, match);
    if (!passage) continue;
    found.push({ ...passage, quoteScore: 1 - match.errors / exact.length });
    found.push(...wordEdgeVariants(text, passage, exact));
  }
  const best = bestPlace(text, found, quote, oldStart);
  if (!best || !isConvincing(best, exact)) return null;
  const passage = { start: best.start, end: best.end };
  return { passage, exact: text.slice(passage.start, passage.end) === exact };
}

/**
 * The comments of an earlier draft placed in a later one: those whose passage is still there
 * with it, the others as "no longer in the text", each list in the comments' own order.
 */
export function reanchorComments<Comment extends { selectors: PassageSelectors }>(
  text: string,
  comments: readonly Comment[],
): { placed: (Comment & AnchoredPassage)[]; lost: Comment[] } {
  const placed: (Comment & AnchoredPassage)[] = [];
  const lost: Comment[] = [];
  for (const comment of comments) {
    const anchored = anchorPassage(text, comment.selectors);
    if (anchored) placed.push({ ...comment, ...anchored });
    else lost.push(comment);
  }
  return { placed, lost };
}
