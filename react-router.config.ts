import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The server build's entry is server/entry.ts (vite.config.ts): the HTTP app and the pages in
  // one bundle, loaded by server/index.ts.
  serverModuleFormat: "esm",
} satisfies Config;
