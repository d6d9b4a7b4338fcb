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

/** On the server, this page's drawn parts by id (`AppContext.drawnParts`), for `DrawnHtml`. */
export const DrawnPartsContext = createContext<ReadonlyMap<string, string> | null>(null);
