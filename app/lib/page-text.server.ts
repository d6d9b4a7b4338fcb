/**
 * The text of each page the entry rendered whole (app/entry.server.tsx), by its Response: the
 * server hashes the page's scripts and compresses it (server/app.ts) without reading back, as
 * bytes through a stream, the body it was just given as text. Anything reading the Response
 * itself (development, tests) still gets the same body.
 */
export const pageTexts = new WeakMap<Response, string>();
