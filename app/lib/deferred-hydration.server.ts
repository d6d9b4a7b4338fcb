const HEAD_END = "</head>";
const MODULE_PRELOAD_LINK = /<link rel="modulepreload"[^>]*>/g;
const HREF = / href="([^"]+)"/;
/** React Router's route-modules script, as React renders it (`<Scripts>`). */
const MODULE_SCRIPT = /(<script[^>]* type="module" async="">)([\s\S]*?)(<\/script>)/;
const MODULE_SCRIPT_ATTRIBUTES = ' type="module" async="">';
/** `import * as route0 from "…";` or `import "…";`, the two shapes React Router writes. */
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");$/gm;
const ANY_STATIC_IMPORT = /^\s*import\s*[^(\s]/m;

/**
 * A page with its hydration scripts held back until it has painted.
 *
 * The page is complete and usable without JavaScript (rendered on the server; every form posts),
 * so nothing the first paint needs comes from a script. React Router, though, asks for its ~125 KB
 * of modules in `<head>` (modulepreload links) and imports them statically at the end of
 * `<body>`: on a slow phone network they share the line with the stylesheet and the first
 * images, and their evaluation and hydration run before the first paint (Lighthouse: largest
 * paint 2.4 s, blocking time 0.5 s). Here the preload links leave the head, and the route-modules
 * script waits for the first frame to be painted, then preloads the same modules and imports them
 * dynamically: the same modules, in the same order, a moment later. React Router has no option
 * for either (decision 0027).
 *
 * React hydrates the script element as it is (a script without `src` is matched by position, and
 * its text is not compared); the links React renders again while hydrating find the modules loaded.
 * A document shaped otherwise (no head, a script with imports this does not know) passes unchanged.
 */
export function deferHydrationScripts(page: string): string {
  const headEnd = page.indexOf(HEAD_END);
  if (headEnd === -1) return page;
  const preloads: string[] = [];
  const head = page.slice(0, headEnd).replace(MODULE_PRELOAD_LINK, (link) => {
    const href = HREF.exec(link)?.[1];
    if (href) preloads.push(href);
    return "";
  });
  // The script is near the page's end: the search for it starts at its tag's attributes (text
  // and data in the page have their quotes and `>` escaped, so they cannot hold them), rather than
  // running the pattern over a whole page of a marked answer (0.3 ms of a 90 KB page).
  const attributes = page.indexOf(MODULE_SCRIPT_ATTRIBUTES, headEnd);
  const scriptAt = attributes === -1 ? -1 : page.lastIndexOf("<script", attributes);
  if (scriptAt < headEnd) return head + page.slice(headEnd);
  const script = page
    .slice(scriptAt)
    .replace(
      MODULE_SCRIPT,
      (_, open: string, content: string, close: string) =>
        open + afterFirstPaint(content, preloads) + close,
    );
  return head + page.slice(headEnd, scriptAt) + script;
}

/**
 * The route-modules script with its static imports made dynamic, run once the first frame is
 * painted, after preloading every module the head asked for.
 */
function afterFirstPaint(content: string, preloads: string[]): string {
  // In their order: a module's evaluation may depend on an earlier one's, as with static imports.
  const imports: string[] = [];
  const rest = content.replace(STATIC_IMPORT, (_, name: string | undefined, specifier: string) => {
    imports.push(`${name ? `const ${name} = ` : ""}await import(${specifier});`);
    return "";
  });
  // An import of another shape (none in React Router 8's production output) cannot be moved
  // safely: the script stays as it is.
  if (ANY_STATIC_IMPORT.test(rest)) return content;
  // Every preloaded module but the entry (which starts hydrating when it runs), each evaluated in
  // a task of its own, so that no single task keeps a slow phone from answering a tap for long.
  // React Router lists the entry's imports first (the runtime, then the code the pages share, see
  // vite.config.ts), then each route's module: mostly dependencies before their dependents.
  const entry = /^import\(("[^"]+")\);$/m.exec(rest)?.[1];
  const modules = preloads.filter((href) => JSON.stringify(href) !== entry);
  return [
    // requestAnimationFrame runs just before a frame is painted; the timeout, just after it.
    "await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));",
    `for (const href of ${JSON.stringify(preloads)}) {`,
    '  const link = document.createElement("link");',
    '  link.rel = "modulepreload";',
    "  link.href = href;",
    "  document.head.append(link);",
    "}",
    `for (const href of ${JSON.stringify(modules)}) {`,
    "  await import(href);",
    "  await (globalThis.scheduler?.yield?.() ?? new Promise((next) => setTimeout(next)));",
    "}",
    ...imports,
    rest,
  ].join("\n");
}
