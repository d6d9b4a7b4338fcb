import { join } from "node:path";
import type { Plugin } from "vite";
import { publicFileVersions } from "../server/public-file-versions.ts";

const MODULE_ID = "virtual:public-file-versions";

/**
 * A Vite plugin: `import versions from "virtual:public-file-versions"` gives the content version
 * of every file in public/ (URL path → hash), taken when the module is built, for both the
 * browser and the server bundle, so that pages render the same versioned URLs on both sides.
 */
export function publicFileVersionsModule(root: string): Plugin {
  const resolved = `\0${MODULE_ID}`;
  return {
    name: "ielts-hub:public-file-versions",
    resolveId: (id) => (id === MODULE_ID ? resolved : null),
    load(id) {
      if (id !== resolved) return null;
      const versions = Object.fromEntries(publicFileVersions(join(root, "public")));
      return `export default ${JSON.stringify(versions)};`;
    },
  };
}
