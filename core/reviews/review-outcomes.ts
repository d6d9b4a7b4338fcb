/**
 * A student's IELTS outcome on a review, and how the page shows it. Dependency-free, so the forms
 * and the pages read the same names and bounds the server checks.
 */
export const IELTS_MODULES = { academic: "Academic", general: "General Training" } as const;
export type IeltsModule = keyof typeof IELTS_MODULES;
/** The module ids the schemas accept, from the same table. */
export const IELTS_MODULE_IDS = Object.keys(IELTS_MODULES) as [IeltsModule, ...IeltsModule[]];

/** Overall bands from 0 to 9 in steps of 0.5, as the forms offer them. */
export const BANDS = Array.from({ length: 19 }, (_, n) => n / 2);

export const isBand = (value: number) => Number.isInteger(value * 2) && value >= 0 && value <= 9;

/** Fewer students than this reporting a band show nothing, so no one student is exposed. */
export const MIN_REPORTED_OUTCOMES = 3;

export interface ReviewOutcome {
  module: IeltsModule | null;
  bandBefore: number | null;
  bandAchieved: number | null;
  /** YYYY-MM */
  testMonth: string | null;
}

/** A course's outcomes, when at least MIN_REPORTED_OUTCOMES students reported a band. */
export interface OutcomeSummary {
  reported: number;
  medianAchieved: number;
  /** Achieved minus before, over the reviews that give both; null when none does. */
  averageGain: number | null;
}

export const formatBand = (band: number) => band.toFixed(1);

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "March 2026" for "2026-03". */
export function formatTestMonth(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTHS[Number(number) - 1] ?? ""} ${year}`;
}

/** "Academic · Band 6.0 → 7.0 · March 2026", with whatever parts the student gave; "" for none. */
export function formatOutcome(outcome: ReviewOutcome): string {
  const { module, bandBefore, bandAchieved, testMonth } = outcome;
  let bands = "";
  if (bandBefore !== null && bandAchieved !== null) {
    bands = `Band ${formatBand(bandBefore)} → ${formatBand(bandAchieved)}`;
  } else if (bandAchieved !== null) bands = `Band ${formatBand(bandAchieved)} achieved`;
  else if (bandBefore !== null) bands = `Band ${formatBand(bandBefore)} before`;
  return [module && IELTS_MODULES[module], bands, testMonth && formatTestMonth(testMonth)]
    .filter(Boolean)
    .join(" · ");
}

/** "5 students reported their band: median 7.0 achieved, average gain +0.8". */
export function formatOutcomeSummary({ reported, medianAchieved, averageGain }: OutcomeSummary) {
  const gain =
    averageGain === null
      ? ""
      : `, average gain ${averageGain >= 0 ? "+" : "−"}${Math.abs(averageGain).toFixed(1)}`;
  return `${reported} students reported their band: median ${formatBand(medianAchieved)} achieved${gain}`;
}
