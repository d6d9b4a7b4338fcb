import { setTimeout as delay } from "node:timers/promises";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/index.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";

/**
 * PostgreSQL keeps connections for writes apart (decision 0056): a crowd of reads holding every
 * connection of the pool, and more reads waiting for one, never keep a write waiting.
 */
describe("connections for writes on PostgreSQL", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    await database.drop();
  });

  it("answers a write at once while reads hold every other connection and more reads wait", async () => {
    let writing = false;
    const { db } = openDatabase(database.url, { writing: () => writing });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      // Ten slow reads take the pool's ten connections, and two more wait for one.
      const reads = Array.from({ length: 12 }, () =>
        db.connection().execute(async (connection) => {
          await sql`select 1`.execute(connection);
          await released;
        }),
      );
      await delay(200);
      writing = true;
      const written = db
        .insertInto("rate_limits")
        .values({ key: "write-connections-test", window_started_at: Date.now(), hits: 1 })
        .execute()
        .then(() => "written");
      writing = false;
      // The write is done while every read still holds or waits: no timer decides it.
      expect(await Promise.race([written, delay(5000).then(() => "still waiting")])).toBe(
        "written",
      );
      release();
      await Promise.all(reads);
    } finally {
      release();
      await db.destroy();
    }
  });
});
