/**
 * Part of `npm test`: the layers point one way (README, Architecture). app/ and server/ use
 * core/, core/ uses db/, never the reverse, and routes never reach the database; the server and
 * the pages meet only at the request context. Every import in the source folders (type-only and
 * dynamic ones too) is resolved and checked against these rules; tests are exempt (they may set
 * up data through any layer). No two modules import each other, however long the way round.
 * Exits 1 listing each wrong-way import and each import cycle.
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

/** Each module's imports of other source modules (type-only and dynamic ones too), by path. */
function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const modules = new Set(files.map((file) => relative(root, file).split(sep).join("/")));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const from = relative(root, file).split(sep).join("/");
    const targets = importsOf(readFileSync(file, "utf8"))
      .filter(({ specifier }) => specifier.startsWith("."))
      .map(({ specifier }) =>
        relative(root, resolve(dirname(file), specifier))
          .split(sep)
          .join("/"),
      )
      .filter((target) => modules.has(target));
    graph.set(from, [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * The import cycles among the source modules, one per tangle (a set of modules that all reach
 * each other): the shortest cycle through its first module by name, that module repeated at the
 * end. A cycle makes the order modules are evaluated in depend on which is imported first, and
 * says two modules are really one; a type-only import counts too, as it ties the modules just the
 * same. Breaking the reported cycle may reveal another in the same tangle.
 */
export function importCycles(root: string): string[][] {
  const graph = importGraph(root);
  return tangles(graph)
    .map((tangle) => shortestCycleThrough(graph, tangle))
    .sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
}

/** Tarjan's strongly connected components that hold a cycle: two modules or more, or a self-import. */
function tangles(graph: Map<string, string[]>): Set<string>[] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: Set<string>[] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    lowest.set(module, index.get(module) ?? 0);
    stack.push(module);
    onStack.add(module);
    for (const target of graph.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(module, Math.min(lowest.get(module) ?? 0, lowest.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowest.set(module, Math.min(lowest.get(module) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowest.get(module) !== index.get(module)) return;
    const component = new Set<string>();
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.add(member);
    } while (member !== module);
    if (component.size > 1 || graph.get(module)?.includes(module)) found.push(component);
  };
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) visit(module);
  return found;
}

/** A breadth-first walk inside the tangle from its first module back to itself. */
function shortestCycleThrough(graph: Map<string, string[]>, tangle: Set<string>): string[] {
  const start = [...tangle].sort()[0] ?? "";
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const module = queue[at] ?? "";
    for (const target of graph.get(module) ?? []) {
      if (!tangle.has(target)) continue;
      if (target === start) {
        const path = [module];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0] ?? "") ?? start);
        return [...path, start];
      }
      if (cameFrom.has(target)) continue;
      cameFrom.set(target, module);
      queue.push(target);
    }
  }
  return [start, start];
}

if (import.meta.main) {
  const root = join(import.meta.dirname, "..");
  const problems = wrongWayImports(root);
  for (const problem of problems) console.error(`✗ ${problem}`);
  const cycles = importCycles(root);
  for (const cycle of cycles)
    console.error(
      `✗ import cycle: ${cycle.join(" → ")} (move what they share into a module both import)`,
    );
  if (problems.length === 0 && cycles.length === 0)
    console.log("Layers: every import points the right way, and none goes round in a circle.");
  process.exit(problems.length > 0 || cycles.length > 0 ? 1 : 0);
}
