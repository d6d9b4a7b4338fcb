import type { DB } from "../db/index.ts";

/** What the owner sets in /admin. Absent rows mean the defaults. */
export interface SiteSettings {
  /** Courses added by students wait for the owner's approval (default: published at once). */
  studentCoursesNeedApproval: boolean;
}

const DEFAULTS: SiteSettings = { studentCoursesNeedApproval: false };

export async function getSiteSettings(db: DB): Promise<SiteSettings> {
  const rows = await db.selectFrom("site_settings").select(["key", "value"]).execute();
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return {
    studentCoursesNeedApproval:
      stored.studentCoursesNeedApproval === undefined
        ? DEFAULTS.studentCoursesNeedApproval
        : stored.studentCoursesNeedApproval === "true",
  };
}

export async function setStudentCoursesNeedApproval(db: DB, value: boolean): Promise<void> {
  await db
    .insertInto("site_settings")
    .values({ key: "studentCoursesNeedApproval", value: String(value) })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: String(value) }))
    .execute();
}
