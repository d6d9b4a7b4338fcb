import type { DB } from "../../db/index.ts";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./time-zones.ts";

/** What the owner sets in /admin (the site's words, on /admin/site: core/site/site-words.server.ts). Absent rows mean the defaults. */
export interface SiteSettings {
  /** Courses added by students wait for the owner's approval (default: published at once). */
  studentCoursesNeedApproval: boolean;
  /** Shown to a student once they asked to enroll: how to pay (payment stays outside the site). */
  paymentInstructions: string;
  /**
   * The teacher's time zone (IANA name): the one scheduled posts' times are read in, and every
   * date on the site is shown in (decision 0055).
   */
  timeZone: string;
}

const DEFAULTS: SiteSettings = {
  studentCoursesNeedApproval: false,
  timeZone: DEFAULT_TIME_ZONE,
  paymentInstructions:
    "The teacher will write to you with the price, the start date and how to pay once your request is confirmed.",
};

/** The row of `site_settings` that holds the site's time zone. */
export const TIME_ZONE_KEY = "timeZone";

/** The stored time zone, or the default when none is stored. */
export function timeZoneFrom(stored: string | undefined): string {
  // A zone this runtime no longer knows (an older time-zone database) falls back, never fails.
  return stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}

export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return {
    studentCoursesNeedApproval:
      stored.studentCoursesNeedApproval === undefined
        ? DEFAULTS.studentCoursesNeedApproval
        : stored.studentCoursesNeedApproval === "true",
    paymentInstructions: stored.paymentInstructions || DEFAULTS.paymentInstructions,
    timeZone: timeZoneFrom(stored[TIME_ZONE_KEY]),
  };
}

export async function setPaymentInstructions(db: DB, text: string): Promise<void> {
  await db
    .insertInto("site_settings")
    .values({ key: "paymentInstructions", value: text })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: text }))
    .execute();
}

export async function setStudentCoursesNeedApproval(db: DB, value: boolean): Promise<void> {
  await db
    .insertInto("site_settings")
    .values({ key: "studentCoursesNeedApproval", value: String(value) })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: String(value) }))
    .execute();
}

/** Sets the teacher's time zone; refuses a name that is no IANA time zone. */
export async function setTimeZone(
  db: DB,
  timeZone: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const name = timeZone.trim();
  if (!isTimeZone(name)) {
    return { ok: false, message: "Please choose a time zone such as Europe/London or UTC." };
  }
  await db
    .insertInto("site_settings")
    .values({ key: TIME_ZONE_KEY, value: name })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: name }))
    .execute();
  return { ok: true };
}
