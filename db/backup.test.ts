import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { latestServices } from "../core/services.server.ts";
import { backupSqlite } from "./backup.ts";
import { openDatabase } from "./index.ts";
import { migrateToLatest } from "./migrate.ts";
import { seedCatalogueIfEmpty } from "./seed/index.ts";

const directory = mkdtempSync(join(tmpdir(), "ielts-hub-backup-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

it("copies the live database, open connection and all, into a database that works", async () => {
  const live = openDatabase(`file:${join(directory, "live.db")}`);
  await migrateToLatest(live.db);
  await seedCatalogueIfEmpty(live.db);
  await backupSqlite(join(directory, "live.db"), join(directory, "copy.db"));
  await live.db.destroy();
  const copy = openDatabase(`file:${join(directory, "copy.db")}`);
  expect((await latestServices(copy.db)).map((s) => s.name)[0]).toBe(
    "Band 7 Intensive Weekend Bootcamp",
  );
  await copy.db.destroy();
});
