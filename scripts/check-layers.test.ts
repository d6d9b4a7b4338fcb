import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { importCycles, wrongWayImports } from "./check-layers.ts";

describe("the layer check", () => {
  const root = mkdtempSync(join(tmpdir(), "ielts-hub-layers-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };

  it("accepts imports that point down the layers, and tests that reach anywhere", () => {
    write("db/index.ts", "export const db = 1;");
    write("core/catalogue/services.server.ts", 'import { db } from "../db/index.ts";');
    write("server/api.ts", 'import { x } from "../core/catalogue/services.server.ts";');
    write("app/routes/home.tsx", 'import { x } from "../../core/services.server.ts";');
    write("db/index.test.ts", 'import { x } from "../core/catalogue/services.server.ts";');
    // The server fills the pages' context, whose types name what it provides.
    write("server/app.ts", 'import { appContext } from "../app/context.server.ts";');
    write("app/context.server.ts", 'import type { Auth } from "../server/auth/index.ts";');
    write(
      "app/lib/calls.ts",
      'import type {\n  Auth,\n  SecurityLog,\n} from "../../server/auth/index.ts";',
    );
    expect(wrongWayImports(root)).toEqual([]);
  });

  it("refuses each wrong-way import, type-only and dynamic ones included", () => {
    write("core/leak.ts", 'import type { Auth } from "../server/auth/index.ts";');
    write("db/up.ts", 'const m = await import("../core/catalogue/services.server.ts");');
    write("app/routes/query.tsx", 'import { db } from "../../db/index.ts";');
    write("app/routes/login.tsx", 'import { log, type Log } from "../../server/log.ts";');
    write("server/pages.ts", 'export { Home } from "../app/routes/home.tsx";');
    expect(wrongWayImports(root).sort()).toEqual([
      "app/routes/login.tsx imports server/log.ts: app may not use server (pages get what the server provides through the request context (app/context.server.ts))",
      "app/routes/query.tsx imports db/index.ts: app/routes may not use db (routes never query: they call core)",
      "core/leak.ts imports server/auth/index.ts: core may not use server (rules know nothing of HTTP or pages)",
      "db/up.ts imports core/catalogue/services.server.ts: db may not use core (data knows nothing above it)",
      "server/pages.ts imports app/routes/home.tsx: server may not use app (the server reaches the pages through React Router's build and fills their context)",
    ]);
  });
});

describe("the cycle check", () => {
  const fixture = () => {
    const root = mkdtempSync(join(tmpdir(), "ielts-hub-cycles-"));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    return { root, write };
  };
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  it("accepts modules that share a type through a module below them, and tests that import back", () => {
    const { root, write } = fixture();
    roots.push(root);
    write("core/reviews/review-list.ts", "export type ReviewFilters = { stars?: number };");
    write(
      "core/reviews/course-reviews.server.ts",
      'import type { ReviewFilters } from "./review-list.ts";\nimport { countMatching } from "./review-tallies.server.ts";',
    );
    write(
      "core/reviews/review-tallies.server.ts",
      'import type { ReviewFilters } from "./review-list.ts";\nexport const countMatching = 1;',
    );
    write("core/review-tallies.server.test.ts", 'import { x } from "./course-reviews.server.ts";');
    expect(importCycles(root)).toEqual([]);
  });

  it("refuses a cycle, type-only imports and re-exports included, naming every module on it", () => {
    const { root, write } = fixture();
    roots.push(root);
    write(
      "core/reviews/course-reviews.server.ts",
      'import { countMatching } from "./review-tallies.server.ts";\nexport type ReviewQuery = {};',
    );
    write(
      "core/reviews/review-tallies.server.ts",
      'import type { ReviewQuery } from "./course-reviews.server.ts";\nexport const countMatching = 1;',
    );
    // Across folders and three modules long, closed by a re-export.
    write("server/api/reviews.ts", 'import { list } from "../../app/lib/lists.ts";');
    write("app/lib/lists.ts", 'import { page } from "../../db/pages.ts";');
    write("db/pages.ts", 'export { list } from "../server/api/reviews.ts";');
    write("db/alone.ts", 'import { alone } from "./alone.ts";');
    expect(importCycles(root)).toEqual([
      ["app/lib/lists.ts", "db/pages.ts", "server/api/reviews.ts", "app/lib/lists.ts"],
      [
        "core/reviews/course-reviews.server.ts",
        "core/reviews/review-tallies.server.ts",
        "core/reviews/course-reviews.server.ts",
      ],
      ["db/alone.ts", "db/alone.ts"],
    ]);
  });

  it("finds none in the real source tree", () => {
    expect(importCycles(join(import.meta.dirname, ".."))).toEqual([]);
  });
});
