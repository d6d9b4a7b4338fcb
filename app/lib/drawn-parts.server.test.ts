import { describe, expect, it } from "vitest";
import { pageBytes } from "./drawn-parts.server.ts";
import { drawnPartPlace } from "./drawn-parts.ts";

const utf8 = new TextEncoder();
const part = (html: string) => ({ html, bytes: utf8.encode(html) });
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("pageBytes", () => {
  it("puts each drawn part's bytes in its place, in any script", () => {
    const parts = new Map([
      ["answer", part("<p>Cars “in” the centre · 車</p>")],
      ["measures", part("<dl><dt>Words</dt><dd>291</dd></dl>")],
    ]);
    const page = `<main><div id="answer">${drawnPartPlace("answer")}</div><h2>Measures – 2</h2><div id="measures">${drawnPartPlace("measures")}</div></main>`;
    expect(text(pageBytes(page, parts))).toBe(
      '<main><div id="answer"><p>Cars “in” the centre · 車</p></div><h2>Measures – 2</h2><div id="measures"><dl><dt>Words</dt><dd>291</dd></dl></div></main>',
    );
  });

  it("leaves a place it has no part for as it is, and goes on to the next", () => {
    const parts = new Map([["measures", part("<dl></dl>")]]);
    const page = `<div>${drawnPartPlace("gone")}</div><div>${drawnPartPlace("measures")}</div>`;
    expect(text(pageBytes(page, parts))).toBe(
      `<div>${drawnPartPlace("gone")}</div><div><dl></dl></div>`,
    );
  });

  it("is the text itself without parts", () => {
    expect(text(pageBytes("<p>Hello · world</p>", new Map()))).toBe("<p>Hello · world</p>");
  });
});
