import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONFIGURATION_VARIABLES } from "./config.ts";

const root = join(import.meta.dirname, "..");
const readme = readFileSync(join(root, "README.md"), "utf8");
const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("## Architecture"));
/** The table's first column: the variables a deployment sets. */
const tabled = [...section.matchAll(/^\| `([A-Z_]+)`/gm)].map((match) => match[1]);
/** The paragraph under it: variables for tests and tools. */
const toolsParagraph = section.slice(section.indexOf("For tests and tools only"));
const documentedForTools = [...toolsParagraph.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]);

/** Every variable read through `process.env` by the repository's code reads, outside node_modules and the build. */
function environmentReads(): Set<string> {
  const names = new Set<string>();
  const folders = ["app", "server", "core", "db", "scripts", "tests"];
  const files = folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  files.push(join(root, "playwright.config.ts"), join(root, "vitest.config.ts"));
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) {
      if (match[1]) names.add(match[1]);
    }
  }
  return names;
}

describe("the README's configuration section", () => {
  it("lists every variable the server reads, and none it does not", () => {
    const documented = new Set([...tabled, ...documentedForTools]);
    expect(CONFIGURATION_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
    expect(tabled.filter((name) => !CONFIGURATION_VARIABLES.includes(name ?? ""))).toEqual([]);
  });

  it("names every other variable the code, tests and tools read", () => {
    // CI is the runner's own switch, set by every CI service; it is not ours to document.
    const read = [...environmentReads()].filter((name) => name !== "CI");
    const documented = new Set([...tabled, ...documentedForTools]);
    expect(read.filter((name) => !documented.has(name))).toEqual([]);
    expect(
      documentedForTools.filter(
        (name) => !read.includes(name ?? "") && !CONFIGURATION_VARIABLES.includes(name ?? ""),
      ),
    ).toEqual([]);
  });
});
