import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { checkDatabase, checkDataDirectory, portFailure } from "./start-up-failures.ts";

const folder = mkdtempSync(join(tmpdir(), "ielts-hub-start-up-unit-"));
const aFile = join(folder, "a-file");
writeFileSync(aFile, "not a folder\n");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the data folder at start-up", () => {
  const blocked = join(aFile, "data");

  it("is asked for only where the site writes: not at all with AUTH_SECRET and SMTP_URL set", () => {
    const config = loadConfig({
      DATA_DIR: blocked,
      AUTH_SECRET: "a".repeat(40),
      SMTP_URL: "smtp://mail.example:587",
    });
    expect(() => checkDataDirectory(config)).not.toThrow();
  });

  it("must take the outbox's mail without SMTP_URL, even with AUTH_SECRET set", () => {
    const config = loadConfig({ DATA_DIR: blocked, AUTH_SECRET: "a".repeat(40) });
    expect(() => checkDataDirectory(config)).toThrow(
      `The data folder ${blocked} (DATA_DIR) cannot be written (a file is in the way of a folder on its path): make it a folder this user can write, or set DATA_DIR to one`,
    );
  });

  it("is made when missing, and left with nothing of the check in it", () => {
    const fresh = join(folder, "fresh", "data");
    checkDataDirectory(loadConfig({ DATA_DIR: fresh }));
    expect(readdirSync(fresh)).toEqual(["outbox"]);
    expect(readdirSync(join(fresh, "outbox"))).toEqual([]);
  });
});

describe("the port at start-up", () => {
  it("says what to do when the user may not open it", () => {
    const refused = Object.assign(new Error("listen EACCES: permission denied 0.0.0.0:80"), {
      code: "EACCES",
    });
    expect(portFailure(80, refused).message).toBe(
      "Port 80 may not be opened by this user (permission denied): set PORT to 1024 or above, and let a reverse proxy take port 80",
    );
  });
});

describe("PostgreSQL at start-up", () => {
  it("gives up on a server that takes the connection and never answers", async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      await expect(
        checkDatabase(`postgres://site:secret@127.0.0.1:${port}/site`, 300),
      ).rejects.toThrow(
        `PostgreSQL at 127.0.0.1:${port} cannot be reached (no answer within 0.3 s): check that it runs and that this machine may reach it, or correct DATABASE_URL`,
      );
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
