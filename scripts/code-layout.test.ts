import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layout a reader relies on (README, Finding things; decision 0052): core/ keeps its subjects
 * in folders with only the shared modules at its top, and no screen's module grows past what a
 * reader takes in at once.
 */
const root = join(import.meta.dirname, "..");
/** As `wc -l` counts: the line breaks, plus a last line without one. */
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

describe("the code's layout", () => {
  it("keeps at most 12 files at the top of core/, every subject in its own folder", () => {
    const top = readdirSync(join(root, "core"), { withFileTypes: true });
    const files = top.filter((entry) => entry.isFile()).map((entry) => entry.name);
    expect(files.length, `core/ holds ${files.join(", ")}`).toBeLessThanOrEqual(12);
    const subjects = top.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(subjects).toEqual(
      expect.arrayContaining(["accounts", "blog", "catalogue", "reviews", "site", "webhooks"]),
    );
  });

  it("has no route module over 400 lines", () => {
    const routes = join(root, "app", "routes");
    const tooLong = readdirSync(routes)
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => ({ name, lines: lineCount(readFileSync(join(routes, name), "utf8")) }))
      .filter(({ lines }) => lines > 400);
    expect(tooLong).toEqual([]);
  });
});
