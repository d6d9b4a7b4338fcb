import { type Kysely, sql } from "kysely";
import { isSqlite } from "./column-types.ts";

/**
 * Full-text search over courses' names and descriptions: SQLite FTS5, PostgreSQL's text search.
 * Both must find the same courses for the same words (core/catalogue/catalogue.server.ts), so both see the
 * same words: letters and digits, everything else a separator, lower case, accents kept, no
 * stemming and no stop words (PostgreSQL's `simple` configuration, FTS5's `unicode61` tokenizer
 * with diacritics kept). Words are matched by prefix on both, so "speak" finds "Speaking".
 *
 * SQLite: an FTS5 table of its own (not external content keyed by `services.rowid`, which a VACUUM
 * may renumber), kept by triggers. PostgreSQL: a GIN index on the expression the search uses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    await sql`create virtual table services_search using fts5(
        service_id unindexed, name, description, tokenize = 'unicode61 remove_diacritics 0'
      )`.execute(db);
    await sql`insert into services_search (service_id, name, description)
      select id, name, description from services`.execute(db);
    await sql`create trigger services_search_on_insert after insert on services begin
        insert into services_search (service_id, name, description)
          values (new.id, new.name, new.description);
      end`.execute(db);
    await sql`create trigger services_search_on_delete after delete on services begin
        delete from services_search where service_id = old.id;
      end`.execute(db);
    await sql`create trigger services_search_on_update after update of name, description on services begin
        update services_search set name = new.name, description = new.description
          where service_id = old.id;
      end`.execute(db);
    return;
  }
  await sql`create index services_search on services using gin (
      to_tsvector('simple', regexp_replace(name || ' ' || description, '[^[:alnum:]]+', ' ', 'g'))
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ["insert", "delete", "update"]) {
      await sql.raw(`drop trigger services_search_on_${trigger}`).execute(db);
    }
    await sql`drop table services_search`.execute(db);
    return;
  }
  await sql`drop index services_search`.execute(db);
}
