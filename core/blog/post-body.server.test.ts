import { describe, expect, it } from "vitest";
import { composeIssueMail, renderIssueBody } from "../mail/newsletter-mail.server.ts";
import { headingLevelsUnder } from "../markdown.server.ts";
import { renderSiteMarkdown } from "../site/site-words.server.ts";
import { renderPostBody, renderPostBodyAbsolute } from "./post-body.server.ts";

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
    const html = renderPostBodyAbsolute(
      "[a post](/blog/jwt) ![a chart](/images/uploads/chart.webp) [elsewhere](https://ielts.org)",
      "https://ielts-hub.example",
    );
    expect(html).toContain('href="https://ielts-hub.example/blog/jwt"');
    expect(html).toContain('src="https://ielts-hub.example/images/uploads/chart.webp"');
    expect(html).toContain('href="https://ielts.org"');
  });
});

/** Every heading of some HTML in order, as "h2 Text": what a screen reader's list of headings reads. */
function headingsOf(html: string): string[] {
  return [...html.matchAll(/<(h[1-6])>(.*?)<\/\1>/g)].map(([, tag, text]) => `${tag} ${text}`);
}

/** A post written the way the editor's hint says: "## " for its sections, "### " under them. */
const SECTIONS =
  "Intro.\n\n## Planning\n\nPlan.\n\n### The first five minutes\n\nRead.\n\n## Writing\n\nWrite.";

describe("a post's headings under its title's h1", () => {
  it("start at h2 from whichever level the post uses, and keep their order", () => {
    expect(headingsOf(renderPostBody(SECTIONS))).toEqual([
      "h2 Planning",
      "h3 The first five minutes",
      "h2 Writing",
    ]);
    expect(headingsOf(renderPostBody("# Planning\n\n## Reading the task\n\n# Writing"))).toEqual([
      "h2 Planning",
      "h3 Reading the task",
      "h2 Writing",
    ]);
    expect(headingsOf(renderPostBody("### Only third-level headings\n\n### Another"))).toEqual([
      "h2 Only third-level headings",
      "h2 Another",
    ]);
  });

  it("close a gap the post leaves: a heading is at most one level below the one before", () => {
    // "####" straight under "##" is its subsection; the "###" after it is a sibling of it.
    expect(
      headingsOf(
        renderPostBody("## Task 1\n\n#### Charts\n\n#### Maps\n\n### Letters\n\n## Task 2"),
      ),
    ).toEqual(["h2 Task 1", "h3 Charts", "h3 Maps", "h3 Letters", "h2 Task 2"]);
    // A post that opens deeper than it goes on: its opening heading is a section of its own.
    expect(headingsOf(renderPostBody("### Before you start\n\n## Planning\n\n### Timing"))).toEqual(
      ["h2 Before you start", "h2 Planning", "h3 Timing"],
    );
  });

  it("are the same in the feed and in the newsletter mail, under the mail's h1", () => {
    // Written with "#" for its sections, and a gap under the first.
    const body =
      "# Planning\n\nPlan.\n\n### The first five minutes\n\nRead.\n\n# Writing\n\nWrite.";
    expect(headingsOf(renderPostBodyAbsolute(body, "https://ielts-hub.example"))).toEqual([
      "h2 Planning",
      "h3 The first five minutes",
      "h2 Writing",
    ]);
    const mail = composeIssueMail(
      { subject: "Planning a Task 2 essay", body },
      {
        to: "reader@example.com",
        unsubscribeUrl: "https://ielts-hub.example/unsubscribe?token=abc",
        post: {
          url: "https://ielts-hub.example/blog/planning",
          siteUrl: "https://ielts-hub.example",
        },
      },
    );
    expect(
      headingsOf((mail.html ?? "").replace(/<h1 [^>]*><a [^>]*>(.*?)<\/a><\/h1>/, "<h1>$1</h1>")),
    ).toEqual([
      "h1 Planning a Task 2 essay",
      "h2 Planning",
      "h3 The first five minutes",
      "h2 Writing",
    ]);
  });

  it("sit under a newsletter letter's subject the same way, in its mail and its preview", () => {
    const letter = "Dear reader,\n\n# This week\n\n### Listening\n\n# Next week";
    const expected = ["h2 This week", "h3 Listening", "h2 Next week"];
    expect(headingsOf(renderIssueBody(letter))).toEqual(expected);
    const mail = composeIssueMail(
      { subject: "Your December plan", body: letter },
      {
        to: "reader@example.com",
        unsubscribeUrl: "https://ielts-hub.example/unsubscribe?token=abc",
      },
    );
    expect(headingsOf(mail.html ?? "")).toEqual(expected);
  });

  it("count from the section's h2 on the site's own pages (About Me, the FAQ)", () => {
    expect(headingsOf(renderSiteMarkdown("## My method\n\n#### Feedback\n\n## My story"))).toEqual([
      "h3 My method",
      "h4 Feedback",
      "h3 My story",
    ]);
  });
});

describe("headingLevelsUnder", () => {
  it("places the levels under a heading with none skipped, deepest at h6", () => {
    expect(headingLevelsUnder(1, [])).toEqual([]);
    expect(headingLevelsUnder(1, [2, 2, 2])).toEqual([2, 2, 2]);
    expect(headingLevelsUnder(1, [1, 2, 3, 2, 1])).toEqual([2, 3, 4, 3, 2]);
    expect(headingLevelsUnder(1, [2, 4, 6, 4, 3, 5, 2])).toEqual([2, 3, 4, 3, 3, 4, 2]);
    expect(headingLevelsUnder(2, [4, 1])).toEqual([3, 3]);
    expect(headingLevelsUnder(1, [1, 2, 3, 4, 5, 6])).toEqual([2, 3, 4, 5, 6, 6]);
  });
});
