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
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // The code two pages or more share, with what it imports (React, React Router), in one
        // chunk, rather than in a dozen small ones: each chunk a page asks for costs its main
        // thread a few milliseconds, a slow phone four times as many (decision 0027).
        codeSplitting: {
          groups: [{ name: "shared", test: /[\\/](app|core)[\\/]/, minShareCount: 2 }],
        },
      },
    },
  },
  environments: {
    // The server build bundles the whole server with the pages (server/entry.ts), so that every
    // module of app/, server/, core/ and db/ exists once at run time.
    ssr: { build: { rollupOptions: { input: "./server/entry.ts" } } },
  },
});
