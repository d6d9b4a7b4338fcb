import type { DB } from "../db/index.ts";

/** What the owner sets in /admin. Absent rows mean the defaults. */
export interface SiteSettings {
  /** Courses added by students wait for the owner's approval (default: published at once). */
  studentCoursesNeedApproval: boolean;
  /** Shown to a student once they asked to enroll: how to pay (payment stays outside the site). */
  paymentInstructions: string;
}

const DEFAULTS: SiteSettings = {
  studentCoursesNeedApproval: false,
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
