/**
 * Lexical variety (decision 0058): distinct words per 100 words, and MTLD, the measure of textual
 * lexical diversity of McCarthy and Jarvis (2010), which, unlike the first, does not fall as an
 * answer grows longer. Both take word keys (core/writing/word-count.ts: lower case, marks left
 * out), so "Cities" and "cities" are one word and "city" another. Dependency-free.
 */

/** Distinct words for every 100 words, to one decimal place (0 for no word). */
export function distinctWordsPer100(keys: string[]): number {
  if (keys.length === 0) return 0;
  return Math.round((new Set(keys).size / keys.length) * 1000) / 10;
}

/** McCarthy and Jarvis's threshold: a factor ends when the running type-token ratio falls to it. */
export const MTLD_THRESHOLD = 0.72;

/**
 * The factors of one pass over `keys`: the words are read in order, with the ratio of distinct
 * words to words since the last factor ended; each time that ratio is at or below the threshold
 * a factor is complete and the count starts again. The words left over at the end make a partial
 * factor, (1 − their ratio) / (1 − threshold): none when nothing is left over.
 */
export function mtldFactors(keys: string[]): number {
  let factors = 0;
  let types = new Set<string>();
  let tokens = 0;
  for (const key of keys) {
    types.add(key);
    tokens++;
    if (types.size / tokens <= MTLD_THRESHOLD) {
      factors++;
      types = new Set();
      tokens = 0;
    }
  }
  if (tokens > 0) factors += (1 - types.size / tokens) / (1 - MTLD_THRESHOLD);
  return factors;
}

/**
 * MTLD: the words divided by the factors, read forwards and backwards, the two averaged; to two
 * decimal places. Null when a pass has no factor at all (every word different, as in a very
 * short answer): the measure is then without bound, and McCarthy and Jarvis do not use it below
 * about 100 words anyway.
 */
export function mtld(keys: string[]): number | null {
  const forwards = mtldFactors(keys);
  // No factor only when every word differs, read either way.
  if (forwards === 0) return null;
  const backwards = mtldFactors([...keys].reverse());
  const average = (keys.length / forwards + keys.length / backwards) / 2;
  return Math.round(average * 100) / 100;
}
