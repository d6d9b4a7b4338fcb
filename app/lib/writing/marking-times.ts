/**
 * How long marking takes, in words the teacher reads at a glance on /admin/writing: the time an
 * answer has waited in the queue ("3 days", "5 hours") and the usual time to return one.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

/**
 * A wait in its largest sensible unit, rounded down: minutes under an hour, hours under two days
 * (a day and a half reads better as "36 hours"), days from then on.
 */
export function waitedText(ms: number): string {
  if (!Number.isFinite(ms) || ms < MINUTE) return "under a minute";
  if (ms < HOUR) return plural(Math.floor(ms / MINUTE), "minute");
  if (ms < 2 * DAY) return plural(Math.floor(ms / HOUR), "hour");
  return plural(Math.floor(ms / DAY), "day");
}

/** A median time to return: "1 day 4 hours", "5 hours 20 minutes", "35 minutes". */
export function turnaroundText(ms: number): string {
  if (!Number.isFinite(ms) || ms < MINUTE) return "under a minute";
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0)
    return hours > 0 ? `${plural(days, "day")} ${plural(hours, "hour")}` : plural(days, "day");
  if (hours > 0)
    return minutes > 0
      ? `${plural(hours, "hour")} ${plural(minutes, "minute")}`
      : plural(hours, "hour");
  return plural(minutes, "minute");
}
