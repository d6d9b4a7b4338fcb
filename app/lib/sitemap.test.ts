import { describe, expect, it } from "vitest";
import { laterOf, sitemapXml, w3cDatetime } from "./sitemap.ts";

describe("sitemap", () => {
  it("writes a urlset with each address escaped", () => {
    expect(
      sitemapXml([{ loc: "https://ielts.example/services?page=2&x='<>\"", lastmod: "2026-11-23" }]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://ielts.example/services?page=2&amp;x=&apos;&lt;&gt;&quot;</loc><lastmod>2026-11-23</lastmod></url>\n</urlset>\n',
    );
  });

  it("dates to the second in UTC, taking the later of a revision day and a change", () => {
    const moment = new Date("2026-11-23T10:20:30.456Z");
    expect(w3cDatetime(moment)).toBe("2026-11-23T10:20:30Z");
    expect(laterOf("2026-11-22", moment)).toBe("2026-11-23T10:20:30Z");
    expect(laterOf("2026-11-24", moment)).toBe("2026-11-24");
    expect(laterOf("2026-11-24", undefined)).toBe("2026-11-24");
  });
});
