import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../support/free-port.ts";

/**
 * What stops the start and is the operator's to fix (issue 35, point 3; decision 0051): the built
 * server, started as `npm start` starts it, says what and what to do in one line on stderr, with
 * no stack, and exits with 1. With WEB_CONCURRENCY=2 the supervisor does the same: the first
 * process says it, and the supervisor ends with its code.
 */

const root = join(import.meta.dirname, "..", "..");

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `node server/index.ts` and waits for it to end (it is killed after 30 s). */
function startServer(environment: Record<string, string>): Promise<Ended> {
  const server = spawn(process.execPath, [join(root, "server/index.ts")], {
    env: {
      ...process.env,
      // Vitest sets BASE_URL (Vite's "/") in its own environment.
      BASE_URL: `http://127.0.0.1:${environment.PORT ?? 3000}`,
      NODE_ENV: "",
      SHUTDOWN_GRACE_MS: "0",
      ...environment,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  server.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  server.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const killer = setTimeout(() => server.kill("SIGKILL"), 30_000);
  return new Promise((resolve) => {
    server.once("close", (code) => {
      clearTimeout(killer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Exactly `line` on stderr, nothing but the log's own JSON lines on stdout, and exit code 1. */
function expectOneLine(ended: Ended, line: string) {
  expect(ended.stderr).toBe(`${line}\n`);
  expect(ended.code).toBe(1);
  const logged = ended.stdout.split("\n").filter(Boolean);
  for (const text of logged) {
    const entry = JSON.parse(text) as { level: string; msg: string };
    expect(entry.level, entry.msg).toBe("info");
  }
  expect(`${ended.stdout}${ended.stderr}`).not.toMatch(/^\s+at /m);
}

let folder: string;
/** A regular file, which a folder's path cannot go through. */
let aFile: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "ielts-hub-start-up-"));
  aFile = join(folder, "a-file");
  writeFileSync(aFile, "not a folder\n");
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each([
  ["one process", "1"],
  ["two processes under the supervisor", "2"],
])("a start that cannot go on, with %s", { timeout: 120_000 }, (_, processes) => {
  let dataDirectory: string;
  let databaseUrl: string;
  let port: number;
  const start = (environment: Record<string, string> = {}) =>
    startServer({
      WEB_CONCURRENCY: processes,
      PORT: String(port),
      DATA_DIR: dataDirectory,
      DATABASE_URL: databaseUrl,
      ...environment,
    });

  beforeAll(async () => {
    const own = mkdtempSync(join(folder, `processes-${processes}-`));
    dataDirectory = join(own, "data");
    databaseUrl = `file:${join(own, "site.db")}`;
    port = await freePort();
  });

  it("says the port is in use, and to stop the other server or set PORT", async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(port, resolve));
    try {
      expectOneLine(await start(), `Port ${port} is in use: stop the other server or set PORT`);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("says the data folder cannot be written, and why", async () => {
    const blocked = join(aFile, "data");
    expectOneLine(
      await start({ DATA_DIR: blocked }),
      `The data folder ${blocked} (DATA_DIR) cannot be written (a file is in the way of a folder on its path): make it a folder this user can write, or set DATA_DIR to one`,
    );
  });

  it("says a SQLite path cannot hold the database: a file on its way, a folder, a file of something else", async () => {
    const underAFile = join(aFile, "site.db");
    expectOneLine(
      await start({ DATABASE_URL: `file:${underAFile}` }),
      `The SQLite database ${underAFile} (DATABASE_URL) cannot be opened (a file is in the way of a folder on its path): set DATABASE_URL to a file: path in a folder this user can write`,
    );
    const aFolder = join(folder, `a-folder-${processes}`);
    mkdirSync(aFolder);
    expectOneLine(
      await start({ DATABASE_URL: `file:${aFolder}` }),
      `The SQLite database ${aFolder} (DATABASE_URL) cannot be opened (it is a folder): set DATABASE_URL to a file: path in a folder this user can write`,
    );
    const notes = join(folder, `notes-${processes}.txt`);
    writeFileSync(notes, "Band 7 vocabulary: mitigate, exacerbate, alleviate, …\n".repeat(200));
    expectOneLine(
      await start({ DATABASE_URL: `file:${notes}` }),
      `The SQLite database ${notes} (DATABASE_URL) cannot be opened (the file is not a SQLite database): set DATABASE_URL to the site's database file, or to a new file: path`,
    );
  });

  it("says PostgreSQL cannot be reached when nothing listens at its address", async () => {
    const nowhere = await freePort();
    expectOneLine(
      await start({ DATABASE_URL: `postgres://site:a-secret-password@127.0.0.1:${nowhere}/site` }),
      `PostgreSQL at 127.0.0.1:${nowhere} cannot be reached (connection refused): start PostgreSQL, or correct the host and port in DATABASE_URL`,
    );
  });

  it("says PostgreSQL refused the user or has no such database, never repeating the password", async () => {
    const admin = new URL(inject("postgresAdminUrl"));
    const where = `PostgreSQL at ${admin.hostname}:${admin.port}`;
    const wrongPassword = new URL(admin);
    wrongPassword.password = "not-the-password";
    const wrong = await start({ DATABASE_URL: wrongPassword.toString() });
    expectOneLine(
      wrong,
      `${where} refused the user "${admin.username}" (wrong user name or password): correct them in DATABASE_URL`,
    );
    expect(wrong.stderr).not.toContain("not-the-password");
    const noSuchDatabase = new URL(admin);
    noSuchDatabase.pathname = "/ielts_hub_never_created";
    const missing = await start({ DATABASE_URL: noSuchDatabase.toString() });
    expectOneLine(
      missing,
      `${where} has no database "ielts_hub_never_created": create it (createdb ielts_hub_never_created), or correct the database name in DATABASE_URL`,
    );
    expect(missing.stderr).not.toContain(decodeURIComponent(admin.password));
  });
});

describe("a configuration mistake", () => {
  it("is still named as before, without a stack", async () => {
    const ended = await startServer({
      PORT: String(await freePort()),
      LOG_LEVEL: "loud",
      DATA_DIR: join(folder, "config-data"),
      DATABASE_URL: `file:${join(folder, "config.db")}`,
    });
    expect(ended.code).toBe(1);
    expect(ended.stderr).toMatch(/^Invalid configuration:\n {2}LOG_LEVEL: [^\n]+\n$/);
    expect(ended.stderr).toContain('"fatal"');
    expect(ended.stdout).toBe("");
  });
});
