import { createContext } from "react";

/*
 * Parts of a page drawn on the server as HTML and kept (app/lib/drawn-parts.server.ts), for what
 * is large, changes seldom and needs no React in the browser: a marked answer's text with its
 * comments is hundreds of elements. Such a part is sent once. A whole page carries it in its
 * markup and leaves it out of the page's data (which would repeat it, escaped, in a script); the
 * browser takes it from the markup it hydrates. React Router's data for a page already open (a
 * navigation, or the answer to a form) carries it, to be put in place.
 */

/** A drawn part as a loader gives it: its element's id, and its HTML unless the page has it. */
export interface DrawnPart {
  id: string;
  /** Null in a whole page's data: the markup has it (`DrawnHtml` reads it there). */
  html: string | null;
}

/** On the server, a drawn part: its HTML, and that HTML as UTF-8, encoded once. */
export interface Drawn {
  html: string;
  bytes: Uint8Array;
}

/**
 * On the server, the ids of this page's drawn parts (`AppContext.drawnParts`), for `DrawnHtml`:
 * it leaves each part's place in the page's text, where the entry puts the part's bytes.
 */
export const DrawnPartsContext = createContext<{ has: (id: string) => boolean } | null>(null);

export const PLACE_OPENING = "<!--drawn part ";
export const PLACE_CLOSING = "-->";
/**
 * A drawn part's place in a page's text (a comment: the page's text never holds one of its own,
 * as React escapes `<` in text and attributes alike).
 */
export const drawnPartPlace = (id: string) => `${PLACE_OPENING}${id}${PLACE_CLOSING}`;
