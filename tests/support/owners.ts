import { sql } from "kysely";
import { grantOwner } from "../../core/accounts/owners.server.ts";
import { type DB, openDatabase } from "../../db/index.ts";
import { runOwnerCommand } from "../../scripts/owner.ts";
import { signUpWithToken } from "./accounts.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Turns two-factor sign-in on for an account by writing its switch, as a test's shortcut (the
 * way through the pages is tested in two-factor.test.ts and the end-to-end tests): an owner's
 * powers need it (decision 0032).
 */
export async function turnOnTwoFactorDirectly(db: DB, email: string) {
  await db
    .updateTable("users")
    // TRUE is 1 in SQLite and a boolean in PostgreSQL.
    .set({ two_factor_enabled: sql<boolean>`true` })
    .where("email", "=", email.toLowerCase())
    .execute();
}

/** An owner who can use the role: granted, with two-factor sign-in on. */
export async function makeOwner(db: DB, email: string) {
  await grantOwner(db, email);
  await turnOnTwoFactorDirectly(db, email);
}

/** The teacher: signed up (with a session, an id and an API token) and made an owner. */
export async function signUpOwner(app: TestApp, db: DB) {
  const owner = await signUpWithToken(app, db, { name: "The Teacher" });
  await makeOwner(db, owner.email);
  return owner;
}

/**
 * The same for the end-to-end server's database: the role granted with `npm run owner`, as the
 * teacher does, and two-factor sign-in switched on directly.
 */
export async function makeOwnerOf(databaseUrl: string, email: string) {
  const granted = await runOwnerCommand(["grant", email], { DATABASE_URL: databaseUrl });
  const { db } = openDatabase(databaseUrl);
  try {
    await turnOnTwoFactorDirectly(db, email);
  } finally {
    await db.destroy();
  }
  return granted;
}
