import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "../context.server.ts";
import { drawnPart, pageBytes } from "./drawn-parts.server.ts";
import { type Drawn, drawnPartPlace } from "./drawn-parts.ts";

function Comment({ words }: { words: string }) {
  return <p className="note">{words}</p>;
}

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

describe("drawnPart", () => {
  const pageContext = (wholePage: boolean) => {
    const drawnParts = new Map<string, Drawn>();
    return {
      drawnParts,
      context: { get: () => ({ wholePage, drawnParts }) as unknown as AppContext },
    };
  };

  it("draws once for the same inputs, again when any of them changes", () => {
    const draw = vi.fn((words: string) => <Comment words={words} />);
    const { context } = pageContext(false);
    const first = drawnPart(context, "note", { words: "Spelling: <environment>" }, () =>
      draw("Spelling: <environment>"),
    );
    const again = drawnPart(context, "note", { words: "Spelling: <environment>" }, () =>
      draw("Spelling: <environment>"),
    );
    expect(first.html).toBe('<p class="note">Spelling: &lt;environment&gt;</p>');
    expect(again.html).toBe(first.html);
    expect(draw).toHaveBeenCalledTimes(1);
    const changed = drawnPart(context, "note", { words: "Spelling: environment" }, () =>
      draw("Spelling: environment"),
    );
    expect(changed.html).toBe('<p class="note">Spelling: environment</p>');
    expect(draw).toHaveBeenCalledTimes(2);
  });

  it("leaves the HTML out of a whole page's data and keeps it, with its bytes, for the page", () => {
    const { context, drawnParts } = pageContext(true);
    const part = drawnPart(context, "whole", { words: "Cars · 車" }, () => (
      <Comment words="Cars · 車" />
    ));
    expect(part).toEqual({ id: "whole", html: null });
    const kept = drawnParts.get("whole");
    expect(kept?.html).toBe('<p class="note">Cars · 車</p>');
    expect(text(kept?.bytes ?? new Uint8Array())).toBe(kept?.html);
  });
});
