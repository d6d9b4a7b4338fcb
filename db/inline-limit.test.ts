import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../tests/support/databases.ts";
import { insertUser } from "../tests/support/fixtures.ts";
import { inlineLimit } from "./inline-limit.ts";

describe.each(engines)("a limit written into the query on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  const firstUsers = (count: number) =>
    database.db.selectFrom("users").select("email").orderBy("email").limit(inlineLimit(count));

  it("is in the text, not among the parameters, and limits", async () => {
    for (const n of [1, 2, 3]) await insertUser(database.db, { email: `user${n}@example.com` });
    const compiled = firstUsers(2).compile();
    expect(compiled.sql).toMatch(/ limit 2$/);
    expect(compiled.parameters).toEqual([]);
    expect(await firstUsers(2).execute()).toEqual([
      { email: "user1@example.com" },
      { email: "user2@example.com" },
    ]);
    expect(await firstUsers(0).execute()).toEqual([]);
  });

  it("takes only a whole number", () => {
    for (const wrong of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(() => inlineLimit(wrong)).toThrow(RangeError);
  });
});
