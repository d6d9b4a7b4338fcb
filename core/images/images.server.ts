import sharp from "sharp";
import type { DB } from "../../db/index.ts";
import {
  IMAGE_SIZE_REFUSAL,
  IMAGE_TYPE_REFUSAL,
  IMAGE_WIDTHS,
  MAX_IMAGE_UPLOAD_BYTES,
  uploadedImagePath,
  uploadedWidths,
} from "./uploaded-images.ts";

/** A decompression bomb (a tiny file of a huge picture) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export interface PreparedImage {
  variants: { width: number; height: number; bytes: Uint8Array }[];
}

export type PreparedResult = { ok: true; image: PreparedImage } | { ok: false; message: string };

/**
 * Checks an uploaded file by its content (JPEG, PNG or WebP, at most 5 MB, at most 40 megapixels)
 * and makes its WebP widths: turned upright by its EXIF orientation, metadata stripped (sharp
 * keeps none unless asked), never enlarged. Nothing is stored here.
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedResult> {
  if (bytes.byteLength > MAX_IMAGE_UPLOAD_BYTES) return { ok: false, message: IMAGE_SIZE_REFUSAL };
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const;
  let width: number;
  try {
    const metadata = await sharp(bytes, options).metadata();
    if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format))
      return { ok: false, message: IMAGE_TYPE_REFUSAL };
    width = metadata.autoOrient?.width ?? metadata.width ?? 0;
    if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS)
      return { ok: false, message: IMAGE_TYPE_REFUSAL };
  } catch {
    return { ok: false, message: IMAGE_TYPE_REFUSAL };
  }
  if (width < 1) return { ok: false, message: IMAGE_TYPE_REFUSAL };
  const widths = uploadedWidths(Math.min(width, Math.max(...IMAGE_WIDTHS)));
  try {
    const variants = await Promise.all(
      widths.map(async (target) => {
        const { data, info } = await sharp(bytes, options)
          .rotate()
          .resize({ width: target, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { width: target, height: info.height, bytes: data };
      }),
    );
    return { ok: true, image: { variants } };
  } catch {
    return { ok: false, message: IMAGE_TYPE_REFUSAL };
  }
}

export type UploadResult =
  | { ok: true; image: PreparedImage | undefined }
  | { ok: false; message: string };

/**
 * The picture a multipart form sent in `name`, checked and resized by `prepareImage`: what the
 * page actions (Add, Edit, /admin, /account) and the JSON API (`POST`/`PATCH /api/services`)
 * all call. No file (or an empty one, which is what a browser sends when none was chosen) is
 * `image: undefined`.
 */
export async function readImageUpload(form: FormData, name: string): Promise<UploadResult> {
  const file = form.get(name);
  if (!(file instanceof File) || file.size === 0) return { ok: true, image: undefined };
  const prepared = await prepareImage(new Uint8Array(await file.arrayBuffer()));
  return prepared.ok ? { ok: true, image: prepared.image } : prepared;
}

/** Stores a prepared image under a new id; returns the address of its largest width. */
export async function storeImage(
  db: DB,
  image: PreparedImage,
  createdBy: string | null,
): Promise<string> {
  const imageId = crypto.randomUUID();
  const createdAt = new Date().toISOString();
  await db
    .insertInto("image_variants")
    .values(
      image.variants.map((variant) => ({
        image_id: imageId,
        width: variant.width,
        height: variant.height,
        bytes: variant.bytes,
        created_by: createdBy,
        created_at: createdAt,
      })),
    )
    .execute();
  const largest = image.variants[image.variants.length - 1];
  return uploadedImagePath(imageId, largest?.width ?? 0);
}

/** One stored width's WebP bytes, or undefined. */
export async function findImageVariant(
  db: DB,
  imageId: string,
  width: number,
): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom("image_variants")
    .select("bytes")
    .where("image_id", "=", imageId)
    .where("width", "=", width)
    .executeTakeFirst();
  return row?.bytes;
}
