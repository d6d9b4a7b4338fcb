import { describe, expect, it } from "vitest";
import { renderPostBody, renderPostBodyForMail } from "./post-body.server.ts";

/** A tag with an attribute whose name starts with "on", reading every quoted value whole. */
const ATTRIBUTE_NAMED_ON = /<[a-z0-9]+(?:\s+[a-z-]+(?:="[^"]*")?)*\s+on[a-z]+\s*=/i;

/** Whatever the owner (or someone with their password) writes, the page runs none of it. */
describe("a post's Markdown", () => {
  it("shows raw HTML as text: no script, no handler, no frame", () => {
    const html = renderPostBody(
      [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "<iframe src=https://evil.example></iframe>",
        '<a href="javascript:alert(1)">x</a>',
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<(?:script|img|iframe)\b/i);
    // The bare address in the frame's text becomes an ordinary link; the javascript: one does not.
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).not.toMatch(ATTRIBUTE_NAMED_ON);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("keeps no javascript:, data:, vbscript: or unknown-scheme link or picture", () => {
    const html = renderPostBody(
      [
        "[a](javascript:alert(1))",
        "[b](JaVaScRiPt:alert(1))",
        "[c](java\tscript:alert(1))",
        "[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "[e](vbscript:msgbox)",
        "[f](intent://evil)",
        "![g](javascript:alert(1))",
        "![h](data:image/svg+xml;base64,PHN2Zz4=)",
        "<javascript:alert(1)>",
        '[i](https://example.com "x\\" onmouseover=\\"alert(1)")',
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/href="(?!https:\/\/example\.com)/);
    expect(html).not.toMatch(/src=/);
    expect(html).not.toMatch(/(?:href|src)="\s*(?:javascript|data|vbscript|intent):/i);
    // The quote in the title stays inside the attribute: no handler of its own.
    expect(html).toContain('title="x&quot; onmouseover=&quot;alert(1)"');
    expect(html).not.toMatch(ATTRIBUTE_NAMED_ON);
  });

  it("renders headings under the title, lists, links, pictures, quotes, code and tables", () => {
    const html = renderPostBody(
      [
        "# Band 7 in six weeks",
        "- one\n- two",
        "[The exam](https://ielts.org) and [a post](/blog/jwt) and [mail](mailto:t@example.com)",
        "![A chart of band scores](/images/uploads/chart.webp)",
        "> A quote",
        "```\nconst x = 1 < 2;\n```",
        "| a | b |\n|---|---|\n| 1 | 2 |",
      ].join("\n\n"),
    );
    expect(html).toContain("<h2>Band 7 in six weeks</h2>");
    expect(html).toContain("<li>one</li>");
    expect(html).toContain('<a href="https://ielts.org">The exam</a>');
    expect(html).toContain('<a href="/blog/jwt">a post</a>');
    expect(html).toContain('<a href="mailto:t@example.com">mail</a>');
    expect(html).toContain(
      '<img src="/images/uploads/chart.webp" alt="A chart of band scores" loading="lazy">',
    );
    expect(html).toContain("<blockquote>");
    expect(html).toContain("const x = 1 &lt; 2;");
    expect(html).toContain("<table>");
  });

  it("makes the site's own addresses absolute in a mail", () => {
    const html = renderPostBodyForMail(
      "[a post](/blog/jwt) ![a chart](/images/uploads/chart.webp) [elsewhere](https://ielts.org)",
      "https://ielts-hub.example",
    );
    expect(html).toContain('href="https://ielts-hub.example/blog/jwt"');
    expect(html).toContain('src="https://ielts-hub.example/images/uploads/chart.webp"');
    expect(html).toContain('href="https://ielts.org"');
  });
});
