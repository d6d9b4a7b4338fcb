/**
 * `npm run restore -- <file> [--force]`: replaces everything in the database DATABASE_URL names
 * with a backup's rows, then migrates it to the latest schema (db/restore.ts, decision 0044).
 * Refuses (exit 2, nothing changed) a database that has accounts, unless `--force`.
 */
import { openDatabase } from "../db/index.ts";
import { BackupFileError, RestoreRefused, restoreBackup } from "../db/restore.ts";
import { loadConfig } from "../server/config.ts";
import { type CommandOutcome, runFromShell } from "./shell-command.ts";

const USAGE = "Usage: npm run restore -- <backup file> [--force]";

export async function runRestoreCommand(
  args: string[],
  environment: Record<string, string | undefined>,
): Promise<CommandOutcome> {
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  const [file] = files;
  if (!file || files.length > 1 || file.startsWith("-")) return { code: 2, output: USAGE };
  const handle = openDatabase(loadConfig(environment).databaseUrl);
  try {
    const summary = await restoreBackup(handle, file, { force });
    const forward =
      summary.migratedForward.length > 0
        ? `, then migrated forward through ${summary.migratedForward.at(-1)}`
        : "";
    return {
      code: 0,
      output: `Restored ${summary.rows} rows of ${summary.tables} tables from ${file} (made on ${summary.engine} at migration ${summary.migration}) into ${handle.engine}${forward}.`,
    };
  } catch (error) {
    if (error instanceof RestoreRefused) return { code: 2, output: error.message };
    if (error instanceof BackupFileError) return { code: 1, output: error.message };
    throw error;
  } finally {
    await handle.db.destroy();
  }
}

if (import.meta.main) await runFromShell(runRestoreCommand);
