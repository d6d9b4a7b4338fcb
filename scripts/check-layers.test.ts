import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { wrongWayImports } from "./check-layers.ts";

describe("the layer check", () => {
  const root = mkdtempSync(join(tmpdir(), "ielts-hub-layers-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it("accepts imports that point down the layers, and tests that reach anywhere", () => {
    write("db/index.ts", "export const db = 1;");
    write("core/services.ts", 'import { db } from "../db/index.ts";');
    write("server/api.ts", 'import { x } from "../core/services.ts";');
    write("app/routes/home.tsx", 'import { x } from "../../core/services.ts";');
    write("db/index.test.ts", 'import { x } from "../core/services.ts";');
    expect(wrongWayImports(root)).toEqual([]);
  });

  it("refuses each wrong-way import, type-only and dynamic ones included", () => {
    write("core/leak.ts", 'import type { Auth } from "../server/auth/index.ts";');
    write("db/up.ts", 'const m = await import("../core/services.ts");');
    write("app/routes/query.tsx", 'import { db } from "../../db/index.ts";');
    expect(wrongWayImports(root).sort()).toEqual([
      "app/routes/query.tsx imports db/index.ts: app/routes may not use db (routes never query: they call core)",
      "core/leak.ts imports server/auth/index.ts: core may not use server (rules know nothing of HTTP or pages)",
      "db/up.ts imports core/services.ts: db may not use core (data knows nothing above it)",
    ]);
  });
});
