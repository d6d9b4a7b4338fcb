import { describe, expect, it } from "vitest";
import { renderTaskPrompt } from "./task-prompt.server.ts";

/** Whatever the owner (or someone with their password) writes, the page runs none of it. */
describe("a Writing task's prompt", () => {
  it("shows raw HTML as text and keeps no javascript: link, as the blog's renderer does", () => {
    const html = renderTaskPrompt(
      [
        "<script>alert(1)</script>",
        '<img src=x onerror="alert(1)">',
        "[a](javascript:alert(1))",
        "![b](data:image/svg+xml;base64,PHN2Zz4=)",
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/<(?:script|img|iframe)\b/i);
    expect(html).not.toMatch(/href="(?:javascript|data):/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("keeps a line break as the test prints the prompt, line by line", () => {
    expect(renderTaskPrompt("Discuss both views.\nWrite at least 250 words.")).toBe(
      "<p>Discuss both views.<br>\nWrite at least 250 words.</p>\n",
    );
  });

  it("renders a letter's points as a list and puts headings under the task's title", () => {
    const html = renderTaskPrompt(
      "# The situation\n\nWrite to your friend. In your letter\n\n- say why\n- say when\n\n### Length\n\nAt least **150** words.",
    );
    expect(html).toContain("<h2>The situation</h2>");
    expect(html).toContain("<h3>Length</h3>");
    expect(html).toContain("<ul>\n<li>say why</li>\n<li>say when</li>\n</ul>");
    expect(html).toContain("<strong>150</strong>");
  });
});
