import { relative, sep } from "node:path";
import type { Plugin } from "vite";

/**
 * A Vite plugin: the browser build fails when browser code imports a module from one of these
 * folders, whatever its name, as React Router's own check does for `*.server.ts` modules. The
 * server and the data layer never belong in a browser: their every module is server-only.
 */
export function serverOnlyFolders(root: string, folders: string[]): Plugin {
  const marker = "ielts-hub:server-only-folders";
  return {
    name: marker,
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    async resolveId(source, importer, options) {
      if (!importer || options.custom?.[marker]) return null;
      const resolved = await this.resolve(source, importer, {
        ...options,
        skipSelf: true,
        custom: { ...options.custom, [marker]: true },
      });
      if (!resolved || resolved.external) return resolved;
      const path = relative(root, resolved.id.split("?")[0] ?? "")
        .split(sep)
        .join("/");
      const folder = folders.find((name) => path.startsWith(`${name}/`));
      if (folder) {
        const from = relative(root, importer).split(sep).join("/");
        this.error(
          `Server-only module referenced by browser code: ${path} (every module in ${folder}/ is server-only), imported by ${from}`,
        );
      }
      return resolved;
    },
  };
}
