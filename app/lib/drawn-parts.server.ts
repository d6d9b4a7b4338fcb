import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type AppContext, appContext } from "../context.server.ts";
import type { DrawnPart } from "./drawn-parts.ts";

type ContextProvider = { get: (key: typeof appContext) => AppContext };

/** 8 M characters (16 MB) of kept HTML: some 160 answers with 40 comments each (~50 KB). */
const KEPT_CHARACTERS = 8 * 1024 * 1024;

const kept = new LRUCache<string, string>({
  maxSize: KEPT_CHARACTERS,
  sizeCalculation: (html) => Math.max(1, html.length),
});

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
  let html = kept.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(draw());
    kept.set(key, html);
  }
  const page = context.get(appContext);
  page.drawnParts.set(id, html);
  return { id, html: page.wholePage ? null : html };
}
