import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { type Database, toDate } from "../../db/schema.ts";
import { SITE_WORD_SECTIONS, type SiteWordSection } from "./site-words.ts";

/**
 * The history of the site's words (decision 0040): every save of a section, with who saved it,
 * when, and what it read afterwards. Written in the save's own transaction, so no change goes
 * unrecorded.
 */
export async function recordSiteWordChange(
  trx: Transaction<Database>,
  section: SiteWordSection,
  ownerId: string,
  saved: unknown,
): Promise<void> {
  await trx
    .insertInto("site_word_changes")
    .values({
      id: crypto.randomUUID(),
      section,
      snapshot: JSON.stringify(saved),
      changed_by: ownerId,
      changed_at: new Date().toISOString(),
    })
    .execute();
}

export interface SiteWordChange {
  /** The owner's name; null once they deleted their account. */
  changedBy: string | null;
  changedAt: Date;
}

/** Each section's newest change, or null for a section still as the site started. */
export async function lastSiteWordChanges(
  db: DB,
): Promise<Record<SiteWordSection, SiteWordChange | null>> {
  const newest = await Promise.all(
    SITE_WORD_SECTIONS.map((section) =>
      db
        .selectFrom("site_word_changes")
        .leftJoin("users", "users.id", "site_word_changes.changed_by")
        .select(["users.name", "site_word_changes.changed_at"])
        .where("site_word_changes.section", "=", section)
        .orderBy("site_word_changes.changed_at", "desc")
        .limit(inlineLimit(1))
        .executeTakeFirst(),
    ),
  );
  return Object.fromEntries(
    SITE_WORD_SECTIONS.map((section, index) => {
      const row = newest[index];
      return [
        section,
        row ? { changedBy: row.name ?? null, changedAt: toDate(row.changed_at) } : null,
      ];
    }),
  ) as Record<SiteWordSection, SiteWordChange | null>;
}
