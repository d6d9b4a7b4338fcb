/**
 * `npm run backup -- <file>`: the whole database DATABASE_URL names, SQLite or PostgreSQL, as one
 * consistent file, taken while the site runs (db/backup.ts, decision 0044).
 */
import { NothingToBackUp, writeBackup } from "../db/backup.ts";
import { openDatabase } from "../db/index.ts";
import { loadConfig } from "../server/config.ts";
import { type CommandOutcome, runFromShell } from "./shell-command.ts";

const USAGE = "Usage: npm run backup -- <destination file>";

export async function runBackupCommand(
  args: string[],
  environment: Record<string, string | undefined>,
): Promise<CommandOutcome> {
  const [destination] = args;
  if (!destination || args.length > 1) return { code: 2, output: USAGE };
  const handle = openDatabase(loadConfig(environment).databaseUrl);
  try {
    const { engine, migration, tables, rows } = await writeBackup(handle, destination);
    return {
      code: 0,
      output: `Backed up ${rows} rows of ${tables} tables (${engine}, migration ${migration}) to ${destination}.`,
    };
  } catch (error) {
    if (error instanceof NothingToBackUp) return { code: 1, output: error.message };
    throw error;
  } finally {
    await handle.db.destroy();
  }
}

if (import.meta.main) await runFromShell(runBackupCommand);
