/**
 * Part of `npm test`: the layers point one way (README, Architecture). app/ and server/ use
 * core/, core/ uses db/, never the reverse, and routes never reach the database; the server and
 * the pages meet only at the request context. Every import in the source folders (type-only and
 * dynamic ones too) is resolved and checked against these rules; tests are exempt (they may set
 * up data through any layer). Exits 1 listing each wrong-way import.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** Which top-level folders (or sub-folders) may not import which. */
export const LAYER_RULES: {
  from: string;
  mayNotImport: string[];
  why: string;
  /** Modules of a forbidden layer that are allowed all the same. */
  except?: string[];
  /** Whether `import type` may cross (types vanish at run time). */
  typesMayCross?: boolean;
}[] = [
  { from: "core", mayNotImport: ["app", "server"], why: "rules know nothing of HTTP or pages" },
  { from: "db", mayNotImport: ["core", "app", "server"], why: "data knows nothing above it" },
  { from: "app/routes", mayNotImport: ["db"], why: "routes never query: they call core" },
  {
    from: "app",
    mayNotImport: ["server"],
    typesMayCross: true,
    why: "pages get what the server provides through the request context (app/context.server.ts)",
  },
  {
    from: "server",
    mayNotImport: ["app"],
    except: ["app/context.server.ts"],
    why: "the server reaches the pages through React Router's build and fills their context",
  },
];

const SOURCE_FOLDERS = ["app", "server", "core", "db"];
/** Static imports and re-exports (group 1: `type` when type-only; group 2: the specifier). */
const STATIC_IMPORT =
  /\b(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["']([^"']+)["']/g;

function importsOf(code: string): { specifier: string; typeOnly: boolean }[] {
  return [
    ...[...code.matchAll(STATIC_IMPORT)].map((m) => ({
      specifier: m[2] ?? "",
      typeOnly: Boolean(m[1]),
    })),
    ...[...code.matchAll(DYNAMIC_IMPORT)].map((m) => ({ specifier: m[1] ?? "", typeOnly: false })),
  ];
}

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
    for (const { specifier, typeOnly } of importsOf(readFileSync(file, "utf8"))) {
      if (!specifier.startsWith(".")) continue;
      const target = relative(root, resolve(dirname(file), specifier))
        .split(sep)
        .join("/");
      for (const rule of rules) {
        if (typeOnly && rule.typesMayCross) continue;
        if (rule.except?.includes(target)) continue;
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
