import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { waitForSite } from "../../scripts/wait-for-site.ts";
import { freePort } from "./free-port.ts";

/**
 * A second server process, as `npm start` runs one, on the same database as the test's site (as
 * a second machine would be): started before the tests of the calling `describe` block and
 * stopped after them. Its `origin` is its own address and its BASE_URL; `environment` adds to
 * (or overrides) the variables it is started with.
 */
export function secondServerOn(
  site: { database: { url: string } },
  environment: Record<string, string> = {},
): { readonly origin: string } {
  let origin = "";
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [join(import.meta.dirname, "../../server/index.ts")], {
      env: {
        ...process.env,
        DATABASE_URL: site.database.url,
        PORT: String(port),
        SHUTDOWN_GRACE_MS: "0",
        BASE_URL: origin,
        NODE_ENV: "",
        ...environment,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    await waitForSite(`${origin}/api/`, { seconds: 15, server });
  }, 30_000);

  afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  });

  return {
    /** Known once the server started (in a test, not where the suite is declared). */
    get origin() {
      return origin;
    },
  };
}
