import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The server entry (server/index.ts) is plain TypeScript run by Node; the build only holds the app.
  serverModuleFormat: "esm",
} satisfies Config;
