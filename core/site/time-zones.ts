/**
 * The teacher's time zone (an IANA name, set in /admin) and the conversions between what a
 * `datetime-local` field holds ("2026-12-01T09:30", a wall-clock time in that zone) and an
 * instant. Only `Intl`, so the editor may use it too.
 */

export const DEFAULT_TIME_ZONE = "UTC";

/** Whether `name` is a time zone this runtime knows ("Europe/London", "UTC"). */
const knownZones = new Set<string>();
export function isTimeZone(name: string): boolean {
  if (knownZones.has(name)) return true;
  if (name === "" || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    // Every page reads the site's zone: checked once, not built into a formatter each time.
    if (knownZones.size < 1000) knownZones.add(name);
    return true;
  } catch {
    return false;
  }
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of `instant` in `timeZone`, as milliseconds of a UTC date with the same fields. */
function wallClockAt(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockAt(whole, timeZone) - whole;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant a wall-clock time in `timeZone` names; undefined when the text is no such time.
 * Around a change of the clocks it does what a person means (as Temporal's "compatible"): a time
 * that happens twice (clocks going back) is its first occurrence; a time that never happens
 * (clocks going forward) is moved forward by the gap: 01:30 on the night London's clocks jump
 * from 01:00 to 02:00 is read as 01:30 GMT, which the clocks then call 02:30 BST.
 */
export function localDateTimeToInstant(text: string, timeZone: string): Date | undefined {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match || !isTimeZone(timeZone)) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(
    year as number,
    (month as number) - 1,
    day as number,
    hour as number,
    minute as number,
    second as number,
  );
  const asGiven = new Date(wall);
  // Date.UTC rolls 2026-02-30 over to March: such a text names no day.
  if (
    asGiven.getUTCFullYear() !== year ||
    asGiven.getUTCMonth() !== (month as number) - 1 ||
    asGiven.getUTCDate() !== day ||
    (hour as number) > 23
  ) {
    return undefined;
  }
  // The offsets in force a day either side cover any single change of the clocks.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [...new Set([wall - before, wall - after])]
    .filter((instant) => wallClockAt(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  // No candidate: the clocks skipped this time; read it with the offset from before the change.
  return new Date(candidates[0] ?? wall - before);
}

/** What a `datetime-local` field shows for `instant` in `timeZone` ("2026-12-01T09:30"). */
export function instantToLocalDateTime(instant: Date, timeZone: string): string {
  return new Date(wallClockAt(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}

const WITH_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A publishing time as a client sends it: an instant with its offset ("2026-12-01T09:30:00Z",
 * "…+01:00"), or a wall-clock time in the teacher's zone as a `datetime-local` field holds it.
 */
export function parsePublishAt(text: string, timeZone: string): Date | undefined {
  const trimmed = text.trim();
  if (trimmed.length > 40) return undefined;
  if (!WITH_OFFSET.test(trimmed)) return localDateTimeToInstant(trimmed, timeZone);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(trimmed)) return undefined;
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/**
 * Zones the runtime lists under the names CLDR kept (Intl.supportedValuesOf says
 * "Asia/Calcutta"), by the names IANA and people use today: a teacher in Kolkata looks for
 * Kolkata. Both names mean the same zone to Intl.
 */
const PRESENT_NAMES: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Louisville": "America/Kentucky/Louisville",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/**
 * The zones the teacher may choose from: UTC first, then every IANA zone this runtime knows (its
 * list leaves UTC out) by its present name, with the stored one kept even if not listed.
 */
export function selectableTimeZones(current: string): string[] {
  const zones = new Set(
    Intl.supportedValuesOf("timeZone")
      .map((zone) => {
        const present = PRESENT_NAMES[zone];
        return present && isTimeZone(present) ? present : zone;
      })
      .filter((zone) => zone !== DEFAULT_TIME_ZONE),
  );
  if (current !== DEFAULT_TIME_ZONE) zones.add(current);
  return [DEFAULT_TIME_ZONE, ...[...zones].sort()];
}

const readableFormatters = new Map<string, Intl.DateTimeFormat>();

/** A date and time as the teacher reads it in their zone: "3 December 2026 at 09:30". */
export function formatInTimeZone(instant: Date, timeZone: string): string {
  let formatter = readableFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      dateStyle: "long",
      timeStyle: "short",
      hourCycle: "h23",
    });
    readableFormatters.set(timeZone, formatter);
  }
  return formatter.format(instant);
}
