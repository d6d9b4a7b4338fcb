/**
 * The Writing measures' budget (DESIGN §6, issue 38): a 1,000-word answer measured in under 50 ms
 * once the dictionaries are loaded. In this process, not through a server: the measures are a
 * function the submission's request calls. Printed by `npm run bench`, never asserted; run alone
 * with `node scripts/bench/writing-measures.ts`.
 */
import { measureAnswer, prepareWritingMeasures } from "../../core/writing/measure-answer.server.ts";
import { SAMPLE_ANSWERS } from "../../core/writing/sample-answers.test-data.ts";
import { loadWritingDictionaries } from "../../core/writing/spelling.server.ts";
import { wordSpans } from "../../core/writing/word-count.ts";
import { median } from "../median.ts";

const ANSWER_WORDS = 1000;
const WARM_UP_RUNS = 5;
const TIMED_RUNS = 31;

/**
 * A realistic answer of exactly `words` words: the sample answers of the tests one after
 * another (their misspellings, doubled words, copied sentences and linking words included), cut
 * after the last word that fits.
 */
export function realisticAnswer(words: number): { text: string; prompt: string } {
  const samples = Object.values(SAMPLE_ANSWERS);
  let text = "";
  while (wordSpans(text).length < words) {
    text += `${samples.map((sample) => sample.text).join("\n\n")}\n\n`;
  }
  const last = wordSpans(text)[words - 1];
  return {
    text: text.slice(0, last?.end).trimEnd(),
    prompt: samples[1]?.prompt ?? "",
  };
}

export interface WritingMeasuresTimes {
  /** Reading and building both dictionaries, once, in this process. */
  loadMs: number;
  /** The rest of `prepareWritingMeasures()`: one short answer measured to warm the code up. */
  warmUpMs: number;
  /** The first 1,000-word answer after that, as the first student's would be. */
  firstMs: number;
  /** The median of TIMED_RUNS measurings after WARM_UP_RUNS. */
  medianMs: number;
  runs: number;
  words: number;
}

export async function timeWritingMeasures(): Promise<WritingMeasuresTimes> {
  const loadStart = performance.now();
  await loadWritingDictionaries();
  const loadMs = performance.now() - loadStart;
  const warmUpStart = performance.now();
  await prepareWritingMeasures();
  const warmUpMs = performance.now() - warmUpStart;
  const { text, prompt } = realisticAnswer(ANSWER_WORDS);
  const answer = { text, prompt, minimumWords: 250 };
  const timed = () => {
    const start = performance.now();
    measureAnswer(answer);
    return performance.now() - start;
  };
  const firstMs = timed();
  for (let run = 0; run < WARM_UP_RUNS; run++) timed();
  const times = Array.from({ length: TIMED_RUNS }, timed);
  return {
    loadMs,
    warmUpMs,
    firstMs,
    medianMs: median(times),
    runs: TIMED_RUNS,
    words: wordSpans(text).length,
  };
}

if (import.meta.main) {
  const times = await timeWritingMeasures();
  console.log(
    `Writing measures of a ${times.words}-word answer: median ${times.medianMs.toFixed(2)} ms of ${times.runs} runs (first ${times.firstMs.toFixed(2)} ms; budget < 50 ms); dictionaries loaded in ${times.loadMs.toFixed(0)} ms, warmed up in ${times.warmUpMs.toFixed(0)} ms`,
  );
}
