import { type Compilable, CompiledQuery } from "kysely";
import type { DB } from "./index.ts";

/**
 * A query run on every request, built and compiled once per database instead of on each run:
 * Kysely's builder and compiler cost more than SQLite takes to answer a lookup by key. `build`
 * receives stand-ins for the arguments, which it may only pass on as values (in `where`, `limit`,
 * …), never inspect; each run binds the real arguments in their places.
 */
export function precompiled<Args extends unknown[], Row>(
  build: (db: DB, ...args: Args) => Compilable<Row>,
): (db: DB, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<DB, CompiledQuery<Row>>();
  return async (db, ...args) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = build(db, ...(args.map((_, index) => standIn(index)) as Args)).compile();
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.parameters.map((value) => {
      const index = standIns.get(value as string);
      return index === undefined ? value : args[index];
    });
    const { rows } = await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters));
    return rows as Row[];
  };
}

/** Values no caller passes: a NUL-prefixed marker per argument position. */
const standIns = new Map<string, number>();
function standIn(index: number): string {
  const value = `\u0000precompiled-argument-${index}`;
  standIns.set(value, index);
  return value;
}
