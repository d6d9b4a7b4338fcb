/**
 * The entry point, run by Node as it is (never bundled). It loads the server (server/entry.ts)
 * through Vite in development and from the build otherwise, so the server and the pages share one
 * copy of every module.
 *
 * React picks its development or production build from NODE_ENV when first imported: the built
 * site always runs React's production build. NODE_ENV=production as the process was started also
 * means a public deployment (HTTPS-only headers and cookies, secrets required), so the server
 * reads the environment as it was before NODE_ENV is set here.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";

type ServerEntry = typeof import("./entry.ts");

const development = process.argv.includes("--dev");
const environment = { ...process.env };
process.env.NODE_ENV = development ? "development" : "production";
const root = join(import.meta.dirname, "..");

try {
  if (development) {
    const { createServer } = await import("vite");
    const vite = await createServer({ root, server: { middlewareMode: true } });
    const server = (await vite.ssrLoadModule("/server/entry.ts")) as ServerEntry;
    await server.serve({ environment, root, viteMiddleware: vite.middlewares });
  } else {
    const built = pathToFileURL(join(root, "build", "server", "index.js")).href;
    const server = (await import(built)) as ServerEntry;
    await server.serve({ environment, root });
  }
} catch (error) {
  // A configuration mistake is the operator's to fix: say what it is, without a stack.
  console.error(error instanceof Error && error.name === "ConfigError" ? error.message : error);
  process.exit(1);
}
