import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../tests/support/databases.ts";
import { insertUser } from "../tests/support/fixtures.ts";
import { precompiled } from "./precompiled.ts";

describe.each(engines)("a precompiled query on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  // Arguments in another order than the query's placeholders, beside a constant of the query's own.
  const usersNamed = precompiled((db, limit: number, name: string) =>
    db
      .selectFrom("users")
      .select(["name", "email"])
      .where("name", "=", name)
      .where("email", "like", "%@example.com")
      .orderBy("email")
      .limit(limit),
  );

  it("binds each run's own arguments in their places, the query's constants kept", async () => {
    const { db } = database;
    await insertUser(db, { name: "Ada", email: "ada1@example.com" });
    await insertUser(db, { name: "Ada", email: "ada2@example.com" });
    await insertUser(db, { name: "Ada", email: "ada@elsewhere.org" });
    await insertUser(db, { name: "Bea", email: "bea@example.com" });
    expect(await usersNamed(db, 10, "Ada")).toEqual([
      { name: "Ada", email: "ada1@example.com" },
      { name: "Ada", email: "ada2@example.com" },
    ]);
    expect(await usersNamed(db, 1, "Ada")).toEqual([{ name: "Ada", email: "ada1@example.com" }]);
    expect(await usersNamed(db, 10, "Bea")).toEqual([{ name: "Bea", email: "bea@example.com" }]);
    expect(await usersNamed(db, 10, "Nobody")).toEqual([]);
  });
});
