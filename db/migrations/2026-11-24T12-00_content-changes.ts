import { type Kysely, sql } from "kysely";
import { isSqlite } from "./column-types.ts";

/**
 * Every write that changes what an anonymous visitor sees announces which answers it changed, as
 * a tag, whichever process, script or tool made it (decision 0035): the response cache
 * (server/response-cache.ts) drops exactly the answers with that tag.
 *  - `catalogue`: a course was added, changed or removed, or its counts moved (lists, home, API);
 *  - `course:<id>`: that course's page and API answers (its reviews, replies, helpful counts,
 *    verified reviewers);
 *  - `site`: everything (the teacher's About text, a reviewer's name or photo, the owners).
 *
 * PostgreSQL sends each tag with NOTIFY on the channel `content_changes`, delivered to every
 * listening process when the transaction commits. SQLite has no NOTIFY: its triggers stamp the
 * tag with a rising number in `content_changes` (one row per tag), which a process reads in
 * microseconds before it answers from its cache.
 */
const SOURCES: { table: string; columns?: string[]; tags: (row: "new" | "old") => string[] }[] = [
  { table: "services", tags: (row) => ["'catalogue'", `'course:' || ${row}.id`] },
  { table: "reviews", tags: (row) => [`'course:' || ${row}.service_id`] },
  {
    table: "review_replies",
    tags: (row) => [`(select 'course:' || service_id from reviews where id = ${row}.review_id)`],
  },
  // A confirmed enrollment marks the student's review of the course as verified.
  { table: "enrollments", tags: (row) => [`'course:' || ${row}.service_id`] },
  { table: "users", columns: ["name", "image"], tags: () => ["'site'"] },
  { table: "site_settings", tags: () => ["'site'"] },
  { table: "owners", tags: () => ["'site'"] },
];

const OPERATIONS = ["insert", "update", "delete"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`create table content_changes (
      tag text primary key,
      seq integer not null
    )`.execute(db);
    await sql`create index content_changes_by_seq on content_changes (seq)`.execute(db);
    for (const { table, columns, tags } of SOURCES) {
      for (const operation of OPERATIONS) {
        if (columns && operation !== "update") continue;
        const row = operation === "delete" ? "old" : "new";
        // Not `insert or replace`: an outer statement's conflict clause (an upsert's) overrides
        // a trigger's, so the stamp is an update, or an insert when the tag is new.
        const stamps = tags(row).map(
          (tag) => `update content_changes
              set seq = (select max(seq) + 1 from content_changes) where tag = ${tag};
            insert into content_changes (tag, seq)
              select ${tag}, (select coalesce(max(seq), 0) + 1 from content_changes)
              where ${tag} is not null
                and not exists (select 1 from content_changes where tag = ${tag});`,
        );
        const event = columns ? `update of ${columns.join(", ")}` : operation;
        await sql
          .raw(`create trigger ${table}_content_${operation} after ${event} on ${table}
            begin ${stamps.join("\n")} end`)
          .execute(db);
      }
    }
    return;
  }
  for (const { table, columns, tags } of SOURCES) {
    const notify = (row: "new" | "old") =>
      tags(row)
        .map(
          (tag) =>
            `perform pg_notify('content_changes', t) from (select ${tag} as t) x where t is not null;`,
        )
        .join("\n");
    await sql
      .raw(`create function ${table}_content_changed() returns trigger
        language plpgsql as $$
        begin
          if tg_op = 'DELETE' then ${notify("old")}
          else ${notify("new")}
          end if;
          return null;
        end $$`)
      .execute(db);
    const event = columns ? `update of ${columns.join(", ")}` : "insert or update or delete";
    await sql
      .raw(`create trigger ${table}_content_changed after ${event} on ${table}
        for each row execute function ${table}_content_changed()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const { table, columns } of SOURCES) {
      for (const operation of OPERATIONS) {
        if (columns && operation !== "update") continue;
        await sql.raw(`drop trigger ${table}_content_${operation}`).execute(db);
      }
    }
    await sql`drop table content_changes`.execute(db);
    return;
  }
  for (const { table } of SOURCES) {
    await sql.raw(`drop trigger ${table}_content_changed on ${table}`).execute(db);
    await sql.raw(`drop function ${table}_content_changed()`).execute(db);
  }
}
