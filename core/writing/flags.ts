/**
 * The places a page marks in an answer, one flat list whatever measure found them, each with a
 * label in words (a `<mark>` must not say what it is by colour alone). Dependency-free.
 */
import type { CopiedRun } from "./copied-words.ts";
import { LINKING_GROUPS, type LinkingWordUse } from "./linking-words.ts";
import type { ArticleMistake, MarkedWord, RepeatedWord, WritingFlag } from "./measures.ts";

export interface Findings {
  copiedRuns: CopiedRun[];
  spelling: MarkedWord[];
  repeatedWords: RepeatedWord[];
  articles: ArticleMistake[];
  linkingUses: LinkingWordUse[];
  /** How often each overused phrase was used. */
  overused: { phrase: string; uses: number }[];
}

/** Every finding as a flag, by start, the longer first where two start together. */
export function writingFlags(findings: Findings): WritingFlag[] {
  const overused = new Map(findings.overused.map((entry) => [entry.phrase, entry.uses]));
  const flags: WritingFlag[] = [
    ...findings.copiedRuns.map(({ start, end, words }) => ({
      kind: "copied" as const,
      start,
      end,
      label: `Copied from the task: ${words} words, not counted`,
    })),
    ...findings.spelling.map(({ start, end }) => ({
      kind: "spelling" as const,
      start,
      end,
      label: "Spelling: in neither a British nor an American dictionary",
    })),
    ...findings.repeatedWords.map(({ start, end, word }) => ({
      kind: "repeated-word" as const,
      start,
      end,
      label: `The same word twice: “${word}”`,
    })),
    ...findings.articles.map(({ start, end, actual, expected, before }) => ({
      kind: "article" as const,
      start,
      end,
      label: `“${expected}” before “${before}”, not “${actual}”`,
    })),
    ...findings.linkingUses.map(({ start, end, phrase, group }) => {
      const uses = overused.get(phrase);
      const label = `Linking, ${LINKING_GROUPS[group].toLowerCase()}: “${phrase}”`;
      return uses === undefined
        ? { kind: "linking" as const, start, end, label }
        : { kind: "overused-linking" as const, start, end, label: `${label}, used ${uses} times` };
    }),
  ];
  return flags.sort((a, b) => a.start - b.start || b.end - a.end);
}
