import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type AppContext, appContext } from "../context.server.ts";
import { type Drawn, type DrawnPart, PLACE_CLOSING, PLACE_OPENING } from "./drawn-parts.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/** 24 MB of kept parts (their text and bytes): some 150 answers with 40 comments each. */
const KEPT_BYTES = 24 * 1024 * 1024;

const kept = new LRUCache<string, Drawn>({
  maxSize: KEPT_BYTES,
  sizeCalculation: ({ html, bytes }) => Math.max(1, html.length * 2 + bytes.byteLength),
});

const utf8 = new TextEncoder();

/**
 * A part of this page drawn on the server (app/lib/drawn-parts.ts), by the element whose id is
 * `id`: `draw()` as static HTML, drawn once for each value of `inputs` and then kept. `inputs`
 * must be everything the drawing depends on (it is keyed by a digest of them), so a change to any
 * of them draws it again and nothing stale can show; each server process keeps its own. The HTML
 * is kept for this page's render, and is in the page's data only when the answer is data, not a
 * whole page.
 */
export function drawnPart(
  context: ContextProvider,
  id: string,
  inputs: unknown,
  draw: () => ReactElement,
): DrawnPart {
  const key = `${id}:${createHash("sha256").update(JSON.stringify(inputs)).digest("base64url")}`;
  let drawn = kept.get(key);
  if (drawn === undefined) {
    const html = renderToStaticMarkup(draw());
    drawn = { html, bytes: utf8.encode(html) };
    kept.set(key, drawn);
  }
  const page = context.get(appContext);
  page.drawnParts.set(id, drawn);
  return { id, html: page.wholePage ? null : drawn.html };
}

/**
 * A whole page's bytes: its text, where the render left each drawn part's place
 * (`drawnPartPlace`), with the part's bytes put in. The parts are most of a marked answer's page
 * (50 of its 85 KB), and a page's text is copied whole and encoded to UTF-8 whenever it is
 * made: the parts' bytes, made once, are copied instead (decision 0063).
 */
export function pageBytes(
  text: string,
  parts: ReadonlyMap<string, Drawn>,
): Uint8Array<ArrayBuffer> {
  if (parts.size === 0) return utf8.encode(text);
  const pieces: Uint8Array[] = [];
  let from = 0;
  let searchFrom = 0;
  for (;;) {
    const at = text.indexOf(PLACE_OPENING, searchFrom);
    const end = at === -1 ? -1 : text.indexOf(PLACE_CLOSING, at + PLACE_OPENING.length);
    if (end === -1) break;
    searchFrom = end + PLACE_CLOSING.length;
    const part = parts.get(text.slice(at + PLACE_OPENING.length, end));
    if (!part) continue;
    pieces.push(utf8.encode(text.slice(from, at)), part.bytes);
    from = searchFrom;
  }
  pieces.push(utf8.encode(text.slice(from)));
  const bytes = new Uint8Array(pieces.reduce((length, piece) => length + piece.byteLength, 0));
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.byteLength;
  }
  return bytes;
}
