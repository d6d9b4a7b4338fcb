import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { KyselyPlugin, RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalogueIfEmpty } from "../../db/seed/index.ts";
import { createTestDatabase, type TestDatabase } from "../support/databases.ts";
import { freePort } from "../support/free-port.ts";
import { createTestApp } from "../support/test-app.ts";

const root = join(import.meta.dirname, "..", "..");

/** A Kysely plugin that notes every query run through the handle it is attached to. */
function queryRecorder(queries: RootOperationNode[]): KyselyPlugin {
  return {
    transformQuery: ({ node }) => {
      queries.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
}

describe("the server and the pages share one module graph", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    await seedCatalogueIfEmpty(database.db);
  });
  afterAll(() => database.drop());

  it("renders pages with the context key and the database handle the server set", async () => {
    const queries: RootOperationNode[] = [];
    const app = await createTestApp({
      ...database,
      db: database.db.withPlugin(queryRecorder(queries)),
    });
    // A loader that read another copy of `appContext` would find no value and fail the page.
    const page = await app.request("http://localhost/services");
    expect(page.status).toBe(200);
    expect((await page.text()).includes("Band 7 Intensive Weekend Bootcamp")).toBe(true);
    // The catalogue's loader queried through the very handle given to the server.
    expect(queries.some((node) => node.kind === "SelectQueryNode")).toBe(true);
    const pageQueries = queries.length;
    await app.request("http://localhost/api/services");
    expect(queries.length).toBeGreaterThan(pageQueries);
  });

  it("loads no source module of app, server, core or db beside the bundle when serving", async () => {
    const directory = mkdtempSync(join(tmpdir(), "ielts-hub-modules-"));
    const port = await freePort();
    const server = spawn(
      process.execPath,
      ["--import", "./tests/support/record-loaded-modules.ts", "server/index.ts"],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
        env: {
          ...process.env,
          // Vitest sets these two for itself; the server is started as `npm start` would be.
          NODE_ENV: "development",
          BASE_URL: `http://localhost:${port}`,
          PORT: String(port),
          SHUTDOWN_GRACE_MS: "0",
          DATABASE_URL: `file:${join(directory, "site.db")}`,
          DATA_DIR: directory,
        },
      },
    );
    try {
      let errors = "";
      server.stderr.on("data", (chunk: Buffer) => {
        errors += chunk.toString();
      });
      await new Promise<void>((resolve, reject) => {
        server.stdout.on("data", (chunk: Buffer) => {
          if (chunk.toString().includes("is serving")) resolve();
        });
        server.once("exit", (code) => reject(new Error(`The server exited (${code}): ${errors}`)));
      });
      for (const path of ["/", "/services", "/login", "/api/services"]) {
        expect((await fetch(`http://localhost:${port}${path}`)).status).toBe(200);
      }
    } finally {
      server.kill();
    }
    // Written by tests/support/record-loaded-modules.ts.
    const loadedFile = join(tmpdir(), `ielts-hub-loaded-modules-${server.pid}.txt`);
    const ownModules = readFileSync(loadedFile, "utf8")
      .split("\n")
      .filter((url) => url.startsWith("file:"))
      .map((url) => relative(root, fileURLToPath(url)).split("\\").join("/"))
      .filter((path) => !path.startsWith("node_modules/") && !path.startsWith(".."));
    rmSync(directory, { recursive: true, force: true });
    rmSync(loadedFile, { force: true });

    expect(ownModules).toContain("build/server/index.js");
    expect(ownModules.filter((path) => !path.startsWith("build/server/"))).toEqual([
      "server/index.ts",
    ]);
  });
});
