import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerScriptPreloadPriority } from "./script-preload-priority.server.ts";

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowerScriptPreloadPriority()));
}

/** Cuts `page` into chunks of `size` bytes, so links and characters fall across the cuts. */
function cut(page: string, size: number): Buffer[] {
  const bytes = Buffer.from(page, "utf8");
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

describe("lowerScriptPreloadPriority", () => {
  const page =
    '<!DOCTYPE html><html><head><title>Cafés – IELTS Hub</title><link rel="modulepreload" href="/assets/a.js"/>' +
    '<link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/b.js"/></head>' +
    '<body><p>Écrit: <link rel="modulepreload" href="/in-body.js"/></p></body></html>';

  it("asks for the head's script preloads at low priority, however the page is cut", async () => {
    for (const size of [1, 3, 7, 64, 4096]) {
      const result = await through(cut(page, size));
      expect(result).toContain(
        '<title>Cafés – IELTS Hub</title><link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>',
      );
      expect(result).toContain(
        '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>',
      );
      expect(result).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
      // The body streams through as it came.
      expect(result).toContain('<p>Écrit: <link rel="modulepreload" href="/in-body.js"/></p>');
    }
  });

  it("passes a document without a head through unchanged", async () => {
    expect(await through(cut("<p>no head</p>", 4))).toBe("<p>no head</p>");
  });
});
