import type { DB } from "../db/index.ts";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./time-zones.ts";

/** What the owner sets in /admin. Absent rows mean the defaults. */
export interface SiteSettings {
  /** Courses added by students wait for the owner's approval (default: published at once). */
  studentCoursesNeedApproval: boolean;
  /** Shown to a student once they asked to enroll: how to pay (payment stays outside the site). */
  paymentInstructions: string;
  /** The About Me block's text, paragraphs split by blank lines; null: the site's own text. */
  aboutBio: string | null;
  /** The teacher's uploaded photo (its largest width's address); null: none. */
  aboutPhotoUrl: string | null;
  /** The teacher's time zone (IANA name): the one scheduled posts' dates and times are read in. */
  timeZone: string;
}

const DEFAULTS: SiteSettings = {
  studentCoursesNeedApproval: false,
  aboutBio: null,
  aboutPhotoUrl: null,
  timeZone: DEFAULT_TIME_ZONE,
  paymentInstructions:
    "The teacher will write to you with the price, the start date and how to pay once your request is confirmed.",
};

export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return {
    studentCoursesNeedApproval:
      stored.studentCoursesNeedApproval === undefined
        ? DEFAULTS.studentCoursesNeedApproval
        : stored.studentCoursesNeedApproval === "true",
    paymentInstructions: stored.paymentInstructions || DEFAULTS.paymentInstructions,
    aboutBio: stored.aboutBio || null,
    aboutPhotoUrl: stored.aboutPhotoUrl || null,
    // A zone this runtime no longer knows (an older time-zone database) falls back, never fails.
    timeZone: stored.timeZone && isTimeZone(stored.timeZone) ? stored.timeZone : DEFAULT_TIME_ZONE,
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

export { MAX_ABOUT_BIO_LENGTH } from "./field-limits.ts";

/**
 * The About Me block: its text (empty: back to the site's own text) and the photo, kept as it
 * is (`undefined`), replaced by an uploaded one's address, or removed (`null`).
 */
export async function setAboutTheTeacher(
  db: DB,
  { bio, photoUrl }: { bio: string; photoUrl: string | null | undefined },
): Promise<void> {
  const settings: [string, string][] = [["aboutBio", bio]];
  if (photoUrl !== undefined) settings.push(["aboutPhotoUrl", photoUrl ?? ""]);
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of settings) {
      await trx
        .insertInto("site_settings")
        .values({ key, value })
        .onConflict((conflict) => conflict.column("key").doUpdateSet({ value }))
        .execute();
    }
  });
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
    .values({ key: "timeZone", value: name })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: name }))
    .execute();
  return { ok: true };
}
