/**
 * Words copied from the task's prompt, which the test does not credit (decision 0058): a run of
 * COPIED_RUN_MINIMUM consecutive answer words or more that the prompt also has, consecutively,
 * compared without case or punctuation. Dependency-free, so a page may use it too.
 */
import { type WordSpan, wordKey, wordSpans } from "./word-count.ts";

/** The shortest run of words taken from the prompt that counts as copied. */
export const COPIED_RUN_MINIMUM = 8;

/** A run of copied words: its offsets in the answer and how many words it holds. */
export interface CopiedRun {
  start: number;
  end: number;
  words: number;
}

/**
 * The runs of the answer's words copied from the prompt. A word is copied when it lies within a
 * window of COPIED_RUN_MINIMUM consecutive answer words that the prompt has word for word; touching
 * or overlapping windows make one run, so a copied sentence of 12 words is one run of 12.
 */
export function findCopiedRuns(answerWords: WordSpan[], promptWords: WordSpan[]): CopiedRun[] {
  const size = COPIED_RUN_MINIMUM;
  const promptKeys = promptWords.map((word) => wordKey(word.text));
  const promptWindows = new Set<string>();
  for (let index = 0; index + size <= promptKeys.length; index++) {
    promptWindows.add(promptKeys.slice(index, index + size).join(" "));
  }
  const answerKeys = answerWords.map((word) => wordKey(word.text));
  const copied = new Array<boolean>(answerWords.length).fill(false);
  for (let index = 0; index + size <= answerKeys.length; index++) {
    if (promptWindows.has(answerKeys.slice(index, index + size).join(" "))) {
      copied.fill(true, index, index + size);
    }
  }
  const runs: CopiedRun[] = [];
  let first = -1;
  for (let index = 0; index <= copied.length; index++) {
    if (copied[index] && first < 0) first = index;
    if (!copied[index] && first >= 0) {
      const from = answerWords[first] as WordSpan;
      const to = answerWords[index - 1] as WordSpan;
      runs.push({ start: from.start, end: to.end, words: index - first });
      first = -1;
    }
  }
  return runs;
}

/** An answer's words: all of them, those counted (not copied), and the copied runs. */
export interface AnswerWordCount {
  total: number;
  counted: number;
  copiedRuns: CopiedRun[];
}

/** The counted words of an answer to a prompt, as the submission's page shows them. */
export function countAnswerWords(answer: string, prompt: string): AnswerWordCount {
  const words = wordSpans(answer);
  const copiedRuns = findCopiedRuns(words, wordSpans(prompt));
  const copied = copiedRuns.reduce((sum, run) => sum + run.words, 0);
  return { total: words.length, counted: words.length - copied, copiedRuns };
}

/** "Under length: 212 of 250 words" when the counted words fall short of the task's minimum. */
export function underLengthMessage(countedWords: number, minimumWords: number): string | null {
  if (countedWords >= minimumWords) return null;
  return `Under length: ${countedWords} of ${minimumWords} words`;
}
