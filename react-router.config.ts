import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The server build's entry is server/entry.ts (vite.config.ts): the HTTP app and the pages in
  // one bundle, loaded by server/index.ts.
  serverModuleFormat: "esm",
  // The browser gets every route's place in the manifest file (15 KB, 1.3 KB compressed, kept for
  // good) instead of each page carrying the part it links to, worked out per request, and each
  // new link asking the server (decision 0035).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
