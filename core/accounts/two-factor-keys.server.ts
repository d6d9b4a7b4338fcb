import { symmetricDecrypt } from "better-auth/crypto";
import { sql } from "kysely";
import type { DB } from "../../db/index.ts";
import { queueMail } from "../mail/mail-outbox.server.ts";
import { twoFactorTurnedOffForNewKeyMail } from "./account-mail.ts";

/** The key Better Auth keeps two-factor secrets under: AUTH_SECRET (or its versioned form). */
export type TwoFactorKey = Parameters<typeof symmetricDecrypt>[0]["key"];

export interface UnreadableTwoFactor {
  userId: string;
  email: string;
  /** Sign-in asks this account for a code (else it was only being set up). */
  enabled: boolean;
}

/**
 * The accounts whose two-factor secret this key cannot open: it was saved under another
 * AUTH_SECRET. Signing in to one of them, or opening its setup page, would fail on the server
 * (decision 0032), so the server refuses to start until that is settled.
 */
export async function unreadableTwoFactorAccounts(
  db: DB,
  key: TwoFactorKey,
): Promise<UnreadableTwoFactor[]> {
  const rows = await db
    .selectFrom("two_factors")
    .innerJoin("users", "users.id", "two_factors.user_id")
    .select(["users.id", "users.email", "users.two_factor_enabled", "two_factors.secret"])
    .orderBy("users.email")
    .execute();
  const unreadable: UnreadableTwoFactor[] = [];
  for (const row of rows) {
    try {
      await symmetricDecrypt({ key, data: row.secret });
    } catch {
      unreadable.push({
        userId: row.id,
        email: row.email,
        enabled: Boolean(row.two_factor_enabled),
      });
    }
  }
  return unreadable;
}

/**
 * After AUTH_SECRET had to change (it leaked): turns off two-factor sign-in for every account
 * whose secret the new key cannot open, and tells each person who had it on, by mail, to turn it
 * on again. Their old setup is unusable anyway, and was kept under a key that is no longer
 * secret. Returns those accounts.
 */
export async function turnOffUnreadableTwoFactor(
  db: DB,
  key: TwoFactorKey,
  baseUrl: string,
): Promise<UnreadableTwoFactor[]> {
  const unreadable = await unreadableTwoFactorAccounts(db, key);
  for (const account of unreadable) {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("two_factors").where("user_id", "=", account.userId).execute();
      await trx
        .updateTable("users")
        // FALSE is 0 in SQLite and a boolean in PostgreSQL.
        .set({ two_factor_enabled: sql<boolean>`false`, updated_at: new Date().toISOString() })
        .where("id", "=", account.userId)
        .execute();
      if (account.enabled)
        await queueMail(trx, {
          ...twoFactorTurnedOffForNewKeyMail(account.email, baseUrl),
          aboutUserId: account.userId,
        });
    });
  }
  return unreadable;
}
