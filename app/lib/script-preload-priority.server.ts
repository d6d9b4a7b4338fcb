import { Transform } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload"/g;

/**
 * Passes a page through, asking for the scripts React Router preloads in <head> with
 * `fetchpriority="low"`. The page is complete and usable before they run (it is rendered on the
 * server and works without JavaScript), so on a slow phone network the stylesheet and the first
 * images, which the first paint waits for, go first, and the hydration scripts after them.
 * React Router renders those links itself and has no option for their priority.
 *
 * Only the <head> is rewritten: it is held until `</head>` has arrived (React writes the whole
 * head at once, with the shell), so a link split across two chunks is still found; the rest
 * streams through untouched.
 */
export function lowerScriptPreloadPriority(): Transform {
  // Bytes, not text, until the head is whole: a chunk may end inside a multi-byte character.
  let head: Buffer[] = [];
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head.push(chunk);
      const held = Buffer.concat(head);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return callback();
      done = true;
      head = [];
      const rewritten = held
        .subarray(0, end)
        .toString("utf8")
        .replace(MODULE_PRELOAD, '<link rel="modulepreload" fetchpriority="low"');
      callback(null, Buffer.concat([Buffer.from(rewritten, "utf8"), held.subarray(end)]));
    },
    flush(callback) {
      // A document without a </head> (never one of this site's) goes out as it came.
      callback(null, head.length > 0 ? Buffer.concat(head) : undefined);
    },
  });
}
