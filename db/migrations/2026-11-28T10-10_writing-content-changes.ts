import { type Kysely, sql } from "kysely";
import { isSqlite } from "./column-types.ts";

/**
 * A Writing task written, published, unpublished or withdrawn announces `writing`, as the
 * catalogue's and the blog's writes announce theirs (migrations 2026-11-24T12-00 and
 * 2026-11-25T17-00, decision 0035), whoever makes it: the response cache can then keep the
 * public Writing pages and API answers and drop exactly those when a task changes. Answers and
 * drafts are never shown to anyone anonymous, so they have no trigger.
 */
const TABLE = "writing_tasks";
const OPERATIONS = ["insert", "update", "delete"] as const;
const TAG = "'writing'";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    // As in 2026-11-24T12-00: an update of the stamp, or an insert when the tag is new.
    const stamp = `update content_changes
        set seq = (select max(seq) + 1 from content_changes) where tag = ${TAG};
      insert into content_changes (tag, seq)
        select ${TAG}, (select coalesce(max(seq), 0) + 1 from content_changes)
        where not exists (select 1 from content_changes where tag = ${TAG});`;
    for (const operation of OPERATIONS) {
      await sql
        .raw(`create trigger ${TABLE}_content_${operation} after ${operation} on ${TABLE}
          begin ${stamp} end`)
        .execute(db);
    }
    return;
  }
  await sql
    .raw(`create function writing_content_changed() returns trigger
      language plpgsql as $$
      begin
        perform pg_notify('content_changes', ${TAG});
        return null;
      end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${TABLE}_content_changed after insert or update or delete on ${TABLE}
      for each row execute function writing_content_changed()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const operation of OPERATIONS) {
      await sql.raw(`drop trigger ${TABLE}_content_${operation}`).execute(db);
    }
    return;
  }
  await sql.raw(`drop trigger ${TABLE}_content_changed on ${TABLE}`).execute(db);
  await sql`drop function writing_content_changed()`.execute(db);
}
