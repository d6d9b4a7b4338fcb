/**
 * `npm run owner -- grant <email>`, `npm run owner -- revoke <email>`, `npm run owner -- list`:
 * the owner role, granted from the server's shell only, on the database DATABASE_URL names (the
 * same as `npm start` uses). The account must exist: the person registers on the site first.
 */
import {
  grantOwner,
  listOwners,
  ownerStanding,
  revokeOwner,
} from "../core/accounts/owners.server.ts";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { loadConfig } from "../server/config.ts";
import { type CommandOutcome, runFromShell } from "./shell-command.ts";

/** An owner's powers wait for two-factor sign-in (decision 0032): said when granting. */
export const SECOND_FACTOR_FIRST =
  "The role works once they turn on two-factor sign-in (Your account → Two-factor sign-in); until then Admin leads there.";

const USAGE = "Usage: npm run owner -- grant <email> | revoke <email> | list";

export async function runOwnerCommand(
  args: string[],
  environment: Record<string, string | undefined>,
): Promise<CommandOutcome> {
  const [command, email] = args;
  if (!(command === "list" || ((command === "grant" || command === "revoke") && email)))
    return { code: 2, output: USAGE };
  const { db } = openDatabase(loadConfig(environment).databaseUrl);
  try {
    await migrateToLatest(db);
    if (command === "list") {
      const owners = await listOwners(db);
      if (owners.length === 0) return { code: 0, output: "No owners yet." };
      return {
        code: 0,
        output: owners
          .map((owner) => `${owner.email} (${owner.name}), since ${owner.grantedAt.toISOString()}`)
          .join("\n"),
      };
    }
    const change =
      command === "grant" ? await grantOwner(db, email ?? "") : await revokeOwner(db, email ?? "");
    if (!change.ok)
      return {
        code: 1,
        output: `No account has the e-mail ${change.email}: register on the site first.`,
      };
    if (command === "grant") {
      const granted = change.changed
        ? `${change.email} is now an owner.`
        : `${change.email} was already an owner.`;
      return {
        code: 0,
        output:
          (await ownerStanding(db, change.userId)) === "needs-second-factor"
            ? `${granted}\n${SECOND_FACTOR_FIRST}`
            : granted,
      };
    }
    return {
      code: 0,
      output: change.changed
        ? `${change.email} is no longer an owner.`
        : `${change.email} was not an owner.`,
    };
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) await runFromShell(runOwnerCommand);
