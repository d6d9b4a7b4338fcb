import {
  ACCEPTED_IMAGE_TYPES,
  IMAGE_SIZE_REFUSAL,
  IMAGE_TYPE_REFUSAL,
  MAX_IMAGE_UPLOAD_BYTES,
} from "../../../core/images/uploaded-images.ts";

/** What a file chooser is told to offer. */
export const PICTURE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(",");

/**
 * The server's refusal of a chosen file, said before it is sent: too large, or not a picture type
 * the server takes (by the type the browser names; the server still checks the content). The
 * size comes first, as on the server. An empty file is what a browser sends for "none chosen",
 * so it passes.
 */
export function pictureFileRefusal(file: { size: number; type: string }): string | null {
  if (file.size === 0) return null;
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return IMAGE_SIZE_REFUSAL;
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_REFUSAL;
  return null;
}
