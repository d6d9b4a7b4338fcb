import type { Context } from "hono";
import { findImageVariant } from "../core/images/images.server.ts";
import { parseUploadedImagePath } from "../core/images/uploaded-images.ts";
import type { DB } from "../db/index.ts";

/**
 * `/images/uploads/{id}-{width}.webp`: an uploaded picture's width, from the database. An id's
 * bytes never change (a new upload is a new id), so a browser and any cache may keep it for good.
 */
export function serveUploadedImage(db: DB) {
  return async (c: Context) => {
    const parsed = parseUploadedImagePath(c.req.path);
    const bytes = parsed && (await findImageVariant(db, parsed.imageId, parsed.width));
    if (!bytes) {
      c.header("Cache-Control", "no-store");
      return c.text("Not found", 404);
    }
    return c.body(new Uint8Array(bytes), 200, {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Length": String(bytes.byteLength),
    });
  };
}
