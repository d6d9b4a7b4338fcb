import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, type Engine, openDatabase } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";

export const engines: Engine[] = ["sqlite", "postgres"];

export interface TestDatabase extends DatabaseHandle {
  url: string;
  /** Closes the connection and deletes the database. */
  drop: () => Promise<void>;
}

/** An empty database of the given engine, migrated to the latest schema unless told otherwise. */
export async function createTestDatabase(
  engine: Engine,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  let url: string;
  let cleanUp: () => Promise<void>;
  if (engine === "sqlite") {
    const directory = mkdtempSync(join(tmpdir(), "ielts-hub-sqlite-"));
    url = `file:${join(directory, "test.db")}`;
    cleanUp = async () => rmSync(directory, { recursive: true, force: true });
  } else {
    const adminUrl = inject("postgresAdminUrl");
    const name = `test_${crypto.randomUUID().replaceAll("-", "")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    cleanUp = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const handle = openDatabase(url);
  if (migrate) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    drop: async () => {
      await handle.db.destroy();
      await cleanUp();
    },
  };
}
