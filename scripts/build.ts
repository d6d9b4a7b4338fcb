/**
 * `npm run build`: the client and the server bundle (react-router build), precompressed files,
 * and a fingerprint of every input kept beside them, so that `npm start` and the tests rebuild
 * exactly when something that goes into the build changed (scripts/build-if-needed.ts).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");

/**
 * Everything the bundles are made from: the four source folders (tests aside, which no bundle
 * imports), the public files, and the configuration of the build and of the installed packages.
 */
const INPUTS = [
  "app",
  "server",
  "core",
  "db",
  "public",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "scripts/server-only-folders.ts",
  "scripts/public-file-versions.ts",
  "tsconfig.json",
];
const stampFile = join(root, "build", ".sources-hash");

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else if (!/\.test\.tsx?$/.test(path)) yield path;
}

export function sourceFingerprint(): string {
  const hash = createHash("sha256");
  for (const input of INPUTS) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest("hex");
}

/** Whether `build/` was made from the sources as they are now. */
export function buildIsCurrent(): boolean {
  return (
    existsSync(join(root, "build", "server", "index.js")) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, "utf8") === sourceFingerprint()
  );
}

function run(command: string, args: string[]) {
  // Always React's production build, also when started from a test run (Vitest sets NODE_ENV=test).
  const env = { ...process.env, NODE_ENV: "production" };
  execFileSync(command, args, { cwd: root, stdio: "inherit", env });
}

export function build() {
  // Taken before building: an edit made during the build leaves the stamp stale, as it should.
  const fingerprint = sourceFingerprint();
  run(join(root, "node_modules", ".bin", "react-router"), ["build"]);
  run(process.execPath, [join(root, "scripts", "compress-assets.ts")]);
  writeFileSync(stampFile, fingerprint);
}

if (import.meta.main) build();
