/** `npm run migrate` (to the latest) or `npm run migrate -- down` (undo the last migration). */
import { openDatabase } from "../db/index.ts";
import { migrateDown, migrateToLatest } from "../db/migrate.ts";
import { loadConfig } from "../server/config.ts";

const direction = process.argv[2] === "down" ? "down" : "latest";
const { db, engine } = openDatabase(loadConfig().databaseUrl);
try {
  const { results } = direction === "down" ? await migrateDown(db) : await migrateToLatest(db);
  for (const result of results ?? []) {
    console.log(
      `${result.direction === "Up" ? "applied" : "reverted"} ${result.migrationName} (${result.status})`,
    );
  }
  if (!results?.length) console.log(`Nothing to migrate on ${engine}.`);
} finally {
  await db.destroy();
}
