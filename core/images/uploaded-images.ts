/**
 * Uploaded pictures' rules the UI uses too (decision 0028): the limits, the refusal texts, and
 * the address of each WebP width, from which a page derives an image's `srcset`.
 */

/**
 * The cover of a course without an image, and what shows when a course's image fails to load
 * (public/images/services/course.svg).
 */
export const DEFAULT_COVER = "/images/services/course.svg";

export const MAX_IMAGE_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The widths made from an upload, never larger than the picture itself. */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;

/**
 * The picture types an upload may be: the server checks the content (sharp), a browser offers
 * only these in its file chooser and checks the chosen file's type before sending it.
 */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const IMAGE_TYPE_REFUSAL = "Please choose a JPEG, PNG or WebP image.";
export const IMAGE_SIZE_REFUSAL = "Please choose an image of at most 5 MB.";

const UPLOAD_PATH = /^\/images\/uploads\/([0-9a-f-]{36})-(\d{1,5})\.webp$/;

export function uploadedImagePath(imageId: string, width: number): string {
  return `/images/uploads/${imageId}-${width}.webp`;
}

/** The image id and width an address names, when it is one of ours. */
export function parseUploadedImagePath(path: string): { imageId: string; width: number } | null {
  const match = UPLOAD_PATH.exec(path);
  if (!match) return null;
  return { imageId: match[1] as string, width: Number(match[2]) };
}

/**
 * The widths stored for an upload whose largest width is `largest`: the standard widths below it,
 * and itself (an upload narrower than 1200 pixels is kept at its own width, never enlarged).
 */
export function uploadedWidths(largest: number): number[] {
  return [...IMAGE_WIDTHS.filter((width) => width < largest), largest];
}

/** `srcset` for an uploaded image's address (its largest width); undefined for any other image. */
export function uploadedImageSrcSet(url: string): string | undefined {
  const parsed = parseUploadedImagePath(url);
  if (!parsed) return undefined;
  return uploadedWidths(parsed.width)
    .map((width) => `${uploadedImagePath(parsed.imageId, width)} ${width}w`)
    .join(", ");
}

export function isUploadedImage(url: string): boolean {
  return parseUploadedImagePath(url) !== null;
}

/**
 * An uploaded picture's address as the site stores it (root-relative), when `url` is one on the
 * site's own `origin`: the JSON API's `img` is absolute, and a client that sends it back must
 * keep the picture (its `srcset`, and housekeeping knowing it is in use). Anything else is
 * returned as it is.
 */
export function ownUploadPath(url: string | undefined, origin: string): string | undefined {
  if (url === undefined || !url.startsWith(`${origin}/`)) return url;
  const path = url.slice(origin.length);
  return isUploadedImage(path) ? path : url;
}
