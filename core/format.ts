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

// Made once per zone: building an Intl formatter costs far more than formatting with it.
const longDates = new Map<string, Intl.DateTimeFormat>();

/**
 * The day an instant falls on in the site's time zone, for pages: '21 November 2026' (decision
 * 0055). A post published at 22:30 UTC reads as the next day in Australia/Sydney; a review
 * written at 03:00 UTC as the day before in America/Los_Angeles.
 */
export function formatLongDate(moment: Date, timeZone: string): string {
  let formatter = longDates.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone });
    longDates.set(timeZone, formatter);
  }
  return formatter.format(moment);
}

const calendarDay = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

/**
 * A calendar day written YYYY-MM-DD ('2026-11-21', a page's revision day), as '21 November
 * 2026'. A day is no instant: it is the same day in every time zone, so it is read and written
 * in UTC, where the text names it.
 */
export function formatCalendarDay(day: string): string {
  return calendarDay.format(new Date(`${day}T00:00:00Z`));
}
