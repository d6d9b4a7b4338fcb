/**
 * Linking words and phrases, grouped by what they do, and where an answer uses them. The lists
 * are our own (decision 0058), written from what teachers of IELTS Writing commonly list; they
 * leave out "and", "but", "or" and "so", which every sentence has and which would bury the rest,
 * and words that link only at a sentence's start ("Finally, …", "Overall, …") count only there.
 * Dependency-free, so a page may name the groups too.
 */
import { type WordSpan, wordKey } from "./word-count.ts";

export const LINKING_GROUPS = {
  adding: "Adding",
  contrasting: "Contrasting",
  "cause-and-effect": "Cause and effect",
  examples: "Examples",
  order: "Order",
  concluding: "Concluding",
} as const;
export type LinkingGroup = keyof typeof LINKING_GROUPS;

/** A phrase used this many times or more is marked overused. */
export const OVERUSED_FROM = 3;

/**
 * The phrases of each group, as written. One ending with "^" counts only as the first word or
 * words of a sentence, where it links: "Then, …", not "the time then"; "Overall, …", not "the
 * overall trend". Where one phrase begins another ("first" and "first of all") the longer is read.
 */
const PHRASES: Record<LinkingGroup, string[]> = {
  adding: [
    "moreover",
    "furthermore",
    "in addition",
    "additionally",
    "also",
    "besides",
    "what is more",
    "as well as",
    "not only",
    "similarly",
    "likewise",
  ],
  contrasting: [
    "however",
    "nevertheless",
    "nonetheless",
    "on the other hand",
    "on the contrary",
    "in contrast",
    "by contrast",
    "although",
    "even though",
    "whereas",
    "despite",
    "in spite of",
    "conversely",
    "even so",
  ],
  "cause-and-effect": [
    "therefore",
    "thus",
    "hence",
    "consequently",
    "as a result",
    "as a consequence",
    "because",
    "due to",
    "owing to",
    "for this reason",
    "this is why",
    "that is why",
    "accordingly",
  ],
  examples: [
    "for example",
    "for instance",
    "such as",
    "e.g.",
    "to illustrate",
    "in particular",
    "a case in point",
  ],
  order: [
    "firstly",
    "first^",
    "first of all",
    "secondly",
    "second^",
    "thirdly",
    "third^",
    "to begin with",
    "to start with",
    "in the first place",
    "next^",
    "then^",
    "after that",
    "afterwards",
    "subsequently",
    "meanwhile",
    "lastly",
    "finally^",
    "last but not least",
  ],
  concluding: [
    "in conclusion",
    "to conclude",
    "to sum up",
    "in summary",
    "to summarise",
    "to summarize",
    "overall^",
    "all in all",
    "in short",
    "on the whole",
  ],
};

interface Phrase {
  phrase: string;
  group: LinkingGroup;
  keys: string[];
  atSentenceStart: boolean;
}

/** Every phrase by its first word's key, the longest first. */
const BY_FIRST_KEY = new Map<string, Phrase[]>();
for (const [group, phrases] of Object.entries(PHRASES) as [LinkingGroup, string[]][]) {
  for (const written of phrases) {
    const phrase = written.replace("^", "");
    const keys = phrase.split(" ").map(wordKey);
    const entry = { phrase, group, keys, atSentenceStart: written.endsWith("^") };
    const first = keys[0] as string;
    BY_FIRST_KEY.set(first, [...(BY_FIRST_KEY.get(first) ?? []), entry]);
  }
}
for (const list of BY_FIRST_KEY.values()) list.sort((a, b) => b.keys.length - a.keys.length);

/** The linking phrases of every group, as listed (for a page that explains the measure). */
export function linkingPhrases(group: LinkingGroup): string[] {
  return PHRASES[group].map((written) => written.replace("^", ""));
}

/** One use of a linking phrase in the answer. */
export interface LinkingWordUse {
  phrase: string;
  group: LinkingGroup;
  start: number;
  end: number;
}

/**
 * The linking phrases among `words`, in order, none overlapping. `sentenceStarts` holds the index
 * (in `words`) of each sentence's first word: a phrase never runs across a sentence's start, and
 * a "^" phrase is read only there.
 */
export function findLinkingWords(words: WordSpan[], sentenceStarts: Set<number>): LinkingWordUse[] {
  const keys = words.map((word) => wordKey(word.text));
  const uses: LinkingWordUse[] = [];
  for (let index = 0; index < words.length; index++) {
    const match = BY_FIRST_KEY.get(keys[index] as string)?.find(
      (candidate) =>
        (!candidate.atSentenceStart || sentenceStarts.has(index)) &&
        candidate.keys.every(
          (key, offset) =>
            keys[index + offset] === key && (offset === 0 || !sentenceStarts.has(index + offset)),
        ),
    );
    if (!match) continue;
    const last = words[index + match.keys.length - 1] as WordSpan;
    uses.push({
      phrase: match.phrase,
      group: match.group,
      start: (words[index] as WordSpan).start,
      end: last.end,
    });
    index += match.keys.length - 1;
  }
  return uses;
}

/** How often each phrase was used, for those used OVERUSED_FROM times or more, most used first. */
export function overusedLinkingWords(
  uses: LinkingWordUse[],
): { phrase: string; group: LinkingGroup; uses: number }[] {
  const counts = new Map<string, { phrase: string; group: LinkingGroup; uses: number }>();
  for (const use of uses) {
    const count = counts.get(use.phrase) ?? { phrase: use.phrase, group: use.group, uses: 0 };
    count.uses++;
    counts.set(use.phrase, count);
  }
  return [...counts.values()]
    .filter((count) => count.uses >= OVERUSED_FROM)
    .sort((a, b) => b.uses - a.uses || a.phrase.localeCompare(b.phrase));
}
