import { DatabaseSync, backup as sqliteBackup } from "node:sqlite";

/**
 * Copies a live SQLite database with SQLite's online backup API: consistent even
 * while the site writes, unlike copying the file. PostgreSQL has pg_dump for the same job.
 */
export async function backupSqlite(sourcePath: string, destinationPath: string): Promise<number> {
  const source = new DatabaseSync(sourcePath, { readOnly: true });
  try {
    return await sqliteBackup(source, destinationPath);
  } finally {
    source.close();
  }
}
