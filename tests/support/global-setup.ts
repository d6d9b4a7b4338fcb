import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** One PostgreSQL server for the whole run; each test file makes its own database on it. */
export default async function setup(project: TestProject) {
  const postgres = await startPostgres();
  project.provide("postgresAdminUrl", postgres.adminUrl);
  return () => postgres.stop();
}
