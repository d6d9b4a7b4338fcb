import { type Kysely, sql } from "kysely";

/**
 * Per-account counters are now keyed by a keyed hash of the address, not the address itself
 * (decision 0038). The ones an earlier version left keyed by a plain address
 * (`password:account:ann@example.com`, `verification-mail:account:…`) would name their person
 * until housekeeping dropped them a day later, and outlive the deletion of the account: they go
 * now. Losing them forgives at most 15 minutes of password guesses and an hour of verification
 * links; the client address's limits still hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from rate_limits where key like '%:account:%@%'`.execute(db);
}

/** Nothing to put back: the counters that went are forgotten, as they would have been anyway. */
export async function down(_db: Kysely<unknown>): Promise<void> {}
