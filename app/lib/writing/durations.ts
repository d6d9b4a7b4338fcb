/**
 * Times on the Writing pages, in words a student reads at a glance: the countdown's minutes (as
 * the test shows them), the time an answer took, and the moment a draft was saved.
 */

/** The countdown: "38 minutes left", "1 minute left", and the last minute in seconds. */
export function timeLeftText(secondsLeft: number): string {
  if (secondsLeft <= 0) return "Time is up";
  if (secondsLeft < 60) return `${secondsLeft} second${secondsLeft === 1 ? "" : "s"} left`;
  const minutes = Math.ceil(secondsLeft / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"} left`;
}

/** How long an answer took: "38 min 5 s", "1 h 2 min", or "Not known" when the screen could not tell. */
export function durationText(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return "Not known";
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
  return `${rest} s`;
}

const clockTimes = new Map<string, Intl.DateTimeFormat>();

/** "14:02:31" in the site's time zone (decision 0055). */
export function clockTime(moment: Date, timeZone: string): string {
  let formatter = clockTimes.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZone,
    });
    clockTimes.set(timeZone, formatter);
  }
  return formatter.format(moment);
}

const dateTimes = new Map<string, Intl.DateTimeFormat>();

/** "28 November 2026 at 14:02" in the site's time zone. */
export function dateAndTime(moment: Date, timeZone: string): string {
  let formatter = dateTimes.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      dateStyle: "long",
      timeStyle: "short",
      hourCycle: "h23",
      timeZone,
    });
    dateTimes.set(timeZone, formatter);
  }
  return formatter.format(moment);
}
