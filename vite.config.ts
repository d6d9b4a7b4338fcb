import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { publicFileVersionsModule } from "./scripts/public-file-versions.ts";
import { serverOnlyFolders } from "./scripts/server-only-folders.ts";

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // With React Router's own rule for `*.server.ts` modules: no server code in a browser chunk.
    serverOnlyFolders(import.meta.dirname, ["server", "db"]),
    publicFileVersionsModule(import.meta.dirname),
  ],
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server build bundles the whole server with the pages (server/entry.ts), so that every
    // module of app/, server/, core/ and db/ exists once at run time.
    ssr: { build: { rollupOptions: { input: "./server/entry.ts" } } },
  },
});
