import type { Kysely } from "kysely";

/**
 * The account a queued mail is about, when it is not simply the recipient's own: the link that
 * confirms a new address (sent to that address, naming the person), a student's enrollment request
 * told to the owners. Deleting an account removes every mail about it still waiting in the outbox
 * by this column (core/accounts/account-deletion.server.ts), since such a mail cannot be found by its
 * recipient. No foreign key: a mail is queued at sign-up while Better Auth may still be writing
 * the account's row, and the deletion removes the rows itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("about_user_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("about_user_id").execute();
}
