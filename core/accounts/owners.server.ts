import type { DB } from "../../db/index.ts";
import { toDate } from "../../db/schema.ts";
import type { SignedInUser } from "./signed-in-user.ts";

/**
 * The owner role: who may run the site (every course, review moderation, the inbox, the
 * newsletter). Granted and revoked only from the server's shell (scripts/owner.ts); no page or
 * API call changes it. Its powers hold only while the account has two-factor sign-in on
 * (decision 0032): a stolen password alone must not run the site.
 */
export async function isOwner(db: DB, userId: string): Promise<boolean> {
  return (await ownerStanding(db, userId)) === "owner";
}

/**
 * `owner`: holds the role with two-factor sign-in on; `needs-second-factor`: holds it but must
 * turn two-factor sign-in on before any of its powers work (/admin leads there); `none`.
 */
export type OwnerStanding = "owner" | "needs-second-factor" | "none";

export async function ownerStanding(db: DB, userId: string): Promise<OwnerStanding> {
  const row = await db
    .selectFrom("owners")
    .innerJoin("users", "users.id", "owners.user_id")
    .select("users.two_factor_enabled")
    .where("owners.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return "none";
  return ownerPowers(true, Boolean(row.two_factor_enabled)).isOwner
    ? "owner"
    : "needs-second-factor";
}

/** The signed-in user of a session (Better Auth's user, with its two-factor switch), with their role. */
export async function signedInUser(
  db: DB,
  user: {
    id: string;
    name: string;
    email: string;
    image?: string | null;
    twoFactorEnabled?: boolean | null;
  },
): Promise<SignedInUser> {
  const { id, name, email, image } = user;
  const twoFactorEnabled = Boolean(user.twoFactorEnabled);
  const role = await db
    .selectFrom("owners")
    .select("user_id")
    .where("user_id", "=", id)
    .executeTakeFirst();
  return {
    id,
    name,
    email,
    image: image ?? null,
    twoFactorEnabled,
    ...ownerPowers(role !== undefined, twoFactorEnabled),
  };
}

/** What holding the role gives: its powers only with two-factor sign-in on. */
export function ownerPowers(holdsRole: boolean, twoFactorEnabled: boolean) {
  return {
    isOwner: holdsRole && twoFactorEnabled,
    ownerNeedsSecondFactor: holdsRole && !twoFactorEnabled,
  };
}

export type OwnerChange =
  | { ok: true; changed: boolean; email: string; userId: string }
  | { ok: false; reason: "no-such-account"; email: string };

async function userIdFor(db: DB, email: string) {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/** Makes the account with this e-mail an owner (`changed: false` when it already was). */
export async function grantOwner(db: DB, email: string, now = new Date()): Promise<OwnerChange> {
  const userId = await userIdFor(db, email);
  if (!userId) return { ok: false, reason: "no-such-account", email };
  const inserted = await db
    .insertInto("owners")
    .values({ user_id: userId, granted_at: now.toISOString() })
    .onConflict((conflict) => conflict.column("user_id").doNothing())
    .executeTakeFirst();
  return {
    ok: true,
    changed: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0,
    email,
    userId,
  };
}

/** Takes the role from the account with this e-mail (`changed: false` when it had none). */
export async function revokeOwner(db: DB, email: string): Promise<OwnerChange> {
  const userId = await userIdFor(db, email);
  if (!userId) return { ok: false, reason: "no-such-account", email };
  const deleted = await db.deleteFrom("owners").where("user_id", "=", userId).executeTakeFirst();
  return { ok: true, changed: Number(deleted.numDeletedRows) > 0, email, userId };
}

export interface Owner {
  email: string;
  name: string;
  grantedAt: Date;
}

/** Every owner, the earliest first. */
export async function listOwners(db: DB): Promise<Owner[]> {
  const rows = await db
    .selectFrom("owners")
    .innerJoin("users", "users.id", "owners.user_id")
    .select(["users.email", "users.name", "owners.granted_at"])
    .orderBy("owners.granted_at")
    .orderBy("users.email")
    .execute();
  return rows.map((row) => ({
    email: row.email,
    name: row.name,
    grantedAt: toDate(row.granted_at),
  }));
}
