/**
 * `npm run two-factor -- reset-unreadable`: after AUTH_SECRET had to be replaced (it leaked),
 * turns two-factor sign-in off for every account whose secret the new AUTH_SECRET cannot open,
 * and tells each person by mail to turn it on again (the server sends the mail once it runs).
 * Until then the server refuses to start (decision 0032). Run it with the environment `npm start`
 * uses: DATABASE_URL, AUTH_SECRET (or the generated one in DATA_DIR) and BASE_URL.
 */
import { turnOffUnreadableTwoFactor } from "../core/accounts/two-factor-keys.server.ts";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { resolveAuthSecret } from "../server/auth/secret.ts";
import { loadConfig } from "../server/config.ts";
import { type CommandOutcome, runFromShell } from "./shell-command.ts";

const USAGE = "Usage: npm run two-factor -- reset-unreadable";

export async function runTwoFactorCommand(
  args: string[],
  environment: Record<string, string | undefined>,
): Promise<CommandOutcome> {
  if (args.length !== 1 || args[0] !== "reset-unreadable") return { code: 2, output: USAGE };
  const config = loadConfig(environment);
  const { db } = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const reset = await turnOffUnreadableTwoFactor(db, resolveAuthSecret(config), config.baseUrl);
    if (reset.length === 0)
      return {
        code: 0,
        output: "AUTH_SECRET opens every account's two-factor sign-in: nothing to do.",
      };
    return {
      code: 0,
      output: [
        `Two-factor sign-in turned off for ${reset.length} account${reset.length === 1 ? "" : "s"} (each told by mail if it was on):`,
        ...reset.map(
          (account) => `  ${account.email}${account.enabled ? "" : " (was being set up)"}`,
        ),
      ].join("\n"),
    };
  } finally {
    await db.destroy();
  }
}

if (import.meta.main) await runFromShell(runTwoFactorCommand);
