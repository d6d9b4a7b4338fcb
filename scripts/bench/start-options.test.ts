import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeOptionsOfStart } from "./start-options.ts";

function rootWithStart(start: string): string {
  const root = mkdtempSync(join(tmpdir(), "start-options-"));
  writeFileSync(join(root, "package.json"), JSON.stringify({ scripts: { start } }));
  return root;
}

describe("the Node options the benchmarks take from `npm start`", () => {
  it("are the repository's own: a heap ceiling among them", () => {
    const options = nodeOptionsOfStart(join(import.meta.dirname, "..", ".."));
    expect(options.some((option) => /^--max-old-space-size=\d+$/.test(option))).toBe(true);
  });

  it("are read after the build step, and none when there are none", () => {
    expect(
      nodeOptionsOfStart(rootWithStart("node build.ts && node --a=1 --b server/index.ts")),
    ).toEqual(["--a=1", "--b"]);
    expect(nodeOptionsOfStart(rootWithStart("node server/index.ts"))).toEqual([]);
  });

  it("stop the benchmark when the start script does not run server/index.ts with node", () => {
    expect(() => nodeOptionsOfStart(rootWithStart("tsx server/main.ts"))).toThrow(/start script/);
  });
});
