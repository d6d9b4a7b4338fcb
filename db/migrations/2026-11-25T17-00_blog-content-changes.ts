import { type Kysely, sql } from "kysely";
import { isSqlite } from "./column-types.ts";

/**
 * The blog's writes announce themselves as the catalogue's do (migration 2026-11-24T12-00,
 * decision 0035): a post written, published by the scheduler, unpublished or deleted, or its
 * tags changed, whoever does it, tells every process's response cache. They announce `site`
 * (every kept answer): a post may show on the blog, its tag pages, its own page, the sitemap and
 * the home page, and posts change a few times a week, so dropping everything costs nothing worth
 * a finer tag. Revisions and the deleted addresses are shown to nobody anonymous (a 410 is never
 * kept), so they have no trigger.
 */
const TABLES = ["posts", "post_tags", "tags"] as const;
const OPERATIONS = ["insert", "update", "delete"] as const;
const TAG = "'site'";

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    // As in 2026-11-24T12-00: an update of the stamp, or an insert when the tag is new (an
    // upsert's conflict clause would be overridden by the statement that fired the trigger).
    const stamp = `update content_changes
        set seq = (select max(seq) + 1 from content_changes) where tag = ${TAG};
      insert into content_changes (tag, seq)
        select ${TAG}, (select coalesce(max(seq), 0) + 1 from content_changes)
        where not exists (select 1 from content_changes where tag = ${TAG});`;
    for (const table of TABLES) {
      for (const operation of OPERATIONS) {
        await sql
          .raw(`create trigger ${table}_content_${operation} after ${operation} on ${table}
            begin ${stamp} end`)
          .execute(db);
      }
    }
    return;
  }
  await sql
    .raw(`create function blog_content_changed() returns trigger
      language plpgsql as $$
      begin
        perform pg_notify('content_changes', ${TAG});
        return null;
      end $$`)
    .execute(db);
  for (const table of TABLES) {
    // For each row, not each statement: the scheduler's update, run every second, mostly
    // changes no row and must then announce nothing. PostgreSQL folds a transaction's identical
    // notifications into one, so a post saved with five tags is still one change.
    await sql
      .raw(`create trigger ${table}_content_changed after insert or update or delete on ${table}
        for each row execute function blog_content_changed()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const table of TABLES) {
      for (const operation of OPERATIONS) {
        await sql.raw(`drop trigger ${table}_content_${operation}`).execute(db);
      }
    }
    return;
  }
  for (const table of TABLES) {
    await sql.raw(`drop trigger ${table}_content_changed on ${table}`).execute(db);
  }
  await sql`drop function blog_content_changed()`.execute(db);
}
