import { describe, expect, it } from "vitest";
import {
  cutAtWord,
  excerptFromBody,
  readingMinutes,
  SLUG_PATTERN,
  slugify,
  tagNames,
} from "./post-rules.ts";

describe("a post's address", () => {
  it("is made from the title: lower case, accents dropped, hyphens between words", () => {
    expect(slugify("What is JWT, and how does it work?")).toBe("what-is-jwt-and-how-does-it-work");
    expect(slugify("  Café crème: Band 7.5 — in 6 weeks!  ")).toBe(
      "cafe-creme-band-7-5-in-6-weeks",
    );
    expect(slugify("???")).toBe("");
  });

  it("is cut at a hyphen to fit", () => {
    const slug = slugify("word ".repeat(40), 30);
    expect(slug.length).toBeLessThanOrEqual(30);
    expect(slug).toMatch(/^word(-word)*$/);
  });
});

describe("a post's summary", () => {
  it("is the first paragraph of prose, as plain text", () => {
    const body = [
      "# A heading",
      "![A picture](/images/a.webp)",
      "```\ncode\n\nmore code\n```",
      "The **first** paragraph, with [a link](https://example.com) and `code`.",
      "The second.",
    ].join("\n\n");
    expect(excerptFromBody(body)).toBe("The first paragraph, with a link and code.");
  });

  it("is cut at a word's end when the paragraph is long", () => {
    const excerpt = excerptFromBody("lorem ipsum ".repeat(100));
    expect(excerpt.length).toBeLessThanOrEqual(300);
    expect(excerpt).toMatch(/(ipsum|lorem)…$/);
    expect(cutAtWord("one two three", 8)).toBe("one two…");
  });
});

describe("reading time and tags", () => {
  it("counts about 200 words a minute, at least one", () => {
    expect(readingMinutes("word")).toBe(1);
    expect(readingMinutes("word ".repeat(1000))).toBe(5);
  });

  it("reads typed tags without blanks or repeats", () => {
    expect(tagNames(" Writing , speaking,, writing ,Band  9 ")).toEqual([
      "Writing",
      "speaking",
      "Band 9",
    ]);
  });
});

describe("a post's address at its limit", () => {
  it("keeps a title that fits exactly, and cuts one character over at the last hyphen past half", () => {
    expect(slugify("abc d", 5)).toBe("abc-d");
    expect(slugify("abc de", 5)).toBe("abc");
    expect(slugify("abcdef ghij", 8)).toBe("abcdef");
  });

  it("cuts inside a word when the last hyphen is at half the limit or before it", () => {
    expect(slugify("abcd efghij", 8)).toBe("abcd-efg");
    expect(slugify("ab cdefghij", 8)).toBe("ab-cdefg");
    expect(slugify("abcdefghijkl", 8)).toBe("abcdefgh");
  });

  it("drops the hyphens that punctuation leaves at either end", () => {
    expect(slugify("— Band 7? —")).toBe("band-7");
    expect(slugify("Ünïcödé ÀÇÇÉNTS")).toBe("unicode-accents");
    expect(slugify("IELTS_Writing/Task 2")).toBe("ielts-writing-task-2");
  });
});

describe("a post's summary from its Markdown", () => {
  const excerpt = (...blocks: string[]) => excerptFromBody(blocks.join("\n\n"));

  it("skips headings, rules, tables, pictures alone, fenced and indented code", () => {
    expect(
      excerpt(
        "## Heading",
        "###### Deep heading",
        "---",
        "* * *",
        "| Band | Words |\n| --- | --- |\n| 7 | 250 |",
        "![Only a picture](/a.webp)",
        "~~~\nfenced\n\nwith a blank line\n~~~",
        "    indented code",
        "\tcode after a tab",
        "Prose at last.",
      ),
    ).toBe("Prose at last.");
  });

  it("reads a paragraph whose first word only looks like a heading", () => {
    expect(excerpt("#hashtag is not a heading")).toBe("#hashtag is not a heading");
    expect(excerpt("--- dashes then words")).toBe("--- dashes then words");
  });

  it("takes Windows line ends as blank lines between paragraphs", () => {
    expect(excerptFromBody("First paragraph.\r\n\r\nSecond paragraph.")).toBe("First paragraph.");
    expect(excerptFromBody("First line\r\nsame paragraph.\r\rThird.")).toBe(
      "First line same paragraph.",
    );
  });

  it("turns Markdown into the words a reader sees", () => {
    expect(excerpt("> A quoted **bold** claim")).toBe("A quoted bold claim");
    expect(excerpt("- one\n* two\n+ three\n1. four\n2) five")).toBe("one two three four five");
    expect(excerpt("__strong__, *it*, _it_, ~~gone~~, `code` and ``a`b``")).toBe(
      "strong, it, it, gone, code and a`b",
    );
    expect(excerpt("See <https://example.com/a> or <mailto:teacher@example.com>.")).toBe(
      "See https://example.com/a or mailto:teacher@example.com.",
    );
    expect(excerpt("Not \\*emphasis\\* nor \\[a link\\] \\#1")).toBe(
      "Not *emphasis* nor [a link] #1",
    );
    expect(excerpt("A ![tiny](/t.webp) picture and [words](https://x.example) kept")).toBe(
      "A picture and words kept",
    );
    expect(excerpt("Spread\n   over\t\tlines")).toBe("Spread over lines");
  });

  it("is empty when the post has no prose", () => {
    expect(excerptFromBody("")).toBe("");
    expect(excerpt("# Only a heading", "![](/a.webp)")).toBe("");
  });

  it("fits a given length", () => {
    expect(excerptFromBody("one two three four", 10)).toBe("one two…");
  });
});

