import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { resolveAuthSecret } from "./secret.ts";

describe("resolveAuthSecret", () => {
  const directory = mkdtempSync(join(tmpdir(), "ielts-hub-secret-"));
  afterEach(() => rmSync(join(directory, "auth-secret"), { force: true }));

  it("uses AUTH_SECRET when it is set", () => {
    const secret = "x".repeat(40);
    expect(resolveAuthSecret(loadConfig({ AUTH_SECRET: secret, DATA_DIR: directory }))).toBe(
      secret,
    );
  });

  it("otherwise generates one, keeps it readable by the owner only, and reuses it", () => {
    const config = loadConfig({ DATA_DIR: directory });
    const first = resolveAuthSecret(config);
    expect(first.length).toBeGreaterThanOrEqual(48);
    expect(statSync(join(directory, "auth-secret")).mode & 0o077).toBe(0);
    expect(readFileSync(join(directory, "auth-secret"), "utf8").trim()).toBe(first);
    expect(resolveAuthSecret(config)).toBe(first);
  });

  it("is never generated in production: the configuration refuses to load", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: directory })).toThrow(
      "AUTH_SECRET",
    );
  });
});
