import { describe, expect, it } from "vitest";
import { cutAtWord, excerptFromBody, readingMinutes, slugify, tagNames } from "./post-rules.ts";

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