describe("a text cut at a word", () => {
  it("is left whole when it fits exactly", () => {
    expect(cutAtWord("exactly ten", 11)).toBe("exactly ten");
    expect(cutAtWord("exactly ten!", 11)).toBe("exactly…");
  });

  it("ends at the last space past half the room, without trailing punctuation", () => {
    expect(cutAtWord("Hello, world again", 8)).toBe("Hello…");
    expect(cutAtWord("Band 7; then 8", 9)).toBe("Band 7…");
    expect(cutAtWord("Well... maybe not", 9)).toBe("Well…");
  });

  it("cuts inside a long word when no space is past half the room", () => {
    expect(cutAtWord("ab cdefghijkl", 8)).toBe("ab cdef…");
    expect(cutAtWord("abcd efghijkl", 10)).toBe("abcd efgh…");
    expect(cutAtWord("abcde fghijkl", 10)).toBe("abcde fgh…");
    expect(cutAtWord("abcdef ghijkl", 10)).toBe("abcdef…");
  });
});

describe("reading time", () => {
  it("rounds to the nearest minute at 200 words a minute", () => {
    expect(readingMinutes("")).toBe(1);
    expect(readingMinutes("word ".repeat(299))).toBe(1);
    expect(readingMinutes("word ".repeat(300))).toBe(2);
    expect(readingMinutes("word ".repeat(499))).toBe(2);
    expect(readingMinutes("word ".repeat(500))).toBe(3);
  });

  it("counts the words a reader reads, not the Markdown around them", () => {
    const picture = "![a picture with many words in its alt text](/a.webp) ";
    expect(readingMinutes(`${picture.repeat(200)}${"word ".repeat(299)}`)).toBe(1);
  });
});

describe("typed tags", () => {
  it("keeps the first spelling of a repeated tag and squeezes inner spaces", () => {
    expect(tagNames("IELTS,ielts , Ielts")).toEqual(["IELTS"]);
    expect(tagNames("Task\t 2,  ,task 2")).toEqual(["Task 2"]);
    expect(tagNames("")).toEqual([]);
  });
});

describe("what an address may hold", () => {
  it("is lower-case words and digits joined by single hyphens", () => {
    for (const slug of ["band-7", "a", "ielts-writing-task-2", "2026"]) {
      expect(SLUG_PATTERN.test(slug), slug).toBe(true);
    }
    for (const slug of ["-band", "band-", "band--7", "Band-7", "band 7", "band_7", "", "bänd"]) {
      expect(SLUG_PATTERN.test(slug), slug).toBe(false);
    }
  });
});

describe("a summary's edge cases", () => {
  const excerpt = (...blocks: string[]) => excerptFromBody(blocks.join("\n\n"));

  it("keeps prose that only contains a heading's, a rule's or a table's marks", () => {
    expect(excerpt("Question # 2 asks about graphs.")).toBe("Question # 2 asks about graphs.");
    expect(excerpt("Wait for it ---")).toBe("Wait for it ---");
    expect(excerpt("Band 7 | Band 8 compared")).toBe("Band 7 | Band 8 compared");
    expect(excerpt(" Indented by one space.")).toBe("Indented by one space.");
  });

  it("skips a heading indented by up to three spaces", () => {
    expect(excerpt("  ## Indented heading", "Prose.")).toBe("Prose.");
  });

  it("splits paragraphs at a line holding only spaces", () => {
    expect(excerptFromBody("First.\n   \nSecond.")).toBe("First.");
  });

  it("reads numbered lists past nine, quotes without a space and short emphasis", () => {
    expect(excerpt("10. tenth item")).toBe("tenth item");
    expect(excerpt(">quoted without a space")).toBe("quoted without a space");
    expect(excerpt("a *b* c and **two words** and <http://example.com/plain>")).toBe(
      "a b c and two words and http://example.com/plain",
    );
  });

  it("removes a fence only from the start of a line to a closing fence at the start of a line", () => {
    expect(excerpt("```\ncode\n\nmore\n```", "Prose.")).toBe("Prose.");
    expect(excerpt("  ```\n  code\n\n  more\n  ```", "Prose.")).toBe("Prose.");
    expect(excerpt("```\ncode ``` still code\n```", "After.")).toBe("After.");
    expect(excerpt("Say ```this```.", "```\nfence\n```", "After.")).toBe("Say this.");
  });

  it("skips indented code that follows a fence directly", () => {
    expect(excerptFromBody("```\nx\n```\n    indented code\n\nProse.")).toBe("Prose.");
  });
});

describe("typed tags in other scripts", () => {
  it("tells apart tags that differ only in upper case, as ß and SS do", () => {
    expect(tagNames("Straße, Strasse")).toEqual(["Straße", "Strasse"]);
  });
});
