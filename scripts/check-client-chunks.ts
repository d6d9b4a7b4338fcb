/**
 * After the build (part of `npm test`): no browser chunk may carry server-only code or React's
 * development build, and no route's own chunk may pass 15 KB gzip (the performance budget).
 * Server-only code is recognised by strings only server libraries contain; a route chunk is the
 * module React Router loads for it.
 * Prints each route chunk's size; exits 1 on any problem.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const MAX_ROUTE_CHUNK_GZIP_BYTES = 15 * 1024;

/** Strings that appear in the server's libraries and never in code meant for a browser. */
export const SERVER_ONLY_MARKERS = [
  "ZodError", // zod: validation belongs to the server's actions
  "kysely", // the query builder
  "better-auth", // accounts
  "nodemailer",
  "node:sqlite",
  "argon2",
  "DATABASE_URL",
  "AUTH_SECRET",
];

/**
 * A string only React's development build holds: a build made with NODE_ENV other than
 * "production" ships it, and with it hydration warnings and a slower, larger React.
 */
export const REACT_DEVELOPMENT_MARKER = "A tree hydrated but some attributes";

export interface ChunkReport {
  problems: string[];
  routeSizes: { route: string; file: string; gzipBytes: number }[];
}

export function checkClientChunks(
  assetsDirectory: string,
  routeModules: { id: string; module: string }[],
): ChunkReport {
  const problems: string[] = [];
  for (const file of readdirSync(assetsDirectory).filter((name) => name.endsWith(".js"))) {
    const code = readFileSync(join(assetsDirectory, file), "utf8");
    for (const marker of SERVER_ONLY_MARKERS) {
      if (code.includes(marker)) problems.push(`${file} holds server-only code ("${marker}")`);
    }
    if (code.includes(REACT_DEVELOPMENT_MARKER))
      problems.push(`${file} holds React's development build`);
  }
  const routeSizes = routeModules.map(({ id, module }) => {
    const file = module.split("/").at(-1) ?? module;
    const gzipBytes = gzipSync(readFileSync(join(assetsDirectory, file))).length;
    if (gzipBytes > MAX_ROUTE_CHUNK_GZIP_BYTES) {
      problems.push(`${file} (${id}) is ${(gzipBytes / 1024).toFixed(1)} KB gzip, over 15 KB`);
    }
    return { route: id, file, gzipBytes };
  });
  return { problems, routeSizes };
}

if (import.meta.main) {
  const root = join(import.meta.dirname, "..");
  const { loadPageBuild } = (await import(
    join(root, "build", "server", "index.js")
  )) as typeof import("../server/entry.ts");
  const build = await loadPageBuild();
  const { problems, routeSizes } = checkClientChunks(
    join(root, "build", "client", "assets"),
    Object.values(build.assets.routes).filter((route) => route !== undefined),
  );
  for (const { route, gzipBytes } of routeSizes) {
    console.log(`${route.padEnd(24)} ${(gzipBytes / 1024).toFixed(1).padStart(5)} KB gzip`);
  }
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
