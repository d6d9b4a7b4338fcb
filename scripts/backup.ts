/** `npm run backup -- <file>`: a consistent copy of the SQLite database, taken while it runs. */
import { backupSqlite } from "../db/backup.ts";
import { sqlitePath } from "../db/index.ts";
import { loadConfig } from "../server/config.ts";

const destination = process.argv[2];
const { databaseUrl } = loadConfig();
if (!destination) {
  console.error("Usage: npm run backup -- <destination file>");
  process.exit(2);
}
if (!databaseUrl.startsWith("file:")) {
  console.error("DATABASE_URL is PostgreSQL: back it up with pg_dump instead.");
  process.exit(2);
}
const pages = await backupSqlite(sqlitePath(databaseUrl), destination);
console.log(`Backed up ${pages} pages to ${destination}`);
