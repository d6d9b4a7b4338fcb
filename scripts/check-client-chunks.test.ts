import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkClientChunks, REACT_DEVELOPMENT_MARKER } from "./check-client-chunks.ts";

describe("the browser-chunk check", () => {
  let directory = "";
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "ielts-hub-chunks-"));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it("passes small chunks of browser code", () => {
    writeFileSync(join(directory, "home-1.js"), "export const a = 1;");
    const report = checkClientChunks(directory, [
      { id: "routes/home", module: "/assets/home-1.js" },
    ]);
    expect(report.problems).toEqual([]);
    expect(report.routeSizes[0]?.gzipBytes).toBeGreaterThan(0);
  });

  it("fails a chunk that carries server-only code or React's development build, and a route chunk over 15 KB gzip", () => {
    writeFileSync(join(directory, "shared-2.js"), "class ZodError extends Error {}");
    writeFileSync(
      join(directory, "react-dom-4.js"),
      `console.error("${REACT_DEVELOPMENT_MARKER} didn't match the client properties.");`,
    );
    // Random text does not compress: 20 KB of it stays over 15 KB gzip.
    const noise = Array.from({ length: 20_000 }, () =>
      String.fromCharCode(33 + Math.floor(Math.random() * 90)),
    ).join("");
    writeFileSync(join(directory, "services-3.js"), `export const s = ${JSON.stringify(noise)};`);
    const report = checkClientChunks(directory, [
      { id: "routes/services", module: "/assets/services-3.js" },
    ]);
    expect(report.problems).toEqual([
      "react-dom-4.js holds React's development build",
      'shared-2.js holds server-only code ("ZodError")',
      expect.stringMatching(/^services-3\.js \(routes\/services\) is \d+\.\d KB gzip, over 15 KB$/),
    ]);
  });
});
