import { type Kysely, sql } from "kysely";
import { isSqlite } from "./column-types.ts";

/**
 * How many courses the catalogue holds in each status, so that its pages and `GET
 * /api/services` need not count 100,000 rows to say how many pages there are (5 ms on every
 * render of /services with that many courses; the count of a search or a filter still counts
 * what matches). Triggers on `services` keep it in step, in the same transaction as the write,
 * whichever path, script or tool writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("catalogue_tallies")
    .addColumn("status", "text", (c) => c.primaryKey())
    .addColumn("course_count", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_tallies (status, course_count)
    select status, count(*) from services group by status`.execute(db);
  if (isSqlite(db)) {
    // An update, then an insert when the status has no row yet: not an upsert, which the
    // conflict clause of the statement that fired the trigger would override.
    const countIn = `update catalogue_tallies set course_count = course_count + 1
        where status = new.status;
      insert into catalogue_tallies (status, course_count) select new.status, 1
        where not exists (select 1 from catalogue_tallies where status = new.status);`;
    const countOut = `update catalogue_tallies set course_count = course_count - 1
        where status = old.status;`;
    await sql
      .raw(`create trigger catalogue_tallies_on_insert after insert on services
        begin ${countIn} end`)
      .execute(db);
    await sql
      .raw(`create trigger catalogue_tallies_on_delete after delete on services
        begin ${countOut} end`)
      .execute(db);
    await sql
      .raw(`create trigger catalogue_tallies_on_update after update of status on services
        when old.status <> new.status begin ${countOut} ${countIn} end`)
      .execute(db);
    return;
  }
  await sql
    .raw(`create function catalogue_tallies_follow_services() returns trigger
    language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update catalogue_tallies set course_count = course_count - 1 where status = old.status;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into catalogue_tallies (status, course_count) values (new.status, 1)
          on conflict (status) do update set course_count = catalogue_tallies.course_count + 1;
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger catalogue_tallies_follow_services
    after insert or delete or update of status on services
    for each row execute function catalogue_tallies_follow_services()`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger catalogue_tallies_on_${trigger}`).execute(db);
    }
  } else {
    await sql`drop trigger catalogue_tallies_follow_services on services`.execute(db);
    await sql`drop function catalogue_tallies_follow_services()`.execute(db);
  }
  await db.schema.dropTable("catalogue_tallies").execute();
}
