/**
 * Part of `npm test`: the layers point one way (README, Architecture). app/ and server/ use
 * core/, core/ uses db/, never the reverse, and routes never reach the database. Every import
 * (type-only ones too) in the source folders is resolved and checked against these rules; tests
 * are exempt (they may set up data through any layer). Exits 1 listing each wrong-way import.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** Which top-level folders (or sub-folders) may not import which. */
export const LAYER_RULES: { from: string; mayNotImport: string[]; why: string }[] = [
  { from: "core", mayNotImport: ["app", "server"], why: "rules know nothing of HTTP or pages" },
  { from: "db", mayNotImport: ["core", "app", "server"], why: "data knows nothing above it" },
  { from: "app/routes", mayNotImport: ["db"], why: "routes never query: they call core" },
];

const SOURCE_FOLDERS = ["app", "server", "core", "db"];
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function sourceFiles(root: string): string[] {
  return SOURCE_FOLDERS.flatMap((folder) => {
    try {
      return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
        .filter(
          (entry) => !/\.test\.tsx?$/.test(entry.name) && !entry.parentPath.includes("+types"),
        )
        .map((entry) => join(entry.parentPath, entry.name));
    } catch {
      return [];
    }
  });
}

const within = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

export function wrongWayImports(root: string): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(root)) {
    const from = relative(root, file).split(sep).join("/");
    const rules = LAYER_RULES.filter((rule) => within(from, rule.from));
    if (rules.length === 0) continue;
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(IMPORT)) {
      if (!specifier?.startsWith(".")) continue;
      const target = relative(root, resolve(dirname(file), specifier))
        .split(sep)
        .join("/");
      for (const rule of rules) {
        const layer = rule.mayNotImport.find((folder) => within(target, folder));
        if (layer)
          problems.push(
            `${from} imports ${target}: ${rule.from} may not use ${layer} (${rule.why})`,
          );
      }
    }
  }
  return problems;
}

if (import.meta.main) {
  const problems = wrongWayImports(join(import.meta.dirname, ".."));
  for (const problem of problems) console.error(`✗ ${problem}`);
  if (problems.length === 0) console.log("Layers: every import points the right way.");
  process.exit(problems.length > 0 ? 1 : 0);
}
