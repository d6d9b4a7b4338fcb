import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/**
 * Files outside /assets (the favicon, the catalogue's covers) keep their names when their content
 * changes: courses in the database point at them by name. So a page asks for them as
 * `/favicon.svg?v=<hash of the content>` (app/lib/versioned.ts, from the build's table), and only
 * an answer to the current hash may be kept for good (server/app.ts). The same function makes
 * the build's table (scripts/public-file-versions.ts) and the server's, so they agree.
 */
export function contentVersion(content: Uint8Array): string {
  return createHash("sha256").update(content).digest("base64url").slice(0, 12);
}

/**
 * URL path → content version of every file in `directory`, but built assets (already named by
 * their hash) and the precompressed copies that sit beside a file.
 */
export function publicFileVersions(directory: string): Map<string, string> {
  const versions = new Map<string, string>();
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const path = `/${relative(directory, file).split(sep).join("/")}`;
    if (path.startsWith("/assets/")) continue;
    versions.set(path, contentVersion(readFileSync(file)));
  }
  return versions;
}
