/**
 * The same word twice in a row ("the the") and "a" or "an" before the wrong sound ("a hour",
 * "an university"), found by the retext plugins on retext-english's reading of the answer. What
 * they leave alone stays alone: words that may well come twice ("had had", "that that") and
 * capitalised pairs ("Duran Duran"); "A" inside a sentence ("Station A"). Server-only, to keep
 * the parser out of the pages.
 */
import retextEnglish from "retext-english";
import retextIndefiniteArticle from "retext-indefinite-article";
import retextRepeatedWords from "retext-repeated-words";
import { unified } from "unified";
import { VFile } from "vfile";
import type { ArticleMistake, RepeatedWord } from "./measures.ts";

// Built and frozen once per process: freezing attaches the plugins, which every answer reuses.
const checks = unified().use(retextEnglish).use(retextRepeatedWords).use(retextIndefiniteArticle);
checks.freeze();

/**
 * The plugin names the word after the article only in its message ("Unexpected article `a` before
 * `hour`, expected `an`"); the pinned version's wording is held by the tests.
 */
const BEFORE_WORD = /before `([^`]*)`/;

/** The doubled words and wrong articles of `text`, each in the order they come. */
export function repeatsAndArticles(text: string): {
  repeatedWords: RepeatedWord[];
  articles: ArticleMistake[];
} {
  const file = new VFile(text);
  checks.runSync(checks.parse(file), file);
  const repeatedWords: RepeatedWord[] = [];
  const articles: ArticleMistake[] = [];
  for (const message of file.messages) {
    const start =
      message.place && "start" in message.place ? message.place.start.offset : undefined;
    const end = message.place && "end" in message.place ? message.place.end.offset : undefined;
    if (start === undefined || end === undefined) continue;
    if (message.source === "retext-repeated-words") {
      repeatedWords.push({ start, end, word: message.expected?.[0] ?? text.slice(start, end) });
    } else if (message.source === "retext-indefinite-article") {
      articles.push({
        start,
        end,
        actual: message.actual ?? text.slice(start, end),
        expected: message.expected?.[0] ?? "",
        before: BEFORE_WORD.exec(message.reason)?.[1] ?? "",
      });
    }
  }
  const byStart = (a: { start: number }, b: { start: number }) => a.start - b.start;
  return { repeatedWords: repeatedWords.sort(byStart), articles: articles.sort(byStart) };
}
