import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Below this a page gains nothing from compression. */
const SMALLEST = 1024;

/**
 * A whole page, compressed at once for a browser that accepts it: Brotli, else gzip. The page is
 * already whole in memory (its scripts were hashed), and one synchronous call costs a fraction of
 * a compression stream's bookkeeping. Measured on a course page (17 KB) and /services (35 KB):
 * Brotli quality 1 takes 0.10 and 0.20 ms for 5.2 and 8.9 KB, quality 3 0.21 and 0.46 ms for 4.8
 * and 8.0 KB, gzip level 3 0.17 and 0.37 ms for 4.8 and 8.4 KB. A page made for one visitor
 * (signed in, or setting a cookie) is compressed on every request, so it gets the fastest level:
 * quality 0 (a signed-in course page, 25 KB: 0.11 ms for 7.1 KB, quality 1 0.14 ms for 6.9 KB);
 * one the response cache may keep for everyone is compressed once, a little smaller.
 */
export function compressPage(
  page: Uint8Array<ArrayBuffer>,
  headers: Headers,
  acceptEncoding: string | undefined,
  { personal }: { personal: boolean },
): Uint8Array<ArrayBuffer> {
  if (page.byteLength < SMALLEST || !acceptEncoding) return page;
  headers.append("Vary", "Accept-Encoding");
  let body: Buffer;
  if (/\bbr\b/.test(acceptEncoding)) {
    body = brotliCompressSync(page, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: personal ? 0 : 3,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.byteLength,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    });
    headers.set("Content-Encoding", "br");
  } else if (/\bgzip\b/.test(acceptEncoding)) {
    body = gzipSync(page, { level: personal ? 1 : 3 });
    headers.set("Content-Encoding", "gzip");
  } else {
    return page;
  }
  headers.set("Content-Length", String(body.length));
  return new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
}
