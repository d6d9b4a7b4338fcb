/** The catalogue shows the first 100 characters of a description. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

/** Cuts at 100 characters (whole code points, never half an emoji) and marks the cut with '...'. */
export function previewDescription(text: string, length = DESCRIPTION_PREVIEW_LENGTH): string {
  const characters = Array.from(text);
  return characters.length > length ? `${characters.slice(0, length).join("")}...` : text;
}

/** '49' for whole dollars, '49.50' otherwise. */
export function formatPrice(price: number): string {
  return Number.isInteger(price) ? String(price) : price.toFixed(2);
}

export function centsToPrice(cents: number): number {
  return Math.round(cents) / 100;
}

export interface AddTime {
  date: string;
  time: string;
}

/** The seed's `addTime` shape: date "d/m/yyyy" and time "hh:mm:ss", in UTC. */
export function toAddTime(moment: Date): AddTime {
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${moment.getUTCDate()}/${moment.getUTCMonth() + 1}/${moment.getUTCFullYear()}`,
    time: `${pad(moment.getUTCHours())}:${pad(moment.getUTCMinutes())}:${pad(moment.getUTCSeconds())}`,
  };
}

// Made once: building an Intl formatter costs far more than formatting with it.
const longDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/** A readable date for pages, e.g. '21 November 2026'. */
export function formatLongDate(moment: Date): string {
  return longDate.format(moment);
}
