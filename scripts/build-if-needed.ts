/**
 * `npm start` builds only when the sources changed since the last build: a fingerprint of every
 * file that goes into the build is kept beside it and compared on each start.
 */
import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = join(import.meta.dirname, "..");
const inputs = [
  "app",
  "core",
  "db",
  "public",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
];
const stampFile = join(root, "build", ".sources-hash");

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else yield path;
}

const hash = createHash("sha256");
for (const input of inputs) {
  for (const file of files(join(root, input))) {
    hash.update(relative(root, file));
    hash.update(readFileSync(file));
  }
}
const fingerprint = hash.digest("hex");
const built = existsSync(join(root, "build", "server", "index.js"));

if (built && existsSync(stampFile) && readFileSync(stampFile, "utf8") === fingerprint) {
  console.log("The build is up to date.");
} else {
  console.log("Building the site…");
  execSync("npm run build", { cwd: root, stdio: "inherit" });
  writeFileSync(stampFile, fingerprint);
}
